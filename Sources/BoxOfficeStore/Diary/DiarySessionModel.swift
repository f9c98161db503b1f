import BoxOfficeCore
import FluentKit
import Foundation

/// A row of `diary_sessions`: only the SHA-256 of the cookie value is kept.
final class DiarySessionModel: Model, @unchecked Sendable {
    // @unchecked: FluentKit models are mutable classes; each instance is used by one task at a time.
    static let schema = "diary_sessions"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "csrf_token") var csrfToken: String
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "expires_at") var expiresAt: Date

    init() {}
}
