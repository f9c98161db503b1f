import BoxOfficeCore
@testable import BoxOfficeStore
import BoxOfficeTestSupport
import FluentKit
import KOBIS
import Foundation
import SQLKit
import Testing

@Suite("Database lifecycle")
struct DatabaseLifecycleTests {
    /// The migrations `BoxOfficeDatabase` runs: charts, movies, cache entries, movie nations, diary, administrator
    /// role, backfill jobs, diary note-list index, KOBIS quota, leases, keeper controls, diary version, diary stat
    /// counts, diary sort indexes, watchlist, feed secrets, webhooks, diary year first notes, diary nation fold,
    /// import lookups, market days, film records, the nations' English titles, the films' run upkeep and paces, the
    /// charts' upkeep marks, the median paces, the titles pending a look-up, the titles from stored details, the
    /// milestones recounted from a run's first day, the films without a first run recounted, every film recounted with
    /// its weekly rows.
    static let migrationCount = 39

    @Test("migrating again changes nothing and keeps the data", arguments: Backend.enabled)
    func migrationsAreIdempotent(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let chart = Fixtures.dailyChart()
            try await database.chartRepository(origin: "sample").save(chart)
            try await database.migrate()
            try await database.migrate()
            Fixtures.expectSame(
                try await database.chartRepository(origin: "sample").storedChart(for: chart.query), chart)
            #expect(try await database.rowCount(of: "_fluent_migrations") == Self.migrationCount)
        }
    }

    @Test("instances starting together on a fresh database migrate it once", arguments: Backend.enabled)
    func concurrentMigrations(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { first, store in
            let others = try (0..<4).map { _ in try store.open() }
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for database in [first] + others {
                        group.addTask { try await database.migrate() }
                    }
                    try await group.waitForAll()
                }
                #expect(try await first.rowCount(of: "_fluent_migrations") == Self.migrationCount)
                try await others[0].chartRepository(origin: "sample").save(Fixtures.dailyChart())
                #expect(try await first.chartRepository(origin: "sample").storedChart(for: .daily(Fixtures.day)) != nil)
            } catch {
                for database in others { await database.shutdown() }
                throw error
            }
            for database in others { await database.shutdown() }
        }
    }

    // SQLite fails a switch to WAL at once, busy timeout or not, while another connection writes to the file in its
    // old journal mode: what instances starting together on a fresh file do. The migration tries again until it can.
    @Test("a migration waits for a writer on a file not yet in WAL instead of failing", .timeLimit(.minutes(1)))
    func migrationWaitsForTheFirstWriter() async throws {
        try await TestStore.with(.sqlite, migrate: false) { writer, test in
            let counter = QueryCounter()
            let migrating = try BoxOfficeDatabase(location: test.location, logger: counter.logger)
            let switches: @Sendable () -> Int = { counter.statements.count { $0.contains("journal_mode = WAL") } }
            do {
                try await writer.database.withConnection { connection in
                    let sql = try connection.requireSQL()
                    try await sql.raw("BEGIN IMMEDIATE TRANSACTION").run()
                    try await sql.raw("CREATE TABLE first_writer (x INTEGER)").run()
                    let ended = Locked(false)
                    let migration = Task {
                        defer { ended.withLock { $0 = true } }
                        try await migrating.migrate()
                    }
                    // Ended early, it failed: `migration.value` below says how.
                    try await Wait.until("the migration to try the switch to WAL again", detail: { "\(switches())" }) {
                        switches() >= 2 || ended.withLock { $0 }
                    }
                    try await sql.raw("COMMIT TRANSACTION").run()
                    try await migration.value
                }
                #expect(try await migrating.rowCount(of: "_fluent_migrations") == Self.migrationCount)
                let mode = try await migrating.database.requireSQL().raw("PRAGMA journal_mode").first()
                #expect(try mode?.decode(column: "journal_mode", as: String.self) == "wal")
            } catch {
                await migrating.shutdown()
                throw error
            }
            await migrating.shutdown()
        }
    }

    @Test("revertAll drops everything and migrate recreates an empty store", arguments: Backend.enabled)
    func revertAndMigrateAgain(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            try await database.chartRepository(origin: "sample").save(Fixtures.dailyChart())
            try await database.movieRepository(origin: "sample").save(Fixtures.movie())
            try await database.revertAll()
            await #expect(throws: BoxOfficeError.self) {
                try await database.chartRepository(origin: "sample").storedChart(for: .daily(Fixtures.day))
            }
            try await database.migrate()
            #expect(try await database.chartRepository(origin: "sample").storedChart(for: .daily(Fixtures.day)) == nil)
            #expect(try await database.movieRepository(origin: "sample").storedMovie(code: "20124079") == nil)
            try await database.chartRepository(origin: "sample").save(Fixtures.dailyChart())
        }
    }

    @Test("the integrity check passes on a used database", arguments: Backend.enabled)
    func integrity(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            #expect(try await database.checkIntegrity())
            for offset in 0..<5 {
                try await database.chartRepository(origin: "sample").save(
                    Fixtures.dailyChart(Fixtures.day.adding(days: offset)))
            }
            #expect(try await database.checkIntegrity())
        }
    }

    @Test("data survives closing and reopening the database", arguments: Backend.enabled)
    func reopen(backend: Backend) async throws {
        try await TestStore.with(backend) { database, store in
            let chart = Fixtures.dailyChart()
            let movie = Fixtures.movie()
            try await database.chartRepository(origin: "sample").save(chart)
            try await database.movieRepository(origin: "sample").save(movie)
            try await database.responseCache(origin: "sample").store(
                Data([1, 2, 3]), for: "k", fetchedAt: Fixtures.fetchedAt)
            await database.shutdown()

            let reopened = try store.open()
            do {
                try await reopened.migrate()
                Fixtures.expectSame(
                    try await reopened.chartRepository(origin: "sample").storedChart(for: chart.query), chart)
                #expect(try await reopened.movieRepository(origin: "sample").storedMovie(code: movie.code) == movie)
                #expect(
                    try await reopened.responseCache(origin: "sample").cachedValue(for: "k")?.data == Data([1, 2, 3]))
                #expect(try await reopened.checkIntegrity())
            } catch {
                await reopened.shutdown()
                throw error
            }
            await reopened.shutdown()
        }
    }

    @Test("an SQLite store is a WAL-journaled file at the given path")
    func sqliteFile() async throws {
        try await TestStore.with(.sqlite) { database, _ in
            guard case .sqlite(let path) = database.location else {
                Issue.record("not an SQLite location: \(database.location)")
                return
            }
            try await database.chartRepository(origin: "sample").save(Fixtures.dailyChart())
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
            #expect(database.location.description == "sqlite://\(path)")
        }
    }

    @Test("the SQLite file's directory is created when missing")
    func sqliteDirectoryCreated() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "boxoffice-store-dir-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let location = try DatabaseLocation(
            databaseURL: "sqlite://nested/deeper/box.sqlite", workingDirectory: root.path)
        let database = try BoxOfficeDatabase(location: location, logger: TestStore.logger)
        do {
            try await database.migrate()
            #expect(FileManager.default.fileExists(atPath: root.path + "/nested/deeper/box.sqlite"))
        } catch {
            await database.shutdown()
            throw error
        }
        await database.shutdown()
    }

    @Test("failures surface as BoxOfficeError.storage with one line", arguments: Backend.enabled)
    func failuresAreStorageErrors(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            // Not migrated: the tables do not exist.
            let error = try await #require(throws: BoxOfficeError.self) {
                try await database.chartRepository(origin: "sample").save(Fixtures.dailyChart())
            }
            guard case .storage(let message) = error else {
                Issue.record("expected a storage error, got \(error)")
                return
            }
            #expect(message.hasPrefix("Could not store a chart: "))
            #expect(!message.contains("\n"))
            await #expect(throws: BoxOfficeError.self) {
                try await database.movieRepository(origin: "s").storedMovie(code: "1")
            }
            await #expect(throws: BoxOfficeError.self) {
                try await database.responseCache(origin: "s").cachedValue(for: "k")
            }
        }
    }

    @Test("an unreachable PostgreSQL server fails with a clear storage error")
    func unreachablePostgres() async throws {
        let location = try DatabaseLocation(
            databaseURL: "postgres://nobody:hunter2@127.0.0.1:1/none?sslmode=disable", workingDirectory: "/")
        let database = try BoxOfficeDatabase(location: location, logger: TestStore.logger)
        let error = await #expect(throws: BoxOfficeError.self) { try await database.migrate() }
        await database.shutdown()
        let message = error?.message ?? ""
        #expect(message.contains("postgres://nobody:***@127.0.0.1:1/none"), "\(message)")
        #expect(!message.contains("hunter2"))
        #expect(!message.contains("\n"))
    }
}
