public import BoxOfficeApp
import BoxOfficeCore
public import Foundation
public import Hummingbird
public import KOBIS
public import Logging
import HummingbirdCore
import OpenAPIHummingbird
import OpenAPIRuntime
import ServiceLifecycle

/// Builds the BoxOffice web application from one configuration.
///
/// - Parameters:
///   - configuration: environment and flags, already parsed.
///   - logger: where request and lifecycle logs go.
///   - transport: overrides the KOBIS transport (tests).
///   - now: the clock (tests).
public func buildApplication(
    _ configuration: AppConfiguration, logger: Logger = Logger(label: "boxoffice"),
    transport: (any HTTPTransport)? = nil, now: @escaping @Sendable () -> Date = { Date() },
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let services = try await AppServices.start(
        configuration: configuration, logger: logger, transport: transport, now: now)
    do {
        return try await buildApplication(services: services, onServerRunning: onServerRunning)
    } catch {
        await services.shutdown()
        throw error
    }
}

/// Builds the web application over already-started services. The app closes them on shutdown.
/// Throws when the page templates or the OpenAPI document cannot be loaded.
public func buildApplication(
    services: AppServices, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let renderer = try await PageRenderer.loadFromBundle()
    let routeMethods = RouteMethodTable()
    let router = try buildRouter(
        services: services, renderer: renderer, openAPI: try OpenAPIDocument.loadFromBundle(),
        routeMethods: routeMethods)
    // Known only now that every route is registered: lets an address answer 405 with `Allow` for other methods.
    routeMethods.load(router.routes.map { ($0.path, $0.method) })
    // Connections: one address may hold a bounded number (the rest are closed as they arrive), and all of them
    // stop short of the open-file limit, so the database and KOBIS can always be reached (`ConnectionLimits`).
    let configuration = services.configuration
    let perAddress = ConnectionLimits.perAddress(
        configured: configuration.connectionsPerAddress, hostname: configuration.hostname)
    let limiter = ConnectionLimiter(perAddress: perAddress, registry: services.metrics, logger: services.logger)
    let openFiles = OpenFileLimit.current()
    let maximum = ConnectionLimits.maximum(configured: configuration.maxConnections, openFiles: openFiles)
    services.logger.info(
        "connections: at most \(maximum) open, \(perAddress == 0 ? "no limit" : String(perAddress)) per address",
        metadata: ["openFileLimit": "\(openFiles.map(String.init) ?? "none")"])
    if let openFiles, maximum > openFiles - ConnectionLimits.reserve(openFiles: openFiles) {
        services.logger.warning(
            "connections: BOXOFFICE_MAX_CONNECTIONS leaves little of the open-file limit to the database and KOBIS",
            metadata: ["maximum": "\(maximum)", "openFileLimit": "\(openFiles)"])
    }
    var app = Application(
        router: router,
        // A connection that sends nothing (or only part of a request) for this long is closed.
        server: .http1(
            configuration: .init(
                additionalChannelHandlers: [ConnectionLimitHandler(limiter: limiter)],
                idleTimeout: .milliseconds(Int64(configuration.idleTimeout * 1000)))),
        configuration: .init(
            address: .hostname(configuration.hostname, port: configuration.port), serverName: "BoxOffice",
            availableConnectionsDelegate: MaximumAvailableConnections(maximum, logger: services.logger)),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
        logger: services.logger)
    app.addServices(ServicesShutdown(services: services))
    // After ServicesShutdown: services stop in reverse order, so the worker ends before the database closes.
    app.addServices(BackfillWorker(backfill: services.backfill))
    // Likewise: the archive keeper stops (after its calls in flight, letting its lease go) before the database closes.
    app.addServices(KeeperWorker(keeper: services.keeper))
    // Likewise: webhook deliveries stop (an attempt cut short is retried later) before the database closes.
    app.addServices(WebhookWorker(dispatcher: services.webhookDispatcher, signal: services.webhookSignal))
    if let digest = services.digest { app.addServices(DigestWorker(digest: digest, logger: services.logger)) }
    // Likewise after ServicesShutdown: purges expired diary sessions and old failed logins, at start and hourly.
    app.addServices(DiaryHousekeeping(diary: services.diaryAccounts, logger: services.logger))
    return app
}

