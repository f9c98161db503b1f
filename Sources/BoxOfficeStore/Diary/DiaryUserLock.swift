import FluentKit
import Foundation
import SQLKit

/// Holds a user's account row to the end of the transaction, so one person's writes that check a count (tokens,
/// webhooks) run in turn on PostgreSQL. SQLite's write transactions hold its one writer from their start.
enum DiaryUserLock {
    static func hold(userID: UUID, on database: any Database) async throws {
        let sql = try database.requireSQL()
        guard sql.dialect.name == "postgresql" else { return }
        try await sql.raw("SELECT id FROM \(ident: DiaryUserModel.schema) WHERE id = \(bind: userID) FOR UPDATE").run()
    }
}
