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
    /// Any other answer, or no answer, summarised.
    case failed(WebhookFailure)
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
        case .failed(.answered(let status)): return status
        case .failed, .refused: return nil
        }
    }
}

/// Why a webhook request failed, as few words as help the hook's owner: never the socket's own error text, an
/// errno or an address (a delivery log that told them would make the server a port scanner for its readers).
public enum WebhookFailure: Hashable, Sendable {
    /// No connection: refused, unreachable, reset before an answer.
    case couldNotConnect
    /// No connection or no answer in time.
    case timedOut
    /// The TLS handshake failed (a certificate that does not fit the name, say).
    case secureConnectionFailed
    /// An answer other than 2xx (a redirect included: they are never followed).
    case answered(status: Int)
    /// The hook was turned off before the attempt.
    case turnedOff
    /// Anything else.
    case notDelivered

    /// The words stored in the delivery log (each surface words them in its reader's language).
    public var summary: String {
        switch self {
        case .couldNotConnect: return "could not connect"
        case .timedOut: return "timed out"
        case .secureConnectionFailed: return "secure connection failed"
        case .answered(let status): return "answered \(status)"
        case .turnedOff: return "the webhook is turned off"
        case .notDelivered: return "not delivered"
        }
    }
}
