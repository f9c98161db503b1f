/// Diary failures that are not bad input (``BoxOfficeError/invalidParameter(_:)``, a 400) or a missing
/// object (``BoxOfficeError/notFound(_:)``, a 404), each with a message fit for users.
public enum DiaryError: Error, Sendable, Equatable {
    /// Not signed in, a wrong password or an invalid token (HTTP 401).
    case unauthorized(String)
    /// The request clashes with what is stored: a taken username or category name (HTTP 409).
    case conflict(String)
    /// Too many failed logins for this username; try again after `retryAfterSeconds` (HTTP 429).
    case tooManyAttempts(String, retryAfterSeconds: Int)

    /// A one-line message for people.
    public var message: String {
        switch self {
        case .unauthorized(let message), .conflict(let message), .tooManyAttempts(let message, _):
            return message
        }
    }
}