/// The routes and middleware: every controller is built here, once, from the few services it calls.
/// Middleware order matters: the request log comes first (it sets the
/// request id every later log line carries and sees the final status), metrics see the final status, the
/// security headers land on every response (error pages included), text answers made per request are compressed and
/// tagged (kept pages and static files carry their forms already), every page is labelled with the account it was
/// shown to, and errors become pages or JSON.
/// `routeMethods` lets an address that exists under other methods answer 405 instead of 404.
func buildRouter(
    services: AppServices, renderer: PageRenderer, openAPI: OpenAPIDocument,
    routeMethods: RouteMethodTable = RouteMethodTable(), imports: ImportsInProgress = ImportsInProgress()
) throws -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: RequestLoggingMiddleware())
    router.add(middleware: RequestMetricsMiddleware(registry: services.metrics))
    router.add(middleware: SecurityHeadersMiddleware(publiclyHTTPS: services.configuration.isPubliclyHTTPS))
    router.add(middleware: ResponseEncodingMiddleware())
    // Every page says whom it was shown to, error pages and the offline page included (the diary's own pages say it
    // as they check the session).
    let labels = AccountLabels()
    router.add(middleware: PageAccountLabelMiddleware(diary: services.diaryAccounts, labels: labels))
    router.add(
        middleware: ErrorMiddleware(renderer: renderer, isSampleMode: services.configuration.isSampleMode))
    router.add(middleware: QueryLimitMiddleware())
    // Names the client where one address holds only a few places in the archive's line of questions and in the line
    // of password checks, and signs up only so many accounts; off behind a proxy, as the connections' limit is,
    // unless the proxy is trusted to say whom it forwards for.
    let perAddress = ConnectionLimits.perAddress(
        configured: services.configuration.connectionsPerAddress, hostname: services.configuration.hostname)
    let trustedProxies = services.configuration.trustedProxies
    router.add(
        middleware: AskerMiddleware(
            enabled: perAddress != 0 || !trustedProxies.isEmpty, trustedProxies: trustedProxies,
            logger: services.logger))
    router.add(middleware: MethodNotAllowedMiddleware(routes: routeMethods))
    StaticAssetController(assets: renderer.assets).addRoutes(to: router)
    try PWAController(renderer: renderer, isSampleData: services.configuration.isSampleMode).addRoutes(to: router)

    router.get("/health") { _, _ -> Response in
        Response(
            status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: "ok")))
    }
    router.get("/") { _, _ -> Response in .redirect(to: "/daily", type: .normal) }
    let keeperMetrics = KeeperMetrics(registry: services.metrics, ledger: services.ledger, keeper: services.keeper)
    router.get("/metrics") { _, _ -> Response in
        await keeperMetrics.refresh()
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: services.metrics.emitToString())))
    }
    OpenAPIController<AppRequestContext>(document: openAPI).addRoutes(to: router)
    // `imports`: one import at a time per person and two per server, whether through a page or the API.

    // The routes generated from the document (their paths carry /api/v1), the diary's included: a `lang` the API does
    // not speak is refused first, then public answers that cannot change are served as kept (a few megabytes of
    // charts, films and periods), and the generated code sees no media types (it has one for each operation).
    let generated = router.group()
        .add(middleware: APILanguageMiddleware<AppRequestContext>())
        .add(
            middleware: KeptAPIAnswerMiddleware<AppRequestContext>(
                answers: RenderedPageCache(byteBudget: 8 << 20), calendar: services.calendar,
                versions: [ArchiveStatusHandler.path: { [keeper = services.keeper] in keeper.statusVersion }])
        )
        .add(middleware: APIMediaTypeMiddleware<AppRequestContext>())
    try BoxOfficeAPI(
        charts: ChartAPIHandler(
            charts: services.charts, movies: services.movies, archive: services.archive, calendar: services.calendar),
        movies: MovieAPIHandler(movies: services.movies, calendar: services.calendar),
        archive: ArchiveAPIHandler(archive: services.archive, calendar: services.calendar),
        archiveStatus: ArchiveStatusHandler(keeper: services.keeper, ledger: services.ledger),
        runs: FilmRunAPIHandler(runs: services.filmRuns, archive: services.archive, calendar: services.calendar),
        market: MarketAPIHandler(market: services.market, archive: services.archive, calendar: services.calendar),
        records: RecordsAPIHandler(records: services.records, archive: services.archive, calendar: services.calendar),
        accounts: AccountAPIHandler(accounts: services.diaryAccounts, labels: labels),
        categories: CategoryAPIHandler(notes: services.diaryNotes),
        notes: NoteAPIHandler(notes: services.diaryNotes, watchlist: services.watchlist, calendar: services.calendar),
        transfer: TransferAPIHandler(transfer: services.diaryTransfer, imports: imports),
        stats: StatsAPIHandler(statistics: services.diaryStatistics),
        watchlist: WatchlistAPIHandler(watchlist: services.watchlist, calendar: services.calendar),
        watchlistImport: WatchlistImportAPIHandler(importer: services.watchlistImporter, imports: imports),
        notifications: NotificationAPIHandler(notifications: services.notifications),
        webhooks: WebhookAPIHandler(webhooks: services.webhooks)
    ).registerHandlers(
        on: generated, serverURL: Servers.Server1.url(), configuration: BoxOfficeAPI.configuration,
        middlewares: apiMiddlewares(services: services, openAPI: openAPI))
    // Anything else under /api answers a JSON 404 (the error middleware sees the /api prefix).
    router.get("api/**") { _, _ -> Response in throw WebError.noAPIRoute }

    let pages = router.group()
    let site = PageSite(isSampleData: services.configuration.isSampleMode, calendar: services.calendar)
    // About 200 chart pages (each with its gzip form); settled charts are rendered once instead of on every request.
    let chartPages = ChartPageCache(pages: RenderedPageCache(byteBudget: 4 << 20), charts: services.charts)
    for page in [ChartPageController<AppRequestContext>.Page.daily, .weekly] {
        ChartPageController<AppRequestContext>(
            page: page, charts: services.charts, movies: services.movies, archive: services.archive,
            calendar: services.calendar, renderer: renderer, cache: chartPages
        ).addRoutes(to: pages)
    }
    ChartFeedController<AppRequestContext>(
        feeds: services.chartFeeds, renderer: renderer, publicURL: services.configuration.publicURL
    ).addRoutes(to: pages)
    PersonalFeedController<AppRequestContext>(
        feeds: services.personalFeeds, renderer: renderer, calendar: services.calendar,
        publicURL: services.configuration.publicURL
    ).addRoutes(to: pages)
    let runningKeeper = services.keeper.options.enabled ? services.keeper : nil
    // Films' pages and runs and searches' pages (a few thousand are looked at; the least recently used go first), and
    // settled periods' pages.
    let moviePages = MoviePageCache(pages: RenderedPageCache(byteBudget: 8 << 20), calendar: services.calendar)
    PeriodController<AppRequestContext>(
        archive: services.archive, keeper: runningKeeper, calendar: services.calendar, renderer: renderer,
        pages: RenderedPageCache(byteBudget: 4 << 20), trends: moviePages
    ).addRoutes(to: pages)
    // The market pages, each kept five minutes per address and language (a few hundred kilobytes).
    MarketController<AppRequestContext>(
        market: services.market, archive: services.archive, calendar: services.calendar, renderer: renderer,
        pages: RenderedPageCache(byteBudget: 4 << 20)
    ).addRoutes(to: pages)
    // The records pages, each kept five minutes per address and language.
    RecordsController<AppRequestContext>(
        records: services.records, archive: services.archive, calendar: services.calendar, renderer: renderer,
        pages: RenderedPageCache(byteBudget: 2 << 20)
    ).addRoutes(to: pages)
    SearchController<AppRequestContext>(movies: services.movies, site: site, renderer: renderer, cache: moviePages)
        .addRoutes(to: pages)
    MovieController<AppRequestContext>(
        movies: services.movies, archive: services.archive, runs: services.filmRuns, source: services.charts.source,
        keeperRuns: runningKeeper != nil, renderer: renderer, cache: moviePages
    ).addRoutes(to: pages)
    PosterController<AppRequestContext>(movies: services.movies, posters: services.posters, logger: services.logger)
        .addRoutes(to: pages)
    addDiaryPageRoutes(
        to: pages, services: services, site: site, renderer: renderer, imports: imports, labels: labels)
    addAdminPageRoutes(to: pages, services: services, site: site, renderer: renderer)
    return router
}

