public import KOBIS

/// Errors the domain reports to the web app and the CLI, as typed reasons: the surfaces own the words.
public enum BoxOfficeError: Error, Sendable, Equatable {
    /// Bad input: a malformed, impossible, future or too-early date, an unknown filter value, a field that
    /// breaks a rule (HTTP 400).
    case invalid(InputProblem)
    /// Nothing there (HTTP 404).
    case notFound(Missing)
    /// KOBIS failed and nothing was stored to fall back on (HTTP 502/503).
    case upstream(KOBISError)
    /// The store failed. The text is a diagnostic for operators' logs, never shown to readers as it is.
    case storage(String)
    /// Too many questions of this kind are being worked out on this server; asked again after the seconds given, it
    /// will be answered (HTTP 503 with `Retry-After`).
    case busy(retryAfterSeconds: Int)

    /// What was not found.
    public enum Missing: Sendable, Equatable {
        /// The text is not a KOBIS movie code at all.
        case notAMovieCode(String)
        /// A well-formed code KOBIS knows no movie for.
        case movie(code: String)
        /// A well-formed code the archive holds nothing of (no chart row, no stored details), where only the store
        /// is read: the film may still be KOBIS's.
        case unarchivedMovie(code: String)
    }

    /// What KOBIS failed with, when `error` is a KOBIS failure (as the upstream throws it, or KOBIS's own).
    public static func upstreamReason(of error: any Error) -> KOBISError? {
        if case .upstream(let reason) = error as? BoxOfficeError { return reason }
        return error as? KOBISError
    }

    /// Bad input in `field`: shorthand for `.invalid(InputProblem(field, rule, value: value))`.
    public static func invalid(_ field: String?, _ rule: InputRule, value: String? = nil) -> BoxOfficeError {
        .invalid(InputProblem(field, rule, value: value))
    }
}

extension BoxOfficeError: CustomStringConvertible {
    /// A one-line diagnostic for logs and job reports; readers get words from the surfaces instead.
    public var description: String {
        switch self {
        case .invalid(let problem):
            return "invalid \(problem.field ?? "request")\(problem.value.map { " \"\($0)\"" } ?? ""): \(problem.rule)"
        case .notFound(let missing): return "not found: \(missing)"
        case .upstream(let error): return error.description
        case .storage(let detail): return detail
        case .busy(let seconds): return "busy: try again in \(seconds) s"
        }
    }
}
