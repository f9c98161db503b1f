public import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Feed secrets' digests in `feed_secrets`, one row per person. Replacing is one upsert, so two rotations at once
/// leave exactly one secret (the later one).
struct FluentFeedSecretRepository: FeedSecretRepository {
    let database: any Database

    static let table = "feed_secrets"

    func replaceSecret(digest: String, userID: UUID, createdAt: Date) async throws {
        try await StorageFailure.run("replace a feed address", logger: database.logger) {
            try await database.requireSQL().raw(
                """
                INSERT INTO \(ident: Self.table) (user_id, secret_hash, created_at)
                VALUES (\(bind: userID), \(bind: digest), \(bind: createdAt))
                ON CONFLICT (user_id) DO UPDATE SET secret_hash = excluded.secret_hash, created_at = excluded.created_at
                """
            ).run()
        }
    }

    func userID(digest: String) async throws -> UUID? {
        try await StorageFailure.run("check a feed address", logger: database.logger) {
            // Not an account being deleted (closed), whose feed a request begun before the deletion may have made
            // again.
            try await database.requireSQL().raw(
                """
                SELECT f.user_id FROM \(ident: Self.table) f \
                JOIN \(ident: DiaryUserModel.schema) u ON u.id = f.user_id WHERE f.secret_hash = \(bind: digest) \
                AND u.username_key NOT LIKE \(bind: DiaryAccountDeletion.closedPattern) LIMIT 1
                """
            ).first()?.decode(column: "user_id", as: UUID.self)
        }
    }

    func secretCreatedAt(userID: UUID) async throws -> Date? {
        try await StorageFailure.run("read a feed address", logger: database.logger) {
            try await database.requireSQL().select().column("created_at").from(Self.table)
                .where("user_id", .equal, userID).first()?.decode(column: "created_at", as: Date.self)
        }
    }

    func removeSecret(userID: UUID) async throws -> Bool {
        try await StorageFailure.run("revoke a feed address", logger: database.logger) {
            let rows = try await database.requireSQL().raw(
                "DELETE FROM \(ident: Self.table) WHERE user_id = \(bind: userID) RETURNING user_id"
            ).all()
            return !rows.isEmpty
        }
    }
}

extension BoxOfficeDatabase {
    /// Secret feed addresses' digests, shared by every instance on this database.
    public func feedSecretRepository() -> any FeedSecretRepository {
        FluentFeedSecretRepository(database: database)
    }
}
