import FluentKit

/// Creates `feed_secrets`: one row per person with a secret feed address, holding only the secret's SHA-256. The row
/// goes with its user.
struct CreateFeedSecrets: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateFeedSecrets" }

    func prepare(on database: any Database) async throws {
        try await database.schema(FluentFeedSecretRepository.table)
            .field("user_id", .uuid, .required, .references(DiaryUserModel.schema, .id, onDelete: .cascade))
            .field("secret_hash", .string, .required)
            .field("created_at", .datetime, .required)
            .compositeIdentifier(over: "user_id")
            .unique(on: "secret_hash", name: "uq_feed_secrets_secret_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FluentFeedSecretRepository.table).delete()
    }
}
