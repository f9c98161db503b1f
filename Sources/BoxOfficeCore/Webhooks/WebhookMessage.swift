/// One message for a webhook, before it is shaped for the hook's format (the bodies are made in `BoxOfficeApp`): an
/// alert, a test, or the daily digest.
public struct WebhookMessage: Codable, Hashable, Sendable {
    /// `opened`, `first`, …, `test` or `digest`: the `kind` of the JSON body.
    public var kind: String
    /// A short title (ntfy's `Title` header).
    public var title: String
    /// The whole message as text (Discord's `content`, Slack's `text`, ntfy's body).
    public var text: String
    /// The JSON body's other fields (`movieCode`, `title`, `date`, …), all strings.
    public var fields: [String: String]

    public init(kind: String, title: String, text: String, fields: [String: String] = [:]) {
        self.kind = kind
        self.title = title
        self.text = text
        self.fields = fields
    }
}
