import BoxOfficeCore
import FluentKit
import Foundation

/// A row of `diary_login_attempts`: one failed login.
final class DiaryLoginAttemptModel: Model, @unchecked Sendable {
    // @unchecked: FluentKit models are mutable classes; each instance is used by one task at a time.
    static let schema = "diary_login_attempts"

    @ID(key: .id) var id: UUID?
    @Field(key: "username_key") var usernameKey: String
    @Field(key: "attempted_at") var attemptedAt: Date

    init() {}
}
