import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Deletes an account in two steps, so a big diary never holds the store (SQLite's one connection) for long: one
/// short transaction closes it (its sessions, tokens, browsers, feeds and webhooks go; its name is freed; the
/// session, token and feed look-ups refuse a closed account, so nothing reaches what is left), then its rows go a
/// chunk per transaction (``inChunks(_:)``); an import still running stops at its next chunk. A deletion a crash
/// interrupts is finished by ``finishClosed(on:)``, which the diary's housekeeping runs.
enum DiaryAccountDeletion {
    /// Rows deleted per transaction.
    static let chunk = 500

    /// The username key of a closed account: no typed name has one, as ``DiaryValidation/usernameKey(_:)`` trims
    /// leading spaces.
    static func closedKey(_ id: UUID) -> String { "\(closedPrefix)\(id.uuidString.lowercased())" }
    static let closedPrefix = " closed:"
    /// What `LIKE` finds closed keys by (by prefix, not by a range of keys: PostgreSQL's collation may order
    /// punctuation apart from its bytes).
    static let closedPattern = "\(closedPrefix)%"

    static func isClosed(_ usernameKey: String) -> Bool { usernameKey.hasPrefix(closedPrefix) }

    /// The tables that keep a person's rows, the biggest first, each with the columns that tell its rows apart.
    /// Whatever else remains (a preference, a day's look-ups) goes with the account's row.
    static let tables: [(name: String, key: [String])] = [
        (DiaryNoteModel.schema, ["id"]),
        (DiaryStatCounts.schema, ["year", "dimension", "item"]),
        (DiaryYearFirstNotes.schema, ["note_id"]),
        (CreateWatchlist.alerts, ["id"]),
        (CreateWatchlist.entries, ["id"]),
        (DiaryCategoryModel.schema, ["id"]),
    ]

    /// Closes the account in one transaction; `false` when there is no such account (or it is closed already).
    static func close(id: UUID, on database: any Database) async throws -> Bool {
        try await database.transaction { transaction in
            // In the order every diary change takes them: the nations' lock shared, then the account's row (so a
            // nation store's recount of everyone's counts and this deletion never wait on each other crosswise).
            try await DiaryNationFold.lockShared(on: transaction)
            try await DiaryVersionStore.bump(userID: id, on: transaction)
            let sql = try transaction.requireSQL()
            guard
                let key = try await sql.select().column("username_key").from(DiaryUserModel.schema)
                    .where("id", .equal, SQLBind(id)).first()?.decode(column: "username_key", as: String.self),
                !isClosed(key)
            else { return false }
            // The hooks' rows, then their deliveries, in the order a delivery's attempt takes them.
            if sql.dialect.name == "postgresql" {
                try await sql.raw(
                    """
                    SELECT id FROM \(ident: FluentWebhookRepository.hooks) WHERE user_id = \(bind: id) ORDER BY id \
                    FOR UPDATE
                    """
                ).run()
            }
            try await sql.raw(
                """
                DELETE FROM \(ident: FluentWebhookRepository.deliveries) WHERE webhook_id IN \
                (SELECT id FROM \(ident: FluentWebhookRepository.hooks) WHERE user_id = \(bind: id))
                """
            ).run()
            for table in [
                FluentWebhookRepository.hooks, FluentWebhookRepository.testSends, DiarySessionModel.schema,
                DiaryAPITokenModel.schema, FluentLoginDeviceRepository.devices, FluentFeedSecretRepository.table,
            ] {
                try await sql.delete(from: table).where("user_id", .equal, SQLBind(id)).run()
            }
            // Failed log-ins are kept by name: a new account with the name does not inherit them.
            try await sql.delete(from: DiaryLoginAttemptModel.schema).where("username_key", .equal, SQLBind(key)).run()
            // The closed key is what the session, token and feed look-ups refuse: what a request begun before this
            // makes again (a log-in's token, a changed password's new session) reaches nothing.
            try await sql.update(DiaryUserModel.schema)
                .set("username_key", to: SQLBind(closedKey(id)))
                .set("password_hash", to: SQLBind(""))
                .set("is_admin", to: SQLBind(false))
                .where("id", .equal, SQLBind(id))
                .run()
            return true
        }
    }

    /// Deletes a closed account's rows, a chunk per transaction, then the account's row.
    static func purge(id: UUID, on database: any Database) async throws {
        // Chunks on SQLite only: PostgreSQL's readers never wait on a writer, and there each chunk's look-up would
        // walk the index past every row the chunks before deleted (100,000 notes: 30–48 s, against 0.4 s at once).
        for table in try inChunks(database) ? tables : [] {
            let columns = table.key.map { SQLIdentifier($0) }
            var more = true
            while more {
                more = try await database.transaction { transaction in
                    let sql = try transaction.requireSQL()
                    let rows = sql.select().columns(columns).from(table.name)
                        .where("user_id", .equal, SQLBind(id)).limit(chunk)
                    try await sql.delete(from: table.name)
                        .where("user_id", .equal, SQLBind(id))
                        .where(SQLGroupExpression(columns), .in, SQLGroupExpression(rows.query))
                        .run()
                    return try await sql.select().column(SQLLiteral.numeric("1")).from(table.name)
                        .where("user_id", .equal, SQLBind(id)).limit(1).first() != nil
                }
            }
        }
        // Every other table that holds the user's rows references the account ON DELETE CASCADE (SQLite with its
        // foreign keys on, as Fluent opens it).
        try await database.transaction { transaction in
            try await DiaryNationFold.lockShared(on: transaction)
            let sql = try transaction.requireSQL()
            try await sql.delete(from: DiaryUserModel.schema).where("id", .equal, SQLBind(id)).run()
            // The lease of an import a crash ended names the account, not by a reference.
            try await sql.delete(from: FluentLeaseStore.table)
                .where("name", .equal, SQLBind(DiaryNoteImport.leaseName(of: id))).run()
        }
    }

    /// Whether big deletions on `database` go a chunk per transaction (SQLite's one connection).
    static func inChunks(_ database: any Database) throws -> Bool {
        try database.requireSQL().dialect.name != "postgresql"
    }

    /// Finishes every deletion a crash (or a failure) left closed but not purged; how many it finished.
    static func finishClosed(on database: any Database) async throws -> Int {
        let rows = try await database.requireSQL().select().column("id").from(DiaryUserModel.schema)
            .where("username_key", .like, SQLBind(closedPattern))
            .all()
        for row in rows {
            try await purge(id: try row.decode(column: "id", as: UUID.self), on: database)
        }
        return rows.count
    }
}
