import FluentKit
import FluentSQL
import Foundation
import SQLKit

/// Creates `diary_nation_fold` (see ``DiaryNationFold``) with its one row, folded for no origin: exactly how the
/// existing counts stand (notes without a nation under origin `unknown`). The migration cannot know which origin's
/// nations the store reads with, so the first store to read or write the diary with its origin folds every diary
/// over in a few set-based statements (``DiaryNationFold/ensure(origin:on:)``). It widens the partial index of the
/// `no-nation` counts to every year, so storing a nation finds the counts it moves.
struct CreateDiaryNationFold: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateDiaryNationFold" }

    func prepare(on database: any Database) async throws {
        let sql = try database.requireSQL()
        try await database.schema(DiaryNationFold.schema)
            .field("id", .int, .identifier(auto: false))
            .field("origin", .string)
            .create()
        try await sql.insert(into: DiaryNationFold.schema).columns("id", "origin").values(SQLBind(1), SQLLiteral.null)
            .run()
        try await sql.drop(index: "idx_diary_stat_counts_no_nation").run()
        try await sql.raw(
            """
            CREATE INDEX idx_diary_stat_counts_no_nation ON diary_stat_counts (item, user_id, year) \
            WHERE dimension = 'no-nation'
            """
        ).run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.requireSQL()
        // Back to counts resolved when read: every person's nation and origin counts unfolded first.
        if let origin = try await DiaryNationFold.origin(on: database) {
            try await DiaryNationFold.move(origin: origin, sign: -1, movieCodes: nil, on: database)
        }
        try await sql.drop(index: "idx_diary_stat_counts_no_nation").run()
        try await sql.raw(
            """
            CREATE INDEX idx_diary_stat_counts_no_nation ON diary_stat_counts (item, user_id) \
            WHERE dimension = 'no-nation' AND year = 0
            """
        ).run()
        try await database.schema(DiaryNationFold.schema).delete()
    }
}
