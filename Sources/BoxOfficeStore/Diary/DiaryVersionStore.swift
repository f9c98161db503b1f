import FluentKit
import Foundation
import SQLKit

/// Reads and raises `diary_users.diary_version`.
enum DiaryVersionStore {
    /// Raises the user's diary version. Call it inside the transaction that changes the diary, first: on
    /// PostgreSQL the update locks the user's row until the transaction ends, so one user's diary changes (and
    /// the statistics they adjust) run one at a time; SQLite writes one transaction at a time anyway. Before that
    /// it takes ``DiaryNationFold``'s lock shared, so no nation changes while the diary's counts resolve theirs.
    static func bump(userID: UUID, on database: any Database) async throws {
        try await DiaryNationFold.lockShared(on: database)
        try await database.requireSQL()
            .update(DiaryUserModel.schema)
            .set(SQLIdentifier("diary_version"), to: SQLRaw("diary_version + 1"))
            .where("id", .equal, SQLBind(userID))
            .run()
    }

    static func version(userID: UUID, on database: any Database) async throws -> Int64 {
        let row = try await database.requireSQL()
            .select().column("diary_version")
            .from(DiaryUserModel.schema)
            .where("id", .equal, SQLBind(userID))
            .first()
        return try row?.decode(column: "diary_version", as: Int64.self) ?? 0
    }
}
