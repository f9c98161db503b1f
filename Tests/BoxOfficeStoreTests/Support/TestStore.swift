import BoxOfficeCore
import BoxOfficeStore
import Foundation
import Logging
import Testing

/// The databases every repository test runs against.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { self == .sqlite ? "SQLite file" : "PostgreSQL" }

    /// What parameterized tests run on: always SQLite; PostgreSQL when `BOXOFFICE_TEST_POSTGRES_URL` is set, or
    /// when `CI` is set (then the PostgreSQL cases fail without the URL). Otherwise `PostgresBackendTests` shows
    /// the skip.
    static var enabled: [Backend] { TestStore.postgresRequested ? [.sqlite, .postgres] : [.sqlite] }
}

/// A fresh, migrated store for one test, removed afterwards.
///
/// SQLite: a file in a new temporary directory (never in memory). PostgreSQL: a new database
/// `boxoffice_test_<random>` created through `BOXOFFICE_TEST_POSTGRES_URL` (an admin URL) and dropped at the end.
/// Without that variable the PostgreSQL cases are skipped, or fail when `CI` is set.
struct TestStore {
    static let postgresURLVariable = "BOXOFFICE_TEST_POSTGRES_URL"

    /// The admin URL for PostgreSQL tests, if set.
    static var postgresURL: String? {
        guard let url = ProcessInfo.processInfo.environment[postgresURLVariable],
            !url.trimmingCharacters(in: .whitespaces).isEmpty
        else { return nil }
        return url
    }

    /// Whether this run is under continuous integration, where nothing may be skipped.
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

    /// Whether the PostgreSQL cases run (and, without a URL under CI, fail).
    static var postgresRequested: Bool { postgresURL != nil || isCI }

    static let postgresSkipMessage: Comment = """
        PostgreSQL cases skipped: set BOXOFFICE_TEST_POSTGRES_URL to an admin URL \
        (e.g. `export BOXOFFICE_TEST_POSTGRES_URL=$(scripts/dev-postgres.sh start)`) to run every store test on \
        PostgreSQL too.
        """

    static let postgresMissingUnderCI =
        "CI is set but BOXOFFICE_TEST_POSTGRES_URL is not: the PostgreSQL cases must run in CI. Start a server with `scripts/dev-postgres.sh start` and export its URL."

    /// Where the test's database is; open more instances on it with ``open()``.
    let location: DatabaseLocation
    let logger: Logger

    /// A new store on the test's database (not migrated); the caller shuts it down.
    func open() throws -> BoxOfficeDatabase {
        try BoxOfficeDatabase(location: location, logger: logger)
    }

    /// Quiet, unless `BOXOFFICE_STORE_TEST_TRACE` is set: then every query and pool event is logged.
    static var logger: Logger {
        var logger = Logger(label: "BoxOfficeStoreTests")
        logger.logLevel = ProcessInfo.processInfo.environment["BOXOFFICE_STORE_TEST_TRACE"] != nil ? .trace : .critical
        return logger
    }

    /// Runs `body` with a migrated store on a fresh database of `backend`, then shuts it down and deletes the
    /// database, whether `body` succeeded or not.
    static func with(
        _ backend: Backend, migrate: Bool = true,
        _ body: (BoxOfficeDatabase, TestStore) async throws -> Void
    ) async throws {
        switch backend {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("boxoffice-store-tests-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let location = DatabaseLocation.sqlite(path: directory.appendingPathComponent("store.sqlite").path)
            try await run(TestStore(location: location, logger: logger), migrate: migrate, body)
        case .postgres:
            let adminLocation = try postgresAdminLocation()
            guard case .postgres(var postgres) = adminLocation else {
                throw TestSetupError("\(postgresURLVariable) must be a postgres:// URL, not \(adminLocation)")
            }
            let admin = try BoxOfficeDatabase(location: adminLocation, logger: logger)
            let name =
                "boxoffice_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
            do {
                try await admin.createPostgresDatabase(named: name)
            } catch {
                await admin.shutdown()
                throw error
            }
            postgres.database = name
            var failure: (any Error)?
            do {
                try await run(TestStore(location: .postgres(postgres), logger: logger), migrate: migrate, body)
            } catch {
                failure = error
            }
            do {
                try await admin.dropPostgresDatabase(named: name)
            } catch {
                failure = failure ?? error
            }
            await admin.shutdown()
            if let failure { throw failure }
        }
    }

    private static func run(
        _ store: TestStore, migrate: Bool, _ body: (BoxOfficeDatabase, TestStore) async throws -> Void
    ) async throws {
        let database = try store.open()
        do {
            if migrate { try await database.migrate() }
            try await body(database, store)
        } catch {
            await database.shutdown()
            throw error
        }
        await database.shutdown()
    }

    /// The admin URL for PostgreSQL tests; without one, a failure under CI, else a skip.
    static func postgresAdminLocation() throws -> DatabaseLocation {
        if let url = postgresURL {
            return try DatabaseLocation(databaseURL: url, workingDirectory: FileManager.default.currentDirectoryPath)
        }
        if isCI { throw TestSetupError(postgresMissingUnderCI) }
        try Test.cancel(postgresSkipMessage)
    }
}

/// The test environment is not set up as the tests need.
struct TestSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
