import FluentKit
import SQLKit

/// Counts each diary's rows of names into `diary_stat_counts` (dimension `names`, see ``DiaryNameRows``), which
/// ``DiaryLimits/nameRows`` is decided by, after deleting the rows of names, movies and days no note counts any more
/// (the code before kept them at 0). Set-based statements over the counts.
struct CountDiaryNameRows: AsyncMigration {
    var name: String { "BoxOfficeStore.CountDiaryNameRows" }

    func prepare(on database: any Database) async throws {
        let sql = try database.requireSQL()
        try await sql.delete(from: DiaryStatCounts.schema)
            .where("dimension", .in, SQLBind.group(DiaryStatCounts.Dimension.deletedWhenEmpty.sorted()))
            .where("count", .equal, SQLBind(0)).run()
        // A store whose counts were first built by today's code already holds them: counted again, not twice.
        try await sql.delete(from: DiaryStatCounts.schema)
            .where("dimension", .equal, SQLBind(DiaryStatCounts.Dimension.names)).run()
        try await sql.raw(
            """
            INSERT INTO \(ident: DiaryStatCounts.schema) (user_id, year, dimension, item, count)
            SELECT user_id, 0, \(bind: DiaryStatCounts.Dimension.names), '', COUNT(*)
            FROM \(ident: DiaryStatCounts.schema) WHERE dimension IN (\(binds: DiaryNameRows.dimensions))
            GROUP BY user_id
            """
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await database.requireSQL().delete(from: DiaryStatCounts.schema)
            .where("dimension", .equal, SQLBind(DiaryStatCounts.Dimension.names)).run()
    }
}
