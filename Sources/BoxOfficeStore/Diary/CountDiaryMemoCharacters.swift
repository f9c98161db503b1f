import FluentKit
import SQLKit

/// Counts each diary's memo characters into `diary_stat_counts` (dimension `memo`, see ``DiaryStatCounts``), which
/// ``DiaryLimits/memoCharacters`` is decided by. One aggregate over the notes: `LENGTH` counts Unicode scalars on
/// both databases, as ``DiaryStatCounts/memoCharacters(_:)`` does in Swift.
struct CountDiaryMemoCharacters: AsyncMigration {
    var name: String { "BoxOfficeStore.CountDiaryMemoCharacters" }

    func prepare(on database: any Database) async throws {
        let sql = try database.requireSQL()
        // A store whose counts were first built by today's code already holds them: counted again, not twice.
        try await sql.delete(from: DiaryStatCounts.schema)
            .where("dimension", .equal, SQLBind(DiaryStatCounts.Dimension.memo)).run()
        try await sql.raw(
            """
            INSERT INTO \(ident: DiaryStatCounts.schema) (user_id, year, dimension, item, count)
            SELECT user_id, 0, \(bind: DiaryStatCounts.Dimension.memo), '', SUM(LENGTH(memo))
            FROM \(ident: DiaryNoteModel.schema) WHERE memo <> '' GROUP BY user_id
            """
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await database.requireSQL().delete(from: DiaryStatCounts.schema)
            .where("dimension", .equal, SQLBind(DiaryStatCounts.Dimension.memo)).run()
    }
}
