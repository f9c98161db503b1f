/// The words of webhook messages (the surfaces own them; the app passes them in).
public protocol WebhookWording: Sendable {
    /// The message for a newly stored alert.
    func message(for alert: Alert) -> WebhookMessage
    /// The message of the account page's "send a test" button.
    func testMessage() -> WebhookMessage
    /// The daily digest: `chart`'s top 10 with rank changes.
    func digest(_ chart: Chart) -> WebhookMessage
}
