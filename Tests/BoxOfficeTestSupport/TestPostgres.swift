import BoxOfficeStore
import Foundation
import Logging
public import Testing

/// The PostgreSQL server the tests may use, and throwaway databases on it.
///
/// `BOXOFFICE_TEST_POSTGRES_URL` is an admin URL (`scripts/dev-postgres.sh start` prints one). Without it the
/// PostgreSQL cases are skipped, unless `CI` is set: then they run and fail, since nothing may be skipped there.
public enum TestPostgres {
    public static let urlVariable = "BOXOFFICE_TEST_POSTGRES_URL"

    /// The admin URL, if set.
    public static var adminURL: String? {
        guard let url = ProcessInfo.processInfo.environment[urlVariable],
            !url.trimmingCharacters(in: .whitespaces).isEmpty
        else { return nil }
        return url
    }

    /// Whether this run is under continuous integration, where nothing may be skipped.
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

    /// Whether the PostgreSQL cases run (and, without a URL under CI, fail).
    public static var isRequested: Bool { adminURL != nil || isCI }

    public static let skipMessage: Comment = """
        PostgreSQL cases skipped: set BOXOFFICE_TEST_POSTGRES_URL to an admin URL \
        (e.g. `export BOXOFFICE_TEST_POSTGRES_URL=$(scripts/dev-postgres.sh start)`) to run them too.
        """

    public static let missingUnderCI =
        "CI is set but BOXOFFICE_TEST_POSTGRES_URL is not: the PostgreSQL cases must run in CI. Start a server with `scripts/dev-postgres.sh start` and export its URL."

    /// Creates a new, empty database `<prefix><random>` on the admin URL's server, runs `body` with its URL,
    /// then drops it, whether `body` succeeded or not. Without an admin URL: fails under CI, else skips the test.
    public static func withDatabase(
        prefix: String, _ body: (_ databaseURL: String) async throws -> Void
    ) async throws {
        guard let adminURL else {
            if isCI { throw TestSetupError(missingUnderCI) }
            try Test.cancel(skipMessage)
        }
        var logger = Logger(label: "test-postgres")
        logger.logLevel = .critical
        let location = try DatabaseLocation(
            databaseURL: adminURL, workingDirectory: FileManager.default.currentDirectoryPath)
        guard case .postgres = location else { throw TestSetupError("\(urlVariable) must be a postgres:// URL") }
        let admin = try BoxOfficeDatabase(location: location, logger: logger)
        let name = prefix + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        do {
            try await admin.createPostgresDatabase(named: name)
        } catch {
            // A pool dropped without shutdown traps, taking every test in the process down with it.
            await admin.shutdown()
            throw error
        }
        var components = URLComponents(string: adminURL)!
        components.path = "/\(name)"
        var failure: (any Error)?
        do {
            try await body(components.string!)
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

/// The test environment is not set up as the tests need.
public struct TestSetupError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
