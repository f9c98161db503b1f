/// Diary failures that are not bad input (``BoxOfficeError/invalid(_:)``, a 400), as typed reasons: the surfaces
/// own the words.
public enum DiaryError: Error, Sendable, Equatable {
    /// Not signed in, a wrong password or an invalid token (HTTP 401 on the API; 403 for a wrong current password
    /// confirming a change, since the token itself is good).
    case unauthorized(Unauthorized)
    /// The request clashes with what is stored: a taken username or category name (HTTP 409).
    case conflict(Conflict)
    /// Too many failed logins for this username; try again after `retryAfterSeconds` (HTTP 429).
    case tooManyAttempts(retryAfterSeconds: Int)
    /// Too many sign-ups from this address of late; try again after `retryAfterSeconds` (HTTP 429).
    case tooManySignups(retryAfterSeconds: Int)
    /// The user has no such note, category or API token. Another user's answers exactly the same (HTTP 404).
    case notFound(Missing)
    /// An export of this user's diary is still being sent; one at a time per person, so nobody holds every
    /// snapshot connection (HTTP 429).
    case exportInProgress
    /// Another import of this user's is still being written, through this server or another on the same database;
    /// one at a time per person, so two cannot judge each other's notes as duplicates (HTTP 429).
    case importInProgress
    /// So many password checks are running and waiting on this server that another would wait too long: a flood of
    /// log-ins or sign-ups is answered at once instead of in a line without end (HTTP 503).
    case busy(retryAfterSeconds: Int)

    /// Why a request was not let in.
    public enum Unauthorized: Sendable, Equatable {
        /// Logging in with a wrong username or password (which of the two is never said).
        case wrongCredentials
        /// Changing the password with a wrong current one.
        case wrongCurrentPassword
        /// An API route called without `Authorization: Bearer <token>`.
        case missingToken
        /// A malformed, unknown or revoked API token.
        case invalidToken
        /// A page that needs a signed-in browser.
        case notSignedIn
    }

    /// What the request clashes with.
    public enum Conflict: Sendable, Equatable {
        /// The username (as typed) is taken, ignoring case.
        case usernameTaken(String)
        /// The user already has a category with this name, ignoring case.
        case categoryNameTaken(String)
        /// The category to delete has notes and nobody said what happens to them.
        case categoryHasNotes(name: String, count: Int)
    }

    /// What does not exist; the text is the id as given (possibly not even a UUID).
    public enum Missing: Sendable, Equatable {
        case note(String)
        case category(String)
        case apiToken(String)
        /// A film that is not on the user's watchlist (the movie code as given).
        case watchlistItem(String)
        case webhook(String)
    }
}