/// Around every generated operation, outermost first: headers go out as plain text; the diary's answers are not
/// kept by caches; the operations the document secures need a Bearer token (checked before anything is read); bodies
/// are read as each operation's rule says (a size limit, the `null`s of a note's `PATCH` noted, an import streamed);
/// queries are checked with the pages' rules and words; lists of notes are kept until the diary changes (about a
/// hundred pages of 50 notes). What differs per operation is declared beside its handler (``APIOperationRule``).
private func apiMiddlewares(services: AppServices, openAPI: OpenAPIDocument) -> [any ServerMiddleware] {
    let rules = APIOperationRules(
        ChartAPIHandler.rules + MovieAPIHandler.rules + ArchiveAPIHandler.rules + CategoryAPIHandler.rules
            + NoteAPIHandler.rules + TransferAPIHandler.rules + StatsAPIHandler.rules + WatchlistAPIHandler.rules
            + WatchlistImportAPIHandler.rules + NotificationAPIHandler.rules + MarketAPIHandler.rules
            + RecordsAPIHandler.rules + FilmRunAPIHandler.rules)
    return [
        APIResponseHeadersMiddleware(),
        DiaryNoStoreMiddleware(diaryOperations: openAPI.operationIDs(tagged: "diary")),
        DiaryBearerTokenMiddleware(accounts: services.diaryAccounts, securedOperations: openAPI.securedOperationIDs),
        APIRequestBodyMiddleware(rules: rules),
        DiaryExportContentTypeMiddleware(),
        APIQueryMiddleware(rules: rules, calendar: services.calendar),
        KeptNoteListMiddleware(
            notes: services.diaryNotes, answers: RenderedPageCache(byteBudget: 4 << 20), calendar: services.calendar),
    ]
}

