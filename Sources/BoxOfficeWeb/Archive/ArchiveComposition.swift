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
            calendar: calendar)
    }

    static func syncEngine(
        options: SyncOptions, configuration: AppConfiguration, database: BoxOfficeDatabase,
        upstream: any BoxOfficeUpstream, calendar: BoxOfficeCalendar
    ) -> SyncEngine {
        let origin = configuration.upstreamOrigin
        var options = options
        options.provisionalTTL = configuration.provisionalTTL
        return SyncEngine(
            upstream: upstream,
            charts: database.chartRepository(origin: origin), movies: database.movieRepository(origin: origin),
            archive: database.archiveRepository(origin: origin), calendar: calendar, options: options)
    }

    /// The background backfill of this instance: its jobs run with the same engine as `boxoffice sync`.
    static func makeBackfill(
        configuration: AppConfiguration, database: BoxOfficeDatabase, upstream: any BoxOfficeUpstream,
        calendar: BoxOfficeCalendar, logger: Logger
    ) -> BackfillService {
        BackfillService(
            jobs: database.backfillJobRepository(), calendar: calendar,
            makeEngine: { options in
                syncEngine(
                    options: options, configuration: configuration, database: database, upstream: upstream,
                    calendar: calendar)
            },
            reportProblem: { logger.warning("backfill: \($0)") })
    }
}
