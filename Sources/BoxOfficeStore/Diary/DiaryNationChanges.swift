import FluentKit
import Foundation
import SQLKit

/// A nation the archive learns (or corrects) for a movie changes the statistics of every note of that movie written
/// without one (they count under the nation `movie_nations` knows, ``DiaryNationFold``). Raising those people's diary
/// version makes the statistics kept for them, on every instance, refresh at their next reading rather than at their
/// next change.
enum DiaryNationChanges {
    /// Raises the diary version of every user with a note of one of `movieCodes` that was written without a
    /// nation, and returns those of `movieCodes` that have such notes. Call it in the transaction that stores the
    /// nations.
    @discardableResult
    static func raiseVersions(movieCodes: [String], on database: any Database) async throws -> Set<String> {
        let sql = try database.requireSQL()
        var users: Set<UUID> = []
        var noted: Set<String> = []
        for start in stride(from: 0, to: movieCodes.count, by: chunk) {
            // The partial index `idx_diary_stat_counts_no_nation` (the dimension as its literal).
            let rows = try await sql.select().column("user_id").column("item").from(DiaryStatCounts.schema)
                .where(SQLRaw("dimension = 'no-nation' AND year = 0"))
                .where("item", .in, SQLBind.group(Array(movieCodes[start..<min(movieCodes.count, start + chunk)])))
                .where("count", .greaterThan, SQLBind(0))
                .all()
            for row in rows {
                users.insert(try row.decode(column: "user_id", as: UUID.self))
                noted.insert(try row.decode(column: "item", as: String.self))
            }
        }
        // In id order, so two instances storing nations lock the same users in the same order.
        let ordered = users.sorted { $0.uuidString < $1.uuidString }
        for start in stride(from: 0, to: ordered.count, by: chunk) {
            try await sql.update(DiaryUserModel.schema)
                .set(SQLIdentifier("diary_version"), to: SQLRaw("diary_version + 1"))
                .where("id", .in, SQLBind.group(Array(ordered[start..<min(ordered.count, start + chunk)])))
                .run()
        }
        return noted
    }

    private static let chunk = 500
}
