import Hummingbird

/// Refusals of the web layer itself, worded per request by ``ErrorPresentation`` and ``ErrorStrings``.
enum WebError: Error, Sendable, Equatable {
    /// An address under `/api` that names no route (404).
    case noAPIRoute
    /// A method the address does not answer; `allow` lists those it does (405, with `Allow`).
    case methodNotAllowed(method: String, allow: String)
    /// A body over the route's limit, in KB (413).
    case bodyTooLarge(limitKB: Int)

    var status: HTTPResponse.Status {
        switch self {
        case .noAPIRoute: return .notFound
        case .methodNotAllowed: return .methodNotAllowed
        case .bodyTooLarge: return .contentTooLarge
        }
    }

    /// Headers the answer carries.
    var headers: HTTPFields {
        if case .methodNotAllowed(_, let allow) = self { return [.allow: allow] }
        return [:]
    }
}
