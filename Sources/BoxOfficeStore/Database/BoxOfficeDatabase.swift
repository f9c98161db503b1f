public import BoxOfficeCore
package import FluentKit
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
public import Logging
import SQLKit

/// The store: an SQLite file or a PostgreSQL database, its schema, and repositories over it.
///
/// Create one per process, call ``migrate()`` before use and ``shutdown()`` at the end.
/// Everything it returns is `Sendable` and may be used from any task.
public final class BoxOfficeDatabase: Sendable {
    /// Where the data is.
    public let location: DatabaseLocation
    /// The FluentKit database for features built in this package (the diary, …): every call under ``deadlines``.
    package let database: any Database
    /// The same without deadlines, for what may rightly take long: migrations (and their lock), integrity checks.
    private let unbounded: any Database
    /// Every call through ``database`` ends within ``QueryDeadlines/usual``, or soon after ``beginStopping()``.
    let deadlines: QueryDeadlines
    private let databases: Databases
    /// SQLite's blocking calls run here, one thread per store, so a connection waiting out another
    /// process's write lock never ties up threads that other parts of the program (or another store) need. One
    /// thread also runs each connection's statements in the order they were sent, which ``DeadlineDatabase``'s
    /// rollback after a deadline relies on.
    private let sqliteThreadPool: NIOThreadPool?
    private let logger: Logger
    private let migrations: Migrations
    /// Exports' snapshots: the connection slots they take turns on, ended by ``shutdown()`` before the connections
    /// close.
    let openSnapshots: OpenSnapshots
    /// The event loops, in order: a snapshot slot is a snapshot database on one of them.
    private let eventLoops: [any EventLoop]
    /// Where deep numbered pages of notes begin, for every person on this instance.
    let pageAnchors = NotePageAnchors()

    /// Key of the PostgreSQL advisory lock that serializes migrations across instances ("BoxOffice").
    private static let migrationLockKey: Int64 = 0x426F_784F_6666_6963
    /// How long an SQLite connection waits for another writer before failing (ms).
    private static let sqliteBusyTimeoutMilliseconds = 30_000
    private static let sqliteMigrationBusyTimeoutMilliseconds = 600_000
    /// Connections to PostgreSQL this instance may open.
    private static let postgresMaxConnections = 8

    /// How long one database call (waiting for a pooled connection included) may take before it fails.
    static let callDeadline: TimeAmount = .seconds(60)
    /// How long a query may wait for a pooled connection before failing: no longer than a call may take.
    static let connectionWait: TimeAmount = callDeadline

    /// Configures the store; connects lazily, on first use.
    ///
    /// For SQLite, creates the file's directory when missing.
    /// - Throws: ``BoxOfficeError/storage(_:)`` when the directory cannot be created or TLS cannot be set up.
    public convenience init(location: DatabaseLocation, logger: Logger) throws {
        try self.init(location: location, logger: logger, callDeadline: Self.callDeadline)
    }

