import BoxOfficeCore
@testable import BoxOfficeStore
import BoxOfficeTestSupport
import FluentKit
import Foundation
import KOBIS
import SQLKit
import Testing

/// Two processes on one SQLite file (the CLI's sync beside the server): SQLite fails a transaction that read before
/// it writes, at once and busy timeout or not, when the other process holds the write lock. The store's
/// transactions take the lock as they begin, and wait for it.
@Suite("SQLite transactions beside another process")
struct SQLiteTransactionTests {
    @Test(
        "a transaction that reads before it writes waits for another process's write instead of failing",
        .timeLimit(.minutes(1)))
    func readThenWriteWaits() async throws {
        try await TestStore.with(.sqlite) { other, test in
            let counter = QueryCounter()
            let store = try BoxOfficeDatabase(location: test.location, logger: counter.logger)
            do {
                try await store.migrate()
                counter.reset()
                try await other.database.withConnection { connection in
                    let sql = try connection.requireSQL()
                    try await sql.raw("BEGIN IMMEDIATE TRANSACTION").run()
                    try await sql.raw("CREATE TABLE other_process (x INTEGER)").run()
                    let ended = Locked(false)
                    // Storing nations reads which of them change first, then writes.
                    let saving = Task {
                        defer { ended.withLock { $0 = true } }
                        try await store.archiveRepository(origin: "sample").saveRepresentativeNations(["K1": "한국"])
                    }
                    // Ended early, it failed: `saving.value` below says how.
                    try await Wait.until("the store to begin its transaction", detail: { "\(counter.statements)" }) {
                        counter.statements.contains { $0.hasPrefix("BEGIN IMMEDIATE") } || ended.withLock { $0 }
                    }
                    try await sql.raw("COMMIT TRANSACTION").run()
                    try await saving.value
                }
                #expect(try await store.rowCount(of: "movie_nations") == 1)
                #expect(try await store.rowCount(of: "other_process") == 0)
            } catch {
                await store.shutdown()
                throw error
            }
            await store.shutdown()
        }
    }

    @Test("a failed transaction leaves nothing behind and the connection usable", .timeLimit(.minutes(1)))
    func failedTransactionRollsBack() async throws {
        struct Refused: Error {}
        try await TestStore.with(.sqlite) { store, _ in
            await #expect(throws: Refused.self) {
                try await store.database.transaction { transaction in
                    try await transaction.requireSQL().raw("CREATE TABLE half_done (x INTEGER)").run()
                    throw Refused()
                }
            }
            // A transaction inside a transaction is the same one.
            try await store.database.transaction { transaction in
                try await transaction.requireSQL().raw("CREATE TABLE kept (x INTEGER)").run()
                try await transaction.transaction { inner in
                    try await inner.requireSQL().raw("INSERT INTO kept (x) VALUES (1)").run()
                }
            }
            #expect(try await store.rowCount(of: "kept") == 1)
            let tables = try await store.database.requireSQL()
                .raw("SELECT name FROM sqlite_master WHERE name = 'half_done'").all()
            #expect(tables.isEmpty)
        }
    }

    // The store begins and ends transactions itself on both databases; one begun inside another must join it.
    @Test(
        "a transaction inside a transaction is the same one: a failure after it undoes both",
        arguments: Backend.enabled)
    func nestedTransactionIsTheSameOne(backend: Backend) async throws {
        struct Refused: Error {}
        try await TestStore.with(backend) { store, _ in
            try await store.database.requireSQL().raw("CREATE TABLE nested (x INTEGER)").run()
            await #expect(throws: Refused.self) {
                try await store.database.transaction { transaction in
                    try await transaction.requireSQL().raw("INSERT INTO nested (x) VALUES (1)").run()
                    try await transaction.transaction { inner in
                        try await inner.requireSQL().raw("INSERT INTO nested (x) VALUES (2)").run()
                    }
                    throw Refused()
                }
            }
            #expect(try await store.rowCount(of: "nested") == 0)
        }
    }
}
