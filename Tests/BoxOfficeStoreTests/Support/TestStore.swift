import BoxOfficeCore
import BoxOfficeStore
import BoxOfficeTestSupport
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
    static var enabled: [Backend] { TestPostgres.isRequested ? [.sqlite, .postgres] : [.sqlite] }
}

/// A fresh, migrated store for one test, removed afterwards.
///
/// SQLite: a file in a new temporary directory (never in memory). PostgreSQL: a new database
/// `boxoffice_test_<random>` created through `BOXOFFICE_TEST_POSTGRES_URL` (an admin URL) and dropped at the end.
/// Without that variable the PostgreSQL cases are skipped, or fail when `CI` is set.
struct TestStore {
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
            try await TestPostgres.withDatabase(prefix: "boxoffice_test_") { url in
                let location = try DatabaseLocation(
                    databaseURL: url, workingDirectory: FileManager.default.currentDirectoryPath)
                try await run(TestStore(location: location, logger: logger), migrate: migrate, body)
            }
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
}
