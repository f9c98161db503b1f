public import BoxOfficeCore
public import BoxOfficeStore
public import Foundation
public import KOBIS
import BoxOfficeText
import KOBISSimulator
public import Logging
public import Prometheus

/// The services of one BoxOffice instance: the database, the upstream (KOBIS or the simulator) and the domain
/// services, built once from one ``AppConfiguration``. The web app's composition root hands each controller the
/// few it calls; every CLI command takes the ones it needs.
public struct AppServices: Sendable {
    public let configuration: AppConfiguration
    public let database: BoxOfficeDatabase
    public let calendar: BoxOfficeCalendar
    public let charts: ChartService
    public let movies: MovieService
    /// Poster lookup (TMDB, else Kakao, else none: the pages then draw a placeholder).
    public let posters: PosterService
    /// The diary's accounts, API tokens and browser sessions.
    public let diaryAccounts: DiaryAccountService
    /// The diary's notes and categories.
    public let diaryNotes: DiaryNoteService
    /// The diary's import and export.
    public let diaryTransfer: DiaryTransferService
    /// The diary's statistics.
    public let diaryStatistics: DiaryStatisticsService
    /// Reads the archive of this instance's upstream (period charts, trends, exports); never calls KOBIS. One for
    /// the instance, so its period charts stay cached.
    public let archive: ArchiveService
    /// Films' runs from the archive (the film page, `/api/v1/movies/{code}/run`, `boxoffice run`): never KOBIS.
    public let filmRuns: FilmRunService
    /// The market from the archive (`/market/…`, `boxoffice market …`): never KOBIS.
    public let market: MarketService
    /// The records from the archive (`/records/…`, `boxoffice records …`): never KOBIS.
    public let records: RecordsService
    /// Administrators' background backfills; this instance's worker runs with the web app.
    public let backfill: BackfillService
    /// The administrator role of diary accounts.
    public let administrators: any AdministratorRepository
    /// Every KOBIS call of this instance, counted per key and KST day in the store the fleet shares.
    public let ledger: QuotaLedger
    /// The archive keeper (``AppConfiguration/keeperEnabled``); `serve` runs it with the web app.
    public let keeper: ArchiveKeeper
    public let upstream: any BoxOfficeUpstream
    /// People's webhooks and their deliveries; hears about new alerts (``AlertListener``).
    public let webhooks: WebhookService
    /// Sends the stored webhook deliveries that are due; the web app runs it in the background.
    public let webhookDispatcher: WebhookDispatcher
    /// Wakes the dispatcher when a delivery is queued.
    public let webhookSignal: WakeSignal
    /// The daily chart digest for a group's chat, when `BOXOFFICE_DIGEST_WEBHOOK` is set.
    public let digest: DigestService?
    /// People's watchlists.
    public let watchlist: WatchlistService
    /// People's alerts (notifications) about the films on their watchlists.
    public let notifications: any AlertRepository
    /// Derives alerts when a daily chart is stored; every chart this app stores goes through it.
    public let alerts: AlertService
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
    ///   - webhookBackoff: the wait before a failed webhook delivery's next attempt (tests pass zero).
    ///   - passwordHasher: overrides bcrypt at ``AppConfiguration/bcryptCost`` (tests that count checks).
    public static func start(
        configuration: AppConfiguration, logger: Logger, transport: (any HTTPTransport)? = nil,
        now: @escaping @Sendable () -> Date = { Date() },
        webhookBackoff: @escaping @Sendable (Int) -> TimeInterval = WebhookDispatcher.defaultBackoff,
        passwordHasher: (any PasswordHasher)? = nil
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
        let ledger = makeLedger(configuration: configuration, database: database, calendar: calendar, logger: logger)
        // The gate is outside the counter: a call the ledger refuses is never made, and /metrics counts only calls
        // that were.
        let gated = QuotaGatedTransport(base: CountingTransport(base: baseTransport, registry: metrics), ledger: ledger)
        let client = KOBISClient(
            apiKey: configuration.kobisAPIKey ?? SimulatorTransport.sampleKey,
            baseURL: configuration.isSampleMode ? AppConfiguration.defaultKOBISBaseURL : configuration.kobisBaseURL,
            transport: gated)
        let upstream = KOBISUpstream(client: client, source: configuration.isSampleMode ? .sample : .kobis, now: now)
        let origin = configuration.upstreamOrigin
        let instanceID = UUID().uuidString
        // On PostgreSQL the instances make one KOBIS call between them for a cold chart; one SQLite instance calls
        // for itself.
        let fleet =
            database.location.isSQLite
            ? nil
            : ChartFleet(
                leases: database.leaseStore(), instanceID: instanceID,
                claimDuration: configuration.upstreamTimeout + 5)
        let webhookSignal = WakeSignal()
        let webhookPolicy = WebhookTargetPolicy(
            resolver: SystemHostResolver(), allowPrivate: configuration.webhookAllowPrivate)
        let webhooks = WebhookService(
            repository: database.webhookRepository(), policy: webhookPolicy, wording: WebhookText(),
            calendar: calendar, wake: { webhookSignal.signal() }, reportRefusal: { logger.notice("\($0)") })
        let notifications = database.alertRepository()
        let alerts = AlertService(
            watchlist: database.watchlistRepository(), notifications: notifications,
            charts: database.chartRepository(origin: origin), calendar: calendar, listener: webhooks)
        let charts = ChartService(
            upstream: upstream,
            repository: alertingCharts(database: database, origin: origin, alerts: alerts, logger: logger),
            calendar: calendar,
            provisionalTTL: configuration.provisionalTTL, fleet: fleet)
        let movies = MovieService(
            upstream: upstream, repository: database.movieRepository(origin: origin),
            cache: database.responseCache(origin: origin), calendar: calendar)
        let posters = PosterService(
            source: posterSource(configuration, http: upstreamHTTP), cache: database.responseCache(origin: "posters"),
            calendar: calendar)
        let diary = database.diaryRepositories(nationOrigin: origin)
        let accounts = DiaryAccountService(
            users: diary.users, tokens: diary.tokens, sessions: diary.sessions, loginAttempts: diary.loginAttempts,
            devices: database.loginDeviceRepository(),
            hasher: passwordHasher ?? BcryptPasswordHasher(cost: configuration.bcryptCost),
            digester: SHA256SecretDigester(), calendar: calendar,
            settings: DiaryAccountService.Settings(signupsPerAsker: configuration.signupsPerAddress),
            limits: configuration.diaryLimits)
        let notes = DiaryNoteService(
            categories: diary.categories, notes: diary.notes, catalog: movies, digester: SHA256SecretDigester(),
            calendar: calendar, limits: configuration.diaryLimits)
        let transfer = DiaryTransferService(
            categories: diary.categories, notes: diary.notes, catalog: movies, calendar: calendar,
            watchlist: database.watchlistRepository(),
            lookups: ImportLookupBudget(
                store: database.importLookupBudgetStore(), perDay: configuration.importLookupsPerDay, calendar: calendar
            ), limits: configuration.diaryLimits)
        let archive = ArchiveService(
            archive: database.archiveRepository(origin: origin), charts: database.chartRepository(origin: origin),
            movies: database.movieRepository(origin: origin), calendar: calendar, source: charts.source)
        let makeEngine: @Sendable (SyncOptions) -> SyncEngine = { options in
            syncEngine(
                options: options, configuration: configuration, database: database, upstream: upstream,
                calendar: calendar, ledger: ledger, alerts: alerts, logger: logger)
        }
        let backfill = BackfillService(
            jobs: database.backfillJobRepository(), calendar: calendar, instanceID: instanceID, makeEngine: makeEngine,
            reportProblem: { logger.warning("backfill: \($0)") })
        let keeper = makeKeeper(
            configuration: configuration, database: database, calendar: calendar, ledger: ledger,
            instanceID: instanceID, logger: logger, makeEngine: makeEngine)
        let webhookDispatcher = WebhookDispatcher(
            repository: database.webhookRepository(), transport: WebhookSender(policy: webhookPolicy),
            calendar: calendar, holder: instanceID, backoff: webhookBackoff,
            reportProblem: { logger.warning("\($0)") })
        let digest = configuration.digestWebhook.map { url in
            DigestService(
                url: url.absoluteString, format: configuration.digestFormat,
                charts: database.chartRepository(origin: origin), leases: database.leaseStore(),
                transport: WebhookSender(policy: webhookPolicy), wording: WebhookText(), calendar: calendar,
                holder: instanceID, morningHour: configuration.keeperHour)
        }
        // One gate for every archive question, pages and API alike: they share the store's connections.
        let analytics = AnalyticsGate()
        return AppServices(
            configuration: configuration, database: database, calendar: calendar, charts: charts, movies: movies,
            posters: posters, diaryAccounts: accounts, diaryNotes: notes, diaryTransfer: transfer,
            diaryStatistics: DiaryStatisticsService(notes: diary.notes), archive: archive,
            filmRuns: FilmRunService(
                repository: database.filmRunRepository(origin: origin),
                movies: database.movieRepository(origin: origin),
                source: charts.source, gate: analytics),
            market: MarketService(
                market: database.marketRepository(origin: origin), calendar: calendar, source: charts.source,
                gate: analytics),
            records: RecordsService(
                records: database.recordsRepository(origin: origin), source: charts.source, gate: analytics),
            backfill: backfill,
            administrators: database.administratorRepository(), ledger: ledger, keeper: keeper, upstream: upstream,
            webhooks: webhooks, webhookDispatcher: webhookDispatcher, webhookSignal: webhookSignal, digest: digest,
            watchlist: WatchlistService(
                watchlist: database.watchlistRepository(), catalog: movies,
                charts: database.chartRepository(origin: origin),
                archive: database.archiveRepository(origin: origin), calendar: calendar),
            notifications: notifications, alerts: alerts,
            metrics: metrics, logger: logger, upstreamHTTP: upstreamHTTP)
    }

    /// A sync engine that fills this instance's archive from its upstream (KOBIS, or the simulator in sample mode).
    public func syncEngine(options: SyncOptions) -> SyncEngine {
        Self.syncEngine(
            options: options, configuration: configuration, database: database, upstream: upstream,
            calendar: calendar, ledger: ledger, alerts: alerts, logger: logger)
    }

    /// The engine of `boxoffice sync` and of the background backfill: the configured provisional TTL, this
    /// instance's repositories.
    private static func syncEngine(
        options: SyncOptions, configuration: AppConfiguration, database: BoxOfficeDatabase,
        upstream: any BoxOfficeUpstream, calendar: BoxOfficeCalendar, ledger: QuotaLedger, alerts: AlertService,
        logger: Logger
    ) -> SyncEngine {
        let origin = configuration.upstreamOrigin
        var options = options
        options.provisionalTTL = configuration.provisionalTTL
        return SyncEngine(
            upstream: upstream,
            charts: alertingCharts(database: database, origin: origin, alerts: alerts, logger: logger),
            movies: database.movieRepository(origin: origin),
            archive: database.archiveRepository(origin: origin), calendar: calendar, options: options, quota: ledger)
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
