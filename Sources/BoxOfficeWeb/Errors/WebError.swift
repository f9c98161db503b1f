import Hummingbird

/// Refusals of the web layer itself, worded per request by ``ErrorPresentation`` and ``ErrorStrings``.
enum WebError: Error, Sendable, Equatable {
    /// An address under `/api` that names no route (404).
    case noAPIRoute
    /// A method the address does not answer; `allow` lists those it does (405, with `Allow`).
    case methodNotAllowed(method: String, allow: String)
    /// A body over the route's limit, in KB (413).
    case bodyTooLarge(limitKB: Int)
    /// A form with more fields (or parts) than any page sends (400).
    case tooManyFormFields(limit: Int)
    /// An address with more query parameters than any page or operation reads (400).
    case tooManyQueryParameters(limit: Int)
    /// An address whose query is longer than any page makes, in bytes (400, as too many parameters are: every
    /// operation documents a 400, and a client that sent either has the same thing to mend).
    case queryTooLong(limitBytes: Int)
    /// Another import of this person's is being read or written; one at a time (429, with `Retry-After`).
    case importInProgress(retryAfterSeconds: Int)
    /// As many imports as this server reads at once are under way, whoever sent them (503, with `Retry-After`).
    case importsBusy(retryAfterSeconds: Int)
    /// An import's file arrived more slowly than any real upload (``UploadPace``) while it held a place (400, not 408:
    /// browsers send a request again, file and all, after a 408; what follows of the body is read and dropped, holding
    /// no place).
    case uploadTooSlow(bytesPerSecond: Int)

    var status: HTTPResponse.Status {
        switch self {
        case .noAPIRoute: return .notFound
        case .methodNotAllowed: return .methodNotAllowed
        case .bodyTooLarge: return .contentTooLarge
        case .tooManyFormFields, .tooManyQueryParameters, .queryTooLong, .uploadTooSlow: return .badRequest
        case .importInProgress: return .tooManyRequests
        case .importsBusy: return .serviceUnavailable
        }
    }

    /// Headers the answer carries.
    var headers: HTTPFields {
        switch self {
        case .methodNotAllowed(_, let allow): return [.allow: allow]
        case .importInProgress(let seconds), .importsBusy(let seconds): return [.retryAfter: String(seconds)]
        default: return [:]
        }
    }
}
