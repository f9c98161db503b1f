import FluentKit
import FluentSQL
import SQLKit

/// Adds `diary_users.diary_version`: a number every change to a user's notes or categories raises in its own
/// transaction, so instances sharing the database agree on when something derived from a diary is stale.
struct AddDiaryVersion: AsyncMigration {
    var name: String { "BoxOfficeStore.AddDiaryVersion" }

    func prepare(on database: any Database) async throws {
        try await database.schema(DiaryUserModel.schema)
            .field("diary_version", .int64, .required, .sql(.default(0)))
            .update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DiaryUserModel.schema).deleteField("diary_version").update()
    }
}