    /// The same, each call failing after `callDeadline` (60 s above; tests shorten it).
    init(location: DatabaseLocation, logger: Logger, callDeadline: TimeAmount) throws {
        self.location = location
        self.logger = logger
        let databases: Databases
        switch location {
        case .sqlite(let path):
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw BoxOfficeError.storage(
                    "Could not create the directory for the SQLite database \(path): \(error.localizedDescription)")
            }
            let threadPool = NIOThreadPool(numberOfThreads: 1)
            threadPool.start()
            sqliteThreadPool = threadPool
            databases = Databases(threadPool: threadPool, on: MultiThreadedEventLoopGroup.singleton)
            // Every write queues for the one connection; under a burst (a sync, an import) waiting is right, failing is not.
            databases.use(
                .sqlite(.file(path), connectionPoolTimeout: Self.connectionWait, sqlLogLevel: .trace), as: .sqlite)
            // Exports read in long read transactions on connections of their own (WAL: the writer goes on).
            for id in Self.snapshotIDs {
                databases.use(
                    .sqlite(.file(path), connectionPoolTimeout: Self.connectionWait, sqlLogLevel: .trace), as: id)
            }
        case .postgres(let postgres):
            let configuration: SQLPostgresConfiguration
            do {
                configuration = try Self.configuration(for: postgres)
            } catch {
                throw BoxOfficeError.storage("Could not set up TLS for \(postgres): \(error)")
            }
            sqliteThreadPool = nil
            databases = Databases(threadPool: NIOThreadPool.singleton, on: MultiThreadedEventLoopGroup.singleton)
            databases.use(
                .postgres(
                    configuration: configuration, maxConnectionsPerEventLoop: Self.postgresMaxConnections,
                    connectionPoolTimeout: Self.connectionWait, sqlLogLevel: .trace),
                as: .psql)
            for id in Self.snapshotIDs {
                databases.use(
                    .postgres(
                        configuration: configuration, maxConnectionsPerEventLoop: 1,
                        connectionPoolTimeout: Self.connectionWait, sqlLogLevel: .trace),
                    as: id)
            }
        }
        // Every query runs through one event loop's pool. For SQLite that is exactly one connection, so
        // writers in this process never contend for the file's lock; for PostgreSQL it is a small pool.
        guard let database = databases.database(logger: logger, on: databases.eventLoopGroup.any()) else {
            try? sqliteThreadPool?.syncShutdownGracefully()
            throw BoxOfficeError.storage("The database is not available.")
        }
        let deadlines = QueryDeadlines(usual: callDeadline, whenStopping: .seconds(2), logger: logger)
        self.databases = databases
        self.deadlines = deadlines
        self.unbounded = database
        self.database = DeadlineDatabase(inner: database, deadlines: deadlines) ?? database
        eventLoops = Array(databases.eventLoopGroup.makeIterator())
        openSnapshots = OpenSnapshots(slots: Self.snapshotIDs.count * eventLoops.count, wait: .seconds(60))

