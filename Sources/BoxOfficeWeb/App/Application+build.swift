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
    return buildApplication(services: services, onServerRunning: onServerRunning)
}

/// Builds the web application over already-started services. The app closes them on shutdown.
public func buildApplication(
    services: AppServices, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    let router = Router(context: BasicRequestContext.self)
    router.get("/health") { _, _ -> Response in
        Response(
            status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: "ok")))
    }
    var app = Application(
        router: router,
        configuration: .init(
            address: .hostname(services.configuration.hostname, port: services.configuration.port),
            serverName: "BoxOffice"),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
        logger: services.logger)
    app.addServices(ServicesShutdown(services: services))
    return app
}

/// Keeps the app's services open while the server runs and closes them on graceful shutdown.
struct ServicesShutdown: Service {
    let services: AppServices

    func run() async throws {
        try? await gracefulShutdown()
        await services.shutdown()
    }
}
