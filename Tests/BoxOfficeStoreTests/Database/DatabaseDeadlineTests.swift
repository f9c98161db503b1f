import BoxOfficeCore
@testable import BoxOfficeStore
import BoxOfficeTestSupport
import FluentKit
import Foundation
import SQLKit
import Testing

/// Every database call ends: a call still running at its deadline (60 s, shortened here) fails as storage unavailable,
/// a statement sent on a connection PostgreSQL closed (a restart between two statements of a transaction) fails at
/// once instead of waiting for ever, and once the process is stopping the calls in flight end within the short stop
/// deadline.
@Suite("Database deadlines")
struct DatabaseDeadlineTests {
    @Test(
        "A transaction whose connection the server closed fails at once, as storage unavailable",
        .enabled(if: TestPostgres.isRequested, TestPostgres.skipMessage), .timeLimit(.minutes(1)))
    func lostConnectionInTransaction() async throws {
        try await TestStore.with(.postgres) { store, test in
            let other = try test.open()
            do {
                let outcome = await Self.outcome {
                    try await store.database.transaction { transaction in
                        let sql = try transaction.requireSQL()
                        let row = try await sql.raw("SELECT pg_backend_pid() AS pid").first()
                        let pid = try #require(try row?.decode(column: "pid", as: Int.self))
                        try await other.database.requireSQL().raw("SELECT pg_terminate_backend(\(bind: Int32(pid)))")
                            .run()
                        // The server closed the connection and this side has seen it: the next statement would be
                        // written to a closed channel.
                        try await Wait.until("the client to see the connection closed") {
                            Self.isClosed(transaction)
                        }
                        try await sql.raw("INSERT INTO leases (name, holder, expires_at) VALUES ('x', 'y', NOW())")
                            .run()
                    }
                }
                #expect(outcome == .storageFailure)
                // The pool drops the closed connection: the store goes on.
                let one = try await store.database.requireSQL().raw("SELECT 1 AS one").first()
                #expect(try one?.decode(column: "one", as: Int.self) == 1)
                #expect(try await store.rowCount(of: "leases") == 0)
            } catch {
                await other.shutdown()
                throw error
            }
            await other.shutdown()
        }
    }

    @Test(
        "A call hanging on a live connection ends at its usual deadline, as storage unavailable",
        .enabled(if: TestPostgres.isRequested, TestPostgres.skipMessage), .timeLimit(.minutes(1)))
    func usualDeadline() async throws {
        try await TestStore.with(.postgres) { store, test in
            // The store as the server opens it waits 60 s; this one, on the same database, 1 s.
            #expect(store.deadlines.usual == .seconds(60))
            let short = try BoxOfficeDatabase(location: test.location, logger: test.logger, callDeadline: .seconds(1))
            do {
                // A connection in the pool first, so the deadline is spent on the query, not on connecting.
                try await Wait.until("a first connection") {
                    (try? await short.database.requireSQL().raw("SELECT 1 AS one").first()) != nil
                }
                let began = ContinuousClock.now
                // Far longer than the deadline and than the test's time limit: only the deadline can end the call.
                let outcome = await Self.outcome {
                    try await short.database.requireSQL().raw("SELECT pg_sleep(120)").run()
                }
                #expect(outcome == .storageFailure)
                #expect(ContinuousClock.now - began < .seconds(60), "well before the sleep would have ended")
                // Nothing closed the connection: the statement is still running on it, and the store goes on.
                let running =
                    "FROM pg_stat_activity WHERE datname = current_database() AND query = 'SELECT pg_sleep(120)'"
                let sleeping = try await store.database.requireSQL().raw("SELECT pid \(unsafeRaw: running)").all()
                #expect(sleeping.count == 1)
                let one = try await short.database.requireSQL().raw("SELECT 1 AS one").first()
                #expect(try one?.decode(column: "one", as: Int.self) == 1)
                // Ended on the server too, so that shutting down waits for nothing.
                try await store.database.requireSQL().raw("SELECT pg_terminate_backend(pid) \(unsafeRaw: running)")
                    .run()
            } catch {
                await short.shutdown()
                throw error
            }
            await short.shutdown()
        }
    }

    @Test(
        "Once stopping, a call in flight ends within the stop deadline",
        .enabled(if: TestPostgres.isRequested, TestPostgres.skipMessage), .timeLimit(.minutes(1)))
    func stoppingEndsCallsInFlight() async throws {
        try await TestStore.with(.postgres) { store, _ in
            let sleeping = Task {
                // Longer than the stop deadline (2 s) by far: success would mean the stop did not cut it short.
                await Self.outcome { try await store.database.requireSQL().raw("SELECT pg_sleep(20)").run() }
            }
            try await Wait.until("the query to be running") { store.deadlines.openCount > 0 }
            store.beginStopping()
            #expect(await sleeping.value == .storageFailure)
            // Calls after that still run, each under the stop deadline.
            let one = try await store.database.requireSQL().raw("SELECT 1 AS one").first()
            #expect(try one?.decode(column: "one", as: Int.self) == 1)
        }
    }

    @Test("Every call is counted while it runs and let go when it ends", arguments: Backend.enabled)
    func callsAreTracked(backend: Backend) async throws {
        try await TestStore.with(backend) { store, _ in
            for _ in 0..<20 {
                _ = try await store.database.requireSQL().raw("SELECT 1 AS one").first()
            }
            try await store.database.transaction { transaction in
                _ = try await transaction.requireSQL().raw("SELECT 1 AS one").first()
            }
            #expect(store.deadlines.openCount == 0)
        }
    }

    enum Outcome: Equatable, Sendable {
        case success
        case storageFailure
        case other(String)
    }

    static func outcome(_ body: () async throws -> Void) async -> Outcome {
        do {
            try await body()
            return .success
        } catch let error as BoxOfficeError {
            if case .storage = error { return .storageFailure }
            return .other(String(describing: error))
        } catch {
            return .other(String(reflecting: error))
        }
    }

    /// Whether the PostgreSQL connection a transaction holds is closed on this side.
    static func isClosed(_ database: any Database) -> Bool {
        (database as? DeadlineDatabase)?.connection?.isClosed ?? false
    }
}
