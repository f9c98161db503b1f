import BoxOfficeCore
import FluentKit
import Foundation

/// A row of `diary_users`.
final class DiaryUserModel: Model, @unchecked Sendable {
    // @unchecked: FluentKit models are mutable classes; each instance is used by one task at a time.
    static let schema = "diary_users"

    @ID(key: .id) var id: UUID?
    /// As typed at sign-up.
    @Field(key: "username") var username: String
    /// `DiaryValidation.usernameKey(username)`: unique, so names differing only in case clash.
    @Field(key: "username_key") var usernameKey: String
    /// bcrypt.
    @Field(key: "password_hash") var passwordHash: String
    @Field(key: "created_at") var createdAt: Date
    /// When the account's import lease ends, in seconds since 1970 (0 or past: no import runs): one import per
    /// person at a time, on any instance (`DiaryNoteImport`). Stores from before held a count of imports here,
    /// always in the past as a time.
    @Field(key: "import_serial") var importSerial: Int
    /// Raised by every change to the user's notes or categories (see `DiaryVersionStore`).
    @Field(key: "diary_version") var diaryVersion: Int64

    init() {}

    init(_ user: DiaryUser, usernameKey: String, passwordHash: String) {
        id = user.id
        username = user.username
        self.usernameKey = usernameKey
        self.passwordHash = passwordHash
        createdAt = user.createdAt
        importSerial = 0
        diaryVersion = 0
    }

    func domain() throws -> DiaryUser {
        DiaryUser(id: try requireID(), username: username, createdAt: DiaryTime.normalized(createdAt))
    }
}
