/// The body a webhook receives, a hook's choice: BoxOffice's JSON, or the shape a chat service takes (the bodies are
/// made in `BoxOfficeApp`, `WebhookMessage+Body.swift`).
public enum WebhookFormat: String, CaseIterable, Codable, Hashable, Sendable {
    /// `{"kind","movieCode","title","date","text"}`.
    case json
    /// Discord's `{"content"}`.
    case discord
    /// Slack's incoming webhook `{"text"}`.
    case slack
    /// ntfy: the text as a plain body, the title in a `Title` header.
    case ntfy
}
