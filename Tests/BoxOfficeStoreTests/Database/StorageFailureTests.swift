import BoxOfficeCore
@testable import BoxOfficeStore
import BoxOfficeTestSupport
import SQLKit
import Testing

/// Driver errors become storage failures (a 503), except a value the database refuses for what it is.
@Suite("Storage failures")
struct StorageFailureTests {
    @Test(
        "A NUL in a text value PostgreSQL refuses is invalid input (a 400); other refusals stay storage failures",
        .enabled(if: TestPostgres.isRequested, TestPostgres.skipMessage))
    func nulOnPostgres() async throws {
        try await TestStore.with(.postgres) { store, test in
            let sql = try store.database.requireSQL()
            let nul = await Self.failure {
                try await StorageFailure.run("read a value", logger: test.logger) {
                    _ = try await sql.raw("SELECT \(bind: "a\u{0}b") AS value").first()
                }
            }
            #expect(nul == .invalid(nil, .noControlCharacters))
            let missing = await Self.failure {
                try await StorageFailure.run("read a table that is not there", logger: test.logger) {
                    _ = try await sql.raw("SELECT 1 FROM no_such_table").first()
                }
            }
            guard case .storage? = missing else {
                Issue.record("not a storage failure: \(String(describing: missing))")
                return
            }
        }
    }

    /// The error `body` threw as a ``BoxOfficeError`` (`nil` when it threw none, or another).
    static func failure(_ body: () async throws -> Void) async -> BoxOfficeError? {
        do {
            try await body()
            return nil
        } catch {
            return error as? BoxOfficeError
        }
    }
}
