import BoxOfficeStore
import Testing

/// Makes the PostgreSQL half of the store tests visible: skipped with instructions when no server is configured,
/// a failure under CI without one, and a connection check when there is one.
@Suite("PostgreSQL backend")
struct PostgresBackendTests {
    @Test(
        "PostgreSQL is configured and reachable",
        .enabled(if: TestStore.postgresRequested, TestStore.postgresSkipMessage))
    func reachable() async throws {
        let location = try TestStore.postgresAdminLocation()
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
