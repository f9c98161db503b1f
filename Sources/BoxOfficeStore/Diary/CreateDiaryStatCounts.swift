import FluentKit
import FluentSQL
import Foundation
import SQLKit

/// Creates `diary_stat_counts` (see ``DiaryStatCounts``) and counts every existing diary into it, one user at a
/// time and their notes in chunks, so memory stays flat however large the diaries.
struct CreateDiaryStatCounts: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateDiaryStatCounts" }

    func prepare(on database: any Database) async throws {
        let sql = try database.requireSQL()
        let postgres = sql.dialect.name == "postgresql"
        // Items compare by their bytes on both databases (names tie-break in code point order, as in Swift).
        let itemType: DatabaseSchema.DataType = postgres ? .custom("TEXT COLLATE \"C\"") : .string
        try await database.schema(DiaryStatCounts.schema)
            .field("user_id", .uuid, .required, .references(DiaryUserModel.schema, .id, onDelete: .cascade))
            .field("year", .int, .required)
            .field("dimension", .string, .required)
            .field("item", itemType, .required)
            .field("count", .int, .required)
            .unique(on: "user_id", "year", "dimension", "item", name: "uq_diary_stat_counts_item")
            .create()
        // Top directors and rewatched movies: the most counted first, then by item.
        try await sql.raw(
            """
            CREATE INDEX idx_diary_stat_counts_rank ON diary_stat_counts (user_id, year, dimension, "count" DESC, item)
            """
        ).run()

        try await DiaryUserWalk.forEach(on: sql) { try await DiaryStatCounts.build(userID: $0, on: database) }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DiaryStatCounts.schema).delete()
    }
}