/// The diary's web pages. Every one runs in ``DiaryPageContext`` behind ``DiarySessionMiddleware``; sign-up
/// and log-in check the pre-session CSRF cookie, everything else needs a session (anonymous requests are
/// sent to `/login?next=…`) and the session's CSRF token on every form post.
private func addDiaryPageRoutes(
    to group: RouterGroup<AppRequestContext>, services: AppServices, site: PageSite, renderer: PageRenderer,
    imports: ImportsInProgress, labels: AccountLabels
) {
    let accounts = services.diaryAccounts
    let notes = services.diaryNotes
    let diary = group.group(context: DiaryPageContext.self)
        .add(middleware: DiarySessionMiddleware<DiaryPageContext>(diary: accounts, calendar: services.calendar))

    SessionStatusController<DiaryPageContext>(administrators: services.administrators).addRoutes(to: diary)
    WatchlistMarksController<DiaryPageContext>(watchlist: services.watchlist, notifications: services.notifications)
        .addRoutes(to: diary)

    let guests = diary.group()
        .add(
            middleware: CSRFMiddleware<DiaryPageContext>(
                expected: .preSessionCookie, limits: FormBody.Limits(urlEncoded: 64 << 10, multipart: 64 << 10)))
    SignupController<DiaryPageContext>(accounts: accounts, site: site, renderer: renderer).addRoutes(to: guests)
    LoginController<DiaryPageContext>(accounts: accounts, site: site, renderer: renderer).addRoutes(to: guests)

    // Only signed-in users get this far. Forms are small; only the two import pages take a file (as multipart, its
    // token compared before the file is read), one import at a time per person and two per server.
    let members = diary.group()
        .add(middleware: RequireSessionMiddleware<DiaryPageContext>())
        .add(middleware: CSRFMiddleware<DiaryPageContext>(expected: .session))
    let transferMembers = diary.group()
        .add(middleware: RequireSessionMiddleware<DiaryPageContext>())
        .add(
            middleware: CSRFMiddleware<DiaryPageContext>(
                expected: .session, limits: .imports(fileLimit: TransferController<DiaryPageContext>.importSizeLimit),
                imports: imports))
    let watchlistImportMembers = diary.group()
        .add(middleware: RequireSessionMiddleware<DiaryPageContext>())
        .add(
            middleware: CSRFMiddleware<DiaryPageContext>(
                expected: .session,
                limits: .imports(fileLimit: WatchlistImportController<DiaryPageContext>.importSizeLimit),
                imports: imports))
    LogoutController<DiaryPageContext>(accounts: accounts, site: site, renderer: renderer, labels: labels)
        .addRoutes(to: members)
    AccountController<DiaryPageContext>(
        accounts: accounts, administrators: services.administrators, watchlist: services.watchlist, site: site,
        renderer: renderer, labels: labels
    ).addRoutes(to: members)
    // About 200 notes pages of 20 notes and 50 statistics pages (80 KB for twenty years of notes a month); each
    // session's pages are rendered once per change to the diary.
    let diaryPages = DiaryPageCache(pages: RenderedPageCache(byteBudget: 8 << 20), calendar: services.calendar)
    NotesController<DiaryPageContext>(notes: notes, site: site, renderer: renderer, cache: diaryPages)
        .addRoutes(to: members)
    NoteController<DiaryPageContext>(
        notes: notes, movies: services.movies, watchlist: services.watchlist, site: site, renderer: renderer
    ).addRoutes(to: members)
    CategoriesController<DiaryPageContext>(notes: notes, site: site, renderer: renderer).addRoutes(to: members)
    StatsController<DiaryPageContext>(
        diaryStatistics: services.diaryStatistics, notes: notes, site: site, renderer: renderer, cache: diaryPages
    ).addRoutes(to: members)
    TransferController<DiaryPageContext>(transfer: services.diaryTransfer, site: site, renderer: renderer)
        .addRoutes(to: transferMembers)
    WatchlistPageController<DiaryPageContext>(
        watchlist: services.watchlist, notifications: services.notifications, site: site, renderer: renderer
    ).addRoutes(to: members)
    WatchlistImportController<DiaryPageContext>(importer: services.watchlistImporter, site: site, renderer: renderer)
        .addRoutes(to: watchlistImportMembers)
    WebhookPageController<DiaryPageContext>(webhooks: services.webhooks, site: site, renderer: renderer)
        .addRoutes(to: members)
    FeedAddressController<DiaryPageContext>(
        addresses: services.feedAddresses, site: site, renderer: renderer, publicURL: services.configuration.publicURL
    ).addRoutes(to: members)
}

