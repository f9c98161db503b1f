import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Exports read the notes from one snapshot: a read-only transaction, `REPEATABLE READ` on PostgreSQL (every query
/// sees the database as of the first), a deferred one on SQLite (in WAL mode a reader keeps the snapshot its first
/// read began, and the writer goes on). It runs on the store's snapshot connections, so a slow download holds none
/// of the connections the rest of the program uses.
extension FluentDiaryNoteRepository {
    func withNoteSnapshot<Result: Sendable>(
        userID: UUID, _ body: @escaping @Sendable (any DiaryNoteSnapshot) async throws -> Result
    ) async throws -> Result {
        let nationOrigin = self.nationOrigin
        let snapshots = self.snapshots
        let usual = self.database
        // The notes' own reads report their failures; this reports the transaction's (begin, commit).
        let read: @Sendable (OpenSnapshots.Scope?) async throws -> Result = { scope in
            let database = scope.flatMap { scope in snapshots?(scope.slot) } ?? usual
            let isPostgres = (database as? any SQLDatabase)?.dialect.name == "postgresql"
            return try await StorageFailure.run("read a snapshot of the notes", logger: database.logger) {
                try await snapshotTransaction(
                    on: database, isPostgres: isPostgres, nationOrigin: nationOrigin, userID: userID, scope: scope,
                    body)
            }
        }
        guard let openSnapshots else { return try await read(nil) }
        return try await openSnapshots.run { scope in try await read(scope) }
    }

    private func snapshotTransaction<Result: Sendable>(
        on database: any Database, isPostgres: Bool, nationOrigin: String?, userID: UUID,
        scope: OpenSnapshots.Scope?, _ body: @escaping @Sendable (any DiaryNoteSnapshot) async throws -> Result
    ) async throws -> Result {
        try await database.transaction { transaction in
            let sql = try transaction.requireSQL()
            if isPostgres {
                try await sql.raw("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY").run()
            } else {
                // A reader rarely waits in WAL mode (while another connection recovers the log); then as the rest do.
                try await sql.raw("PRAGMA busy_timeout = 30000").run()
            }
            let notes = FluentDiaryNoteRepository(database: transaction, nationOrigin: nationOrigin)
            let snapshot = Snapshot(notes: notes, userID: userID)
            // The store's shutdown cancels the body (an export waiting for its reader) and waits for the commit.
            guard let scope else { return try await body(snapshot) }
            return try await scope.cancellable { try await body(snapshot) }
        }
    }

    /// The chunks of one snapshot: the repository's own chunked read, inside the snapshot's transaction.
    private struct Snapshot: DiaryNoteSnapshot {
        let notes: FluentDiaryNoteRepository
        let userID: UUID

        func notes(after cursor: DiaryNoteCursor?, limit: Int) async throws -> [DiaryNote] {
            try await notes.notes(userID: userID, after: cursor, limit: limit)
        }
    }
}
