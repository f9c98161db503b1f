import BoxOfficeCore
import Hummingbird

extension DiaryError {
    /// The status on the API: 401, 403, 409, 429, 404 or 503.
    var apiStatus: HTTPResponse.Status {
        switch self {
        // The token is good; the password confirming a change is not (401 would tell a client to drop its token).
        case .unauthorized(.wrongCurrentPassword): return .forbidden
        case .unauthorized: return .unauthorized
        case .conflict: return .conflict
        case .tooManyAttempts, .tooManySignups, .exportInProgress, .importInProgress: return .tooManyRequests
        case .notFound: return .notFound
        case .busy: return .serviceUnavailable
        }
    }

    /// The status on a page: as on the API, except that a refusal is 403 (a page never asks the browser for
    /// credentials with `WWW-Authenticate`; anonymous visitors are sent to the log-in page before this).
    var pageStatus: HTTPResponse.Status {
        if case .unauthorized = self { return .forbidden }
        return apiStatus
    }

    /// Seconds for `Retry-After`, when waiting helps.
    var retryAfterSeconds: Int? {
        switch self {
        case .tooManyAttempts(let seconds), .tooManySignups(let seconds), .busy(let seconds): return seconds
        // An export's snapshot usually ends within seconds; a slow download holds it longer.
        case .exportInProgress: return 10
        // As the server's own check of one import at a time (`ImportsInProgress`).
        case .importInProgress: return ImportsInProgress.retryAfterSeconds
        default: return nil
        }
    }
}
