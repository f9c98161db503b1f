public import BoxOfficeCore
public import ServiceLifecycle

/// Runs this instance's backfill worker for as long as the app runs. On graceful shutdown the job in hand
/// stops after its calls in flight (they are stored) and is marked interrupted, so it can be restarted.
/// Added to the service group after the service that closes the database, so it ends first.
public struct BackfillWorker: Service, CustomStringConvertible {
    let backfill: BackfillService

    public init(backfill: BackfillService) {
        self.backfill = backfill
    }

    public var description: String { "BackfillWorker" }

    public func run() async throws {
        await withGracefulShutdownHandler {
            await backfill.run()
        } onGracefulShutdown: {
            backfill.stop()
        }
    }
}
