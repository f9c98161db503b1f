public import BoxOfficeApp
import BoxOfficeStore
import Dispatch
public import Logging
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How `boxoffice serve` runs and stops: until SIGTERM or SIGINT, then a graceful stop that ends within ten seconds
/// whatever the database does.
///
/// On the signal the store's calls get a short deadline (those in flight too, ``BoxOfficeDatabase/beginStopping()``),
/// so the requests being answered and the workers' calls end within seconds even when PostgreSQL is gone; the server
/// stops listening, answers what it has, and the workers and the store close in turn. Should anything still run after
/// ``grace``, it is cancelled; should even that not end it, the process exits with status 1 at ``hardLimit``.
public enum BoundedStop {
    /// How long the graceful stop may take before what is left is cancelled.
    static let grace: Duration = .seconds(8)
    /// How long after the signal the process ends whatever still runs.
    static let hardLimit: Double = 9.5

    /// Serves `configuration` until stopped; the process has ended or this returns within ``hardLimit`` of the signal.
    public static func serve(
        _ configuration: AppConfiguration, logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void
    ) async throws {
        try ListenProbe.check(host: configuration.hostname, port: configuration.port)
        let services = try await AppServices.start(configuration: configuration, logger: logger)
        let app: any Service
        do {
            app = try await buildApplication(services: services, onServerRunning: onServerRunning)
        } catch {
            await services.shutdown()
            throw error
        }
        // The notice is signalled first (services stop in reverse order), so deadlines shorten before the server waits.
        var group = ServiceGroupConfiguration(
            services: [
                .init(service: app),
                .init(
                    service: StopNotice(database: services.database, logger: logger),
                    successTerminationBehavior: .ignore),
            ],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        group.maximumGracefulShutdownDuration = grace
        try await ServiceGroup(configuration: group).run()
    }
}

/// Waits for the graceful stop, then shortens the store's deadlines and arms the hard limit.
private struct StopNotice: Service, CustomStringConvertible {
    let database: BoxOfficeDatabase
    let logger: Logger

    var description: String { "StopNotice" }

    func run() async throws {
        try? await gracefulShutdown()
        database.beginStopping()
        let logger = logger
        DispatchQueue.global().asyncAfter(deadline: .now() + BoundedStop.hardLimit) {
            logger.critical(
                "the graceful stop did not end in time; exiting", metadata: ["seconds": "\(BoundedStop.hardLimit)"])
            _exit(1)
        }
    }
}
