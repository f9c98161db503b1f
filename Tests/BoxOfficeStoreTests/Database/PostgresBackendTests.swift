import BoxOfficeStore
import BoxOfficeTestSupport
import Foundation
import Testing

/// Makes the PostgreSQL half of the store tests visible: skipped with instructions when no server is configured,
/// a failure under CI without one, and a connection check when there is one.
@Suite("PostgreSQL backend")
struct PostgresBackendTests {
    @Test(
        "PostgreSQL is configured and reachable",
        .enabled(if: TestPostgres.isRequested, TestPostgres.skipMessage))
    func reachable() async throws {
        let adminURL = try #require(TestPostgres.adminURL, "\(TestPostgres.missingUnderCI)")
        let location = try DatabaseLocation(
            databaseURL: adminURL, workingDirectory: FileManager.default.currentDirectoryPath)
        let database = try BoxOfficeDatabase(location: location, logger: TestStore.logger)
        do {
            #expect(try await database.checkIntegrity())
        } catch {
            await database.shutdown()
            throw error
        }
        await database.shutdown()
    }
}
