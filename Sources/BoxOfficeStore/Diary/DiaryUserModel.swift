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
    /// Once bumped by every import to hold the user's row through it; unused since imports write in chunks (one
    /// per person at a time is a lease in `leases`, see `DiaryNoteImport`). Written 0 at sign-up.
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
