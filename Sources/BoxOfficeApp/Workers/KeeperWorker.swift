public import BoxOfficeCore
public import ServiceLifecycle

/// Runs the archive keeper for as long as the app runs (it only waits when `BOXOFFICE_KEEPER=off`). On graceful
/// shutdown the run in hand stops after its calls in flight (they are stored) and the lease is let go, so another
/// instance takes over at once. Added to the service group after the service that closes the database, so it ends
/// first.
public struct KeeperWorker: Service, CustomStringConvertible {
    let keeper: ArchiveKeeper

    public init(keeper: ArchiveKeeper) {
        self.keeper = keeper
    }

    public var description: String { "KeeperWorker" }

    public func run() async throws {
        await withGracefulShutdownHandler {
            await keeper.run()
        } onGracefulShutdown: {
            keeper.stop()
        }
    }
}