        let migrations = Migrations()
        migrations.add([CreateCharts(), CreateMovies(), CreateCacheEntries()])
        migrations.add(CreateMovieNations())
        migrations.add(CreateDiary())
        migrations.add(AddAdministratorRole())
        migrations.add(CreateBackfillJobs())
        migrations.add(AddDiaryNoteListIndex())
        migrations.add([CreateKOBISQuota(), CreateLeases(), CreateKeeperControls()])
        migrations.add(AddDiaryVersion())
        migrations.add(CreateDiaryStatCounts())
        migrations.add(AddDiaryNoteSortIndexes())
        migrations.add(CreateWatchlist())
        migrations.add(CreateFeedSecrets())
        migrations.add(CreateWebhooks())
        migrations.add(CreateDiaryYearFirstNotes())
        migrations.add(CreateDiaryNationFold())
        migrations.add(CreateImportLookups())
        migrations.add(CreateMarketDays())
        migrations.add(CreateFilmRecords())
        migrations.add(AddMovieNationEnglishTitle())
        migrations.add(CreateFilmRunPending())
        migrations.add(CreateFilmRunPaces())
        migrations.add(AddChartUpkeepMark())
        migrations.add(WidenFilmRunPaces())
        migrations.add(NumberChartUpkeepMarks())
        migrations.add(CreateMedianPaces())
        // Before the fill from details, which settles the films it gives a title; after it in stores that ran it.
        migrations.add(AddMovieNationTitlePending())
        migrations.add(FillEnglishTitlesFromDetails())
        migrations.add(RecountMilestonesAtRunStart())
        migrations.add(RecountFilmsWithoutFirstRun())
        migrations.add(RecountFilmsWithWeeklyRows())
        migrations.add(CreateWebhookTestSends())
        migrations.add(CreateDiaryLoginDevices())
        migrations.add(AddDiaryNoteAscendingSortIndexes())
        migrations.add(CountDiaryMemoCharacters())
        migrations.add(CountDiaryNameRows())
        self.migrations = migrations
    }

    /// Creates or updates the schema; running it again changes nothing.
    ///
    /// Migrations run in one transaction that holds a lock, so instances starting together take turns and a
    /// failed migration leaves nothing behind: on PostgreSQL a transaction-scoped advisory lock, on SQLite an
    /// immediate (write-locking) transaction. On SQLite it first switches the file to WAL journaling (readers
    /// never wait for the writer) and sets a busy timeout for other processes' writes.
    public func migrate() async throws {
        try await StorageFailure.run("migrate the database at \(location)", logger: logger) {
            try await withMigrationLock { database in
                try await self.runMigrator(on: database) { migrator in
                    try await migrator.setupIfNeeded().get()
                    try await migrator.prepareBatch().get()
                }
            }
        }
    }

    /// Reverts every migration, dropping all tables (the migration log stays, empty). For tests.
    public func revertAll() async throws {
        try await StorageFailure.run("revert the migrations of \(location)", logger: logger) {
            try await withMigrationLock { database in
                try await self.runMigrator(on: database) { migrator in
                    try await migrator.setupIfNeeded().get()
                    try await migrator.revertAllBatches().get()
                }
            }
        }
    }

    /// The process is stopping: from now on every database call (those running included) ends within two seconds,
    /// so a graceful stop never waits long for a database that is gone or slow.
    public func beginStopping() {
        deadlines.beginStopping()
    }

    /// Closes every connection. The store cannot be used afterwards; calling this again does nothing.
    public func shutdown() async {
        deadlines.beginStopping()
        // A connection given back after its pool has shut down is closed then, on a thread pool that may be gone.
        await openSnapshots.close()
        await databases.shutdownAsync()
        try? await sqliteThreadPool?.shutdownGracefully()
    }

    /// On SQLite, whether `PRAGMA integrity_check` answers `ok`; on PostgreSQL, whether a trivial query succeeds.
    public func checkIntegrity() async throws -> Bool {
        try await StorageFailure.run("check the database at \(location)", logger: logger) {
            let sql = try unbounded.requireSQL()
            switch location {
            case .sqlite:
                let rows = try await sql.raw("PRAGMA integrity_check").all()
                let results = try rows.map { try $0.decode(column: "integrity_check", as: String.self) }
                if results != ["ok"] {
                    logger.error(
                        "SQLite integrity check failed", metadata: ["results": .string(results.joined(separator: "; "))]
                    )
                }
                return results == ["ok"]
            case .postgres:
                let row = try await sql.select().column(SQLLiteral.numeric("1"), as: "one").first()
                return try row?.decode(column: "one", as: Int.self) == 1
            }
        }
    }

    /// The connections long read-only snapshots use (exports, ``FluentDiaryNoteRepository``): a pool of one connection
    /// per event loop under each of these ids, apart from the pool the rest of the program uses, so slow downloads never
    /// hold a connection it needs. ``OpenSnapshots`` hands the slots (an id on a loop) out one read each.
    static let snapshotIDs = [DatabaseID(string: "snapshots-1"), DatabaseID(string: "snapshots-2")]

    /// How many snapshots (exports being sent) may be open at once.
    package var snapshotSlots: Int { openSnapshots.slotCount }

    /// The snapshot database of `slot` (as ``OpenSnapshots`` numbers them), or the usual one if there is none.
    package func snapshotDatabase(slot: Int) -> any Database {
        let loop = eventLoops[slot % eventLoops.count]
        let id = Self.snapshotIDs[(slot / eventLoops.count) % Self.snapshotIDs.count]
        guard let snapshot = databases.database(id, logger: logger, on: loop) else {
            return DeadlineDatabase(inner: unbounded, deadlines: deadlines, locksForWriting: false) ?? database
        }
        return DeadlineDatabase(inner: snapshot, deadlines: deadlines, locksForWriting: false) ?? snapshot
    }

    // MARK: - Repositories

    /// Charts stored under `origin` (e.g. `sample`, or the KOBIS base URL); other origins' charts are invisible.
    public func chartRepository(origin: String) -> any ChartRepository {
        FluentChartRepository(database: database, origin: origin)
    }

    /// Movies stored under `origin`.
    public func movieRepository(origin: String) -> any MovieRepository {
        FluentMovieRepository(database: database, origin: origin)
    }

    /// Cached upstream answers stored under `origin`.
    public func responseCache(origin: String) -> any ResponseCache {
        FluentResponseCache(database: database, origin: origin)
    }

    // MARK: - Private

    private func runMigrator(
        on database: any Database, _ body: (Migrator) async throws -> Void
    ) async throws {
        let migrator = Migrator(
            databaseFactory: { _ in database }, migrations: migrations, on: database.eventLoop,
            migrationLogLevel: .info)
        try await body(migrator)
    }

    /// Runs `body` in a transaction that excludes every other migrating instance.
    private func withMigrationLock(_ body: @escaping @Sendable (any Database) async throws -> Void) async throws {
        switch location {
        case .postgres:
            // Fluent's transaction pins one connection; the advisory lock ends with the transaction.
            try await unbounded.transaction { transaction in
                try await transaction.requireSQL()
                    .raw("SELECT pg_advisory_xact_lock(\(bind: Self.migrationLockKey))").run()
                try await body(transaction)
            }
        case .sqlite:
            // Fluent begins SQLite transactions DEFERRED; IMMEDIATE takes the write lock up front, so a second
            // process waits (busy timeout) instead of failing when it upgrades from reading to writing.
            try await unbounded.withConnection { connection in
                let sql = try connection.requireSQL()
                // The busy timeout first: switching to WAL needs the lock too, and must wait for it like the rest.
                // Instances starting together wait for the first one's whole migration, which on a busy machine can
                // outlast the usual timeout: they wait up to ten minutes here, then the connection gets it back.
                let usual = "PRAGMA busy_timeout = \(Self.sqliteBusyTimeoutMilliseconds)"
                try await sql.raw("PRAGMA busy_timeout = \(literal: Self.sqliteMigrationBusyTimeoutMilliseconds)").run()
                do {
                    try await Self.switchToWAL(sql)
                    try await sql.raw("BEGIN IMMEDIATE TRANSACTION").run()
                    do {
                        try await body(connection)
                    } catch {
                        try? await sql.raw("ROLLBACK TRANSACTION").run()
                        throw error
                    }
                    try await sql.raw("COMMIT TRANSACTION").run()
                } catch {
                    try? await sql.raw(SQLQueryString(usual)).run()
                    throw error
                }
                try await sql.raw(SQLQueryString(usual)).run()
            }
        }
    }

    /// Switches the SQLite file to WAL journaling. While another connection writes to a file not yet in WAL, or
    /// switches it too, SQLite fails the switch at once rather than wait (waiting could deadlock): it is tried
    /// again, a few milliseconds later, for as long as a migration may wait for the lock.
    private static func switchToWAL(_ sql: any SQLDatabase) async throws {
        let deadline = ContinuousClock.now + .milliseconds(sqliteMigrationBusyTimeoutMilliseconds)
        while true {
            do {
                try await sql.raw("PRAGMA journal_mode = WAL").run()
                return
            } catch let error as SQLiteError
                where [.busy, .busyInRecovery].contains(error.reason) && ContinuousClock.now < deadline
            {
                try await Task.sleep(for: .milliseconds(Int.random(in: 5...25)))
            }
        }
    }

    private static func configuration(for location: PostgresLocation) throws -> SQLPostgresConfiguration {
        let tls: PostgresConnection.Configuration.TLS
        switch location.tls {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        return SQLPostgresConfiguration(
            hostname: location.host, port: location.port, username: location.username, password: location.password,
            database: location.database, tls: tls)
    }
}