/// The administrator's pages, behind the diary's session, an administrator check and the session's CSRF token.
private func addAdminPageRoutes(
    to group: RouterGroup<AppRequestContext>, services: AppServices, site: PageSite, renderer: PageRenderer
) {
    let admin = group.group(context: DiaryPageContext.self)
        .add(
            middleware: DiarySessionMiddleware<DiaryPageContext>(
                diary: services.diaryAccounts, calendar: services.calendar)
        )
        .add(middleware: RequireSessionMiddleware<DiaryPageContext>())
        .add(middleware: RequireAdministratorMiddleware<DiaryPageContext>(administrators: services.administrators))
        .add(
            middleware: CSRFMiddleware<DiaryPageContext>(
                expected: .session, limits: FormBody.Limits(urlEncoded: 16 << 10, multipart: 16 << 10)))
    BackfillController<DiaryPageContext>(
        backfill: services.backfill, keeper: services.keeper, ledger: services.ledger, site: site, renderer: renderer
    ).addRoutes(to: admin)
    KeeperController<DiaryPageContext>(keeper: services.keeper, site: site).addRoutes(to: admin)
}

/// Keeps the app's services open while the server runs and closes them on graceful shutdown.
struct ServicesShutdown: Service, CustomStringConvertible {
    let services: AppServices

    // ServiceLifecycle logs every service's description at startup; the default one would dump the
    // configuration, API keys included.
    var description: String { "ServicesShutdown" }

    func run() async throws {
        try? await gracefulShutdown()
        await services.shutdown()
    }
}
