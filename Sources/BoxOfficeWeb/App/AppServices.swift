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
    /// Poster lookup (TMDB, else Kakao, else none: the pages then draw a placeholder).
    public let posters: PosterService
    /// The movie diary (accounts, notes, import/export, statistics) over this database.
    public let diary: DiaryService
    /// Administrators' background backfills; this instance's worker runs with the web app.
    public let backfill: BackfillService
    /// The administrator role of diary accounts.
    public let administrators: any AdministratorRepository
    public let upstream: any BoxOfficeUpstream
    /// Prometheus registry for this app instance (no process-wide metrics state).
    public let metrics: PrometheusCollectorRegistry
    public let logger: Logger
    /// The HTTP client to KOBIS and the poster services, closed by ``shutdown()``.
    let upstreamHTTP: UpstreamHTTPClient

    /// Opens the database (migrating it) and wires the services.
    /// - Parameters:
    ///   - transport: overrides the HTTP transport to KOBIS (tests); by default AsyncHTTPClient, or the
    ///     in-process simulator in sample mode.
    ///   - now: the clock.
    public static func start(
        configuration: AppConfiguration, logger: Logger, transport: (any HTTPTransport)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> AppServices {
        let location = try DatabaseLocation(
            databaseURL: configuration.databaseURL, workingDirectory: configuration.workingDirectory)
        // The drivers log every query with its values at debug and trace level, and some values are secrets
        // (a session's CSRF token, a user's notes): the database logs at info and above only.
        var databaseLogger = logger
        databaseLogger.logLevel = max(logger.logLevel, .info)
        let database = try BoxOfficeDatabase(location: location, logger: databaseLogger)
        do {
            try await database.migrate()
        } catch {
            await database.shutdown()
            throw error
        }
        let metrics = PrometheusCollectorRegistry()
        let calendar = BoxOfficeCalendar(now: now)
        // Nothing below throws: the client is always closed by `shutdown()`.
        let upstreamHTTP = UpstreamHTTPClient(connectTimeout: configuration.upstreamTimeout)
        let baseTransport: any HTTPTransport
        if let transport {
            baseTransport = transport
        } else if configuration.isSampleMode {
            baseTransport = SimulatorTransport(simulator: KOBISSimulator(now: now))
        } else {
            baseTransport = upstreamHTTP.transport(timeout: configuration.upstreamTimeout)
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
        let posters = PosterService(
            source: posterSource(configuration, http: upstreamHTTP), cache: database.responseCache(origin: "posters"),
            calendar: calendar)
        let diary = DiaryService(
            repositories: database.diaryRepositories(), catalog: movies,
            hasher: BcryptPasswordHasher(cost: configuration.bcryptCost), digester: SHA256SecretDigester(),
            calendar: calendar)
        let backfill = makeBackfill(
            configuration: configuration, database: database, upstream: upstream, calendar: calendar, logger: logger)
        return AppServices(
            configuration: configuration, database: database, calendar: calendar, charts: charts, movies: movies,
            posters: posters, diary: diary, backfill: backfill, administrators: database.administratorRepository(),
            upstream: upstream, metrics: metrics, logger: logger, upstreamHTTP: upstreamHTTP)
    }

    /// TMDB when its key is set, else Kakao when its key is set, else none. Posters come from these
    /// services whatever the KOBIS mode, over their own short-timeout transport (a slow poster
    /// service must never hold a page).
    private static func posterSource(_ configuration: AppConfiguration, http: UpstreamHTTPClient) -> (any PosterSource)?
    {
        let transport = http.transport(timeout: min(configuration.upstreamTimeout, 5))
        if let key = configuration.tmdbAPIKey {
            return TMDBPosterSource(apiKey: key, baseURL: configuration.tmdbBaseURL, transport: transport)
        }
        if let key = configuration.kakaoAPIKey {
            return KakaoPosterSource(apiKey: key, baseURL: configuration.kakaoBaseURL, transport: transport)
        }
        return nil
    }

    /// Closes the database and the HTTP client.
    public func shutdown() async {
        await database.shutdown()
        await upstreamHTTP.shutdown()
    }
}
