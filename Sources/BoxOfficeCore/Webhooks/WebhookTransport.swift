/// Sends one webhook request (over HTTP in the app; scripted in tests).
public protocol WebhookTransport: Sendable {
    /// POSTs `message` shaped for `format` to `url`, signed with `secret` when there is one. Never throws: what
    /// became of the request is the outcome.
    func send(_ message: WebhookMessage, format: WebhookFormat, to url: String, secret: String?) async
        -> WebhookSendOutcome
}

/// What became of one webhook request.
public enum WebhookSendOutcome: Hashable, Sendable {
    /// A 2xx answer.
    case delivered(status: Int)
    /// Any other answer, or no answer (`status` is then `nil`).
    case failed(status: Int?, error: String)
    /// The target may not be reached (a non-public address, or no address at all).
    case refused(WebhookTargetProblem)

    public var isDelivered: Bool {
        if case .delivered = self { return true }
        return false
    }

    /// The answer's HTTP status, if there was an answer.
    public var status: Int? {
        switch self {
        case .delivered(let status): return status
        case .failed(let status, _): return status
        case .refused: return nil
        }
    }
}
