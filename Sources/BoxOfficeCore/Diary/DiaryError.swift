/// Diary failures that are not bad input (``BoxOfficeError/invalidParameter(_:)``, a 400), each with a message
/// fit for users in English and Korean (``message(in:)``): the API answers in English, the pages in their language.
public enum DiaryError: Error, Sendable, Equatable {
    /// Not signed in, a wrong password or an invalid token (HTTP 401 on the API).
    case unauthorized(Unauthorized)
    /// The request clashes with what is stored: a taken username or category name (HTTP 409).
    case conflict(Conflict)
    /// Too many failed logins for this username; try again after `retryAfterSeconds` (HTTP 429).
    case tooManyAttempts(retryAfterSeconds: Int)
    /// The user has no such note, category or API token. Another user's answers exactly the same (HTTP 404).
    case notFound(Missing)

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
    }

    /// The message in English, as the API sends it.
    public var message: String { message(in: .english) }

    /// A one-line message for people, in `language`.
    public func message(in language: Language) -> String {
        switch self {
        case .unauthorized(let reason): return reason.message(in: language)
        case .conflict(let conflict): return conflict.message(in: language)
        case .tooManyAttempts(let seconds): return Self.tooManyAttemptsMessage(retryAfterSeconds: seconds, in: language)
        case .notFound(let missing): return missing.message(in: language)
        }
    }

    static func tooManyAttemptsMessage(retryAfterSeconds seconds: Int, in language: Language) -> String {
        let minutes = max(1, (seconds + 59) / 60)
        switch language {
        case .english:
            return "Too many failed logins for this username. Try again in \(minutes) minute\(minutes == 1 ? "" : "s")."
        case .korean:
            return "이 아이디로 로그인에 너무 많이 실패했습니다. \(minutes)분 뒤에 다시 해 보세요."
        }
    }
}

extension DiaryError.Unauthorized {
    /// A one-line message for people, in `language`.
    public func message(in language: Language) -> String {
        let english = language == .english
        switch self {
        case .wrongCredentials:
            return english ? "Wrong username or password." : "아이디 또는 비밀번호가 틀렸습니다."
        case .wrongCurrentPassword:
            return english ? "The current password is wrong." : "지금 비밀번호가 틀렸습니다."
        case .missingToken:
            return english
                ? "This route needs an API token: send \"Authorization: Bearer <token>\" (create one with POST /api/v1/tokens)."
                : "이 경로에는 API 토큰이 필요합니다. \"Authorization: Bearer <토큰>\"을 보내세요 (토큰은 POST /api/v1/tokens 로 만듭니다)."
        case .invalidToken:
            return english ? "The API token is invalid or has been revoked." : "API 토큰이 올바르지 않거나 폐기되었습니다."
        case .notSignedIn:
            return english ? "Log in to see your diary." : "일기를 보려면 로그인해 주세요."
        }
    }
}

extension DiaryError.Conflict {
    /// A one-line message for people, in `language`.
    public func message(in language: Language) -> String {
        let english = language == .english
        switch self {
        case .usernameTaken(let name):
            return english ? "The username \"\(name)\" is taken." : "‘\(name)’ 아이디는 이미 쓰이고 있습니다."
        case .categoryNameTaken(let name):
            return english ? "You already have a category named \"\(name)\"." : "‘\(name)’ 분류가 이미 있습니다."
        case .categoryHasNotes(let name, let count):
            let number = NumberFormatting.thousands(count)
            return english
                ? "The category \"\(name)\" has \(number) note\(count == 1 ? "" : "s"): say whether to keep them without a category, move them to another category, or delete them."
                : "‘\(name)’ 분류에 기록 \(number)개가 있습니다. 기록을 분류 없이 남길지, 다른 분류로 옮길지, 함께 지울지 정해 주세요."
        }
    }
}

extension DiaryError.Missing {
    /// A one-line message for people, in `language`.
    public func message(in language: Language) -> String {
        let english = language == .english
        switch self {
        case .note(let id):
            return english ? "You have no note with id \(id.prefix(40))." : "ID가 \(id.prefix(40))인 기록이 없습니다."
        case .category(let id):
            return english ? "You have no category with id \(id.prefix(40))." : "ID가 \(id.prefix(40))인 분류가 없습니다."
        case .apiToken(let id):
            return english ? "You have no API token with id \(id.prefix(40))." : "ID가 \(id.prefix(40))인 API 토큰이 없습니다."
        }
    }
}
