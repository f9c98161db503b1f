import BoxOfficeCore
import FluentKit
import Foundation

/// A row of `diary_api_tokens`: only the SHA-256 of the secret is kept.
final class DiaryAPITokenModel: Model, @unchecked Sendable {
    // @unchecked: FluentKit models are mutable classes; each instance is used by one task at a time.
    static let schema = "diary_api_tokens"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "name") var name: String
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "last_used_at") var lastUsedAt: Date?

    init() {}

    func domain() throws -> DiaryToken {
        DiaryToken(
            id: try requireID(), name: name, createdAt: DiaryTime.normalized(createdAt),
            lastUsedAt: lastUsedAt.map(DiaryTime.normalized))
    }
}
