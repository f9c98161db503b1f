public import BoxOfficeCore
import BoxOfficeStore
import Foundation
import KOBIS
import Logging
import Prometheus

extension AppServices {
    /// Reads the archive of this instance's upstream (period charts, trends, exports). Never calls KOBIS.
    public var archive: ArchiveService {
        let origin = configuration.upstreamOrigin
        return ArchiveService(
            archive: database.archiveRepository(origin: origin), charts: database.chartRepository(origin: origin),
            calendar: calendar, source: charts.source)
    }

    /// A sync engine that fills this instance's archive from its upstream (KOBIS, or the simulator in sample mode).
    public func syncEngine(options: SyncOptions) -> SyncEngine {
        Self.syncEngine(
            options: options, configuration: configuration, database: database, upstream: upstream,
            calendar: calendar, metrics: metrics)
    }

    static func syncEngine(
        options: SyncOptions, configuration: AppConfiguration, database: BoxOfficeDatabase,
        upstream: any BoxOfficeUpstream, calendar: BoxOfficeCalendar, metrics: PrometheusCollectorRegistry
    ) -> SyncEngine {
        let origin = configuration.upstreamOrigin
        var options = options
        options.provisionalTTL = configuration.provisionalTTL
        return SyncEngine(
            upstream: syncUpstream(
                concurrency: options.concurrency, configuration: configuration, upstream: upstream, calendar: calendar,
                metrics: metrics),
            charts: database.chartRepository(origin: origin), movies: database.movieRepository(origin: origin),
            archive: database.archiveRepository(origin: origin), calendar: calendar, options: options)
    }

    /// The background backfill of this instance: its jobs run with the same engine as `boxoffice sync`.
    static func makeBackfill(
        configuration: AppConfiguration, database: BoxOfficeDatabase, upstream: any BoxOfficeUpstream,
        calendar: BoxOfficeCalendar, metrics: PrometheusCollectorRegistry, logger: Logger
    ) -> BackfillService {
        BackfillService(
            jobs: database.backfillJobRepository(), calendar: calendar,
            makeEngine: { options in
                syncEngine(
                    options: options, configuration: configuration, database: database, upstream: upstream,
                    calendar: calendar, metrics: metrics)
            },
            reportProblem: { logger.warning("backfill: \($0)") })
    }

    /// The app's upstream, except that real HTTP calls are spread over enough URLSessions for `concurrency`
    /// calls in flight: on Linux one URLSession opens at most 6 connections to a host, so more calls would queue.
    private static func syncUpstream(
        concurrency: Int, configuration: AppConfiguration, upstream: any BoxOfficeUpstream,
        calendar: BoxOfficeCalendar, metrics: PrometheusCollectorRegistry
    ) -> any BoxOfficeUpstream {
        guard let key = configuration.kobisAPIKey else { return upstream }
        let sessions = (0..<max(1, (concurrency + 5) / 6)).map { _ in
            URLSessionTransport(timeout: configuration.upstreamTimeout) as any HTTPTransport
        }
        let transport = CountingTransport(base: SpreadTransport(sessions), registry: metrics)
        return KOBISUpstream(
            client: KOBISClient(apiKey: key, baseURL: configuration.kobisBaseURL, transport: transport), source: .kobis,
            now: { calendar.currentInstant })
    }
}

/// Sends each GET through the next of several transports in turn.
private final class SpreadTransport: HTTPTransport, @unchecked Sendable {
    private let transports: [any HTTPTransport]
    // Guarded by `lock`.
    private var next = 0
    private let lock = NSLock()

    init(_ transports: [any HTTPTransport]) { self.transports = transports }

    func get(_ url: URL) async throws -> HTTPTransportResponse {
        let index = lock.withLock { () -> Int in
            defer { next = (next + 1) % transports.count }
            return next
        }
        return try await transports[index].get(url)
    }
}
