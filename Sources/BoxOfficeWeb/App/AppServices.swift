public import BoxOfficeCore
public import BoxOfficeStore
public import Foundation
public import KOBIS
import KOBISSimulator
public import Logging
public import Prometheus

/// The composition root: the database, the upstream (KOBIS or the simulator) and the domain
/// services, built from one ``AppConfiguration``. The web app and every CLI command use it.
public struct AppServices: Sendable {
    public let configuration: AppConfiguration
    public let database: BoxOfficeDatabase
    public let calendar: BoxOfficeCalendar
    public let charts: ChartService
    public let movies: MovieService
    public let upstream: any BoxOfficeUpstream
    /// Prometheus registry for this app instance (no process-wide metrics state).
    public let metrics: PrometheusCollectorRegistry
    public let logger: Logger

    /// Opens the database (migrating it) and wires the services.
    /// - Parameters:
    ///   - transport: overrides the HTTP transport to KOBIS (tests); by default URLSession, or the
    ///     in-process simulator in sample mode.
    ///   - now: the clock.
    public static func start(
        configuration: AppConfiguration, logger: Logger, transport: (any HTTPTransport)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> AppServices {
        let location = try DatabaseLocation(
            databaseURL: configuration.databaseURL, workingDirectory: configuration.workingDirectory)
        let database = try BoxOfficeDatabase(location: location, logger: logger)
        do {
            try await database.migrate()
        } catch {
            await database.shutdown()
            throw error
        }
        let metrics = PrometheusCollectorRegistry()
        let calendar = BoxOfficeCalendar(now: now)
        let baseTransport: any HTTPTransport
        if let transport {
            baseTransport = transport
        } else if configuration.isSampleMode {
            baseTransport = SimulatorTransport(simulator: KOBISSimulator(now: now))
        } else {
            baseTransport = URLSessionTransport(timeout: configuration.upstreamTimeout)
        }
        let counting = CountingTransport(base: baseTransport, registry: metrics)
        let client = KOBISClient(
            apiKey: configuration.kobisAPIKey ?? SimulatorTransport.sampleKey,
            baseURL: configuration.isSampleMode ? AppConfiguration.defaultKOBISBaseURL : configuration.kobisBaseURL,
            transport: counting)
        let upstream = KOBISUpstream(client: client, source: configuration.isSampleMode ? .sample : .kobis, now: now)
        let origin = configuration.upstreamOrigin
        let charts = ChartService(
            upstream: upstream, repository: database.chartRepository(origin: origin), calendar: calendar,
            provisionalTTL: configuration.provisionalTTL)
        let movies = MovieService(
            upstream: upstream, repository: database.movieRepository(origin: origin),
            cache: database.responseCache(origin: origin), calendar: calendar)
        return AppServices(
            configuration: configuration, database: database, calendar: calendar, charts: charts, movies: movies,
            upstream: upstream, metrics: metrics, logger: logger)
    }

    /// Closes the database.
    public func shutdown() async {
        await database.shutdown()
    }
}
