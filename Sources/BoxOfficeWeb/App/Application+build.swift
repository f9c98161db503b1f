public import Foundation
public import Hummingbird
public import KOBIS
public import Logging
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
    let router = buildRouter(
        services: services, renderer: renderer, openAPI: try OpenAPIDocument.loadFromBundle(),
        routeMethods: routeMethods)
    // Known only now that every route is registered: lets an address answer 405 with `Allow` for other methods.
    routeMethods.load(router.routes.map { ($0.path, $0.method) })
    var app = Application(
        router: router,
        // A connection that sends nothing (or only part of a request) for this long is closed.
        server: .http1(
            configuration: .init(idleTimeout: .milliseconds(Int64(services.configuration.idleTimeout * 1000)))),
        configuration: .init(
            address: .hostname(services.configuration.hostname, port: services.configuration.port),
            serverName: "BoxOffice"),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
        logger: services.logger)
    app.addServices(ServicesShutdown(services: services))
    // After ServicesShutdown: services stop in reverse order, so the worker ends before the database closes.
    app.addServices(BackfillWorker(backfill: services.backfill))
    // Likewise after ServicesShutdown: purges expired diary sessions and old failed logins, at start and hourly.
    app.addServices(DiaryHousekeeping(diary: services.diary, logger: services.logger))
    return app
}

/// The routes and middleware. Middleware order matters: the request log comes first (it sets the
/// request id every later log line carries and sees the final status), metrics see the final status, the
/// security headers land on every response (error pages included), and errors become pages or JSON.
/// `routeMethods` lets an address that exists under other methods answer 405 instead of 404.
func buildRouter(
    services: AppServices, renderer: PageRenderer, openAPI: OpenAPIDocument,
    routeMethods: RouteMethodTable = RouteMethodTable()
) -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: RequestLoggingMiddleware())
    router.add(middleware: RequestMetricsMiddleware(registry: services.metrics))
    router.add(middleware: SecurityHeadersMiddleware(publiclyHTTPS: services.configuration.isPubliclyHTTPS))
    router.add(
        middleware: ErrorMiddleware(renderer: renderer, isSampleMode: services.configuration.isSampleMode))
    router.add(middleware: MethodNotAllowedMiddleware(routes: routeMethods))
    router.add(
        middleware: FileMiddleware(
            WebResources.publicDirectory, urlBasePath: "/static",
            cacheControl: .init([(MediaType(type: .text), [.maxAge(3600)])]), logger: services.logger))

    router.get("/health") { _, _ -> Response in
        Response(
            status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: "ok")))
    }
    router.get("/") { _, _ -> Response in .redirect(to: "/daily", type: .normal) }
    router.get("/metrics") { _, _ -> Response in
        Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: services.metrics.emitToString())))
    }
    OpenAPIController<BasicRequestContext>(document: openAPI).addRoutes(to: router)

    let api = router.group("api/v1").add(middleware: APILanguageMiddleware<BasicRequestContext>())
    ChartAPIController<BasicRequestContext>(services: services).addRoutes(to: api)
    MovieAPIController<BasicRequestContext>(services: services).addRoutes(to: api)
    ArchiveAPIController<BasicRequestContext>(services: services).addRoutes(to: api)
    addDiaryAPIRoutes(to: api, services: services)
    // Anything else under /api answers a JSON 404 (the error middleware sees the /api prefix).
    router.get("api/**") { _, _ -> Response in throw WebError.noAPIRoute }

    let pages = router.group()
    // About 200 chart pages; settled charts are rendered once instead of on every request.
    let chartPages = ChartPageCache(pages: RenderedPageCache(byteBudget: 2 << 20), charts: services.charts)
    DailyController<BasicRequestContext>(services: services, renderer: renderer, cache: chartPages).addRoutes(to: pages)
    WeeklyController<BasicRequestContext>(services: services, renderer: renderer, cache: chartPages).addRoutes(
        to: pages)
    PeriodController<BasicRequestContext>(services: services, renderer: renderer).addRoutes(to: pages)
    SearchController<BasicRequestContext>(services: services, renderer: renderer).addRoutes(to: pages)
    MovieController<BasicRequestContext>(services: services, renderer: renderer).addRoutes(to: pages)
    PosterController<BasicRequestContext>(services: services).addRoutes(to: pages)
    addDiaryPageRoutes(to: pages, services: services, renderer: renderer)
    addAdminPageRoutes(to: pages, services: services, renderer: renderer)
    return router
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
