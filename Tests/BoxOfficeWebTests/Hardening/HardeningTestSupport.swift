import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBIS
import KOBISSimulator
import Logging
import ServiceLifecycle
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

/// Apps for the hardening suites: a fresh SQLite file, the web suite's fixed instant, cheap bcrypt, every log
/// record captured. `configure` adjusts the configuration (a public URL, a KOBIS key and base URL, timeouts).
/// `body` also gets the app's services, to reach the database directly.
enum HardeningTestSupport {
    static func withApp(
        _ mode: TestingSetup = .router, configure: @Sendable (inout AppConfiguration) -> Void = { _ in },
        _ body: @Sendable (any TestClientProtocol, AppServices, CapturingLogHandler.Store) async throws -> Void
    ) async throws {
        let directory = try WebTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (logger, store) = CapturingLogHandler.logger()
        var configuration = AppConfiguration(
            databaseURL: "sqlite://\(directory.path)/app.sqlite", workingDirectory: directory.path, bcryptCost: 4)
        configure(&configuration)
        let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
        // Sample mode runs on the in-process simulator; with a key, on whatever KOBIS_BASE_URL names.
        let transport: (any HTTPTransport)? =
            configuration.isSampleMode ? SimulatorTransport(simulator: KOBISSimulator(now: now)) : nil
        let services = try await AppServices.start(
            configuration: configuration, logger: logger, transport: transport, now: now)
        var built = false
        do {
            let app = try await buildApplication(services: services)
            built = true
            // The app's services close the database when the test ends.
            try await app.test(mode) { client in try await body(client, services, store) }
        } catch {
            if !built { await services.shutdown() }
            throw error
        }
    }

    /// The app served as `serve` serves it, on a port of 127.0.0.1, for what Hummingbird's live test mode leaves out
    /// (it drops the server's connection ceiling). `body` gets the port; the server stops when it returns.
    static func withServer(
        configure: @Sendable (inout AppConfiguration) -> Void = { _ in },
        _ body: @Sendable (Int, CapturingLogHandler.Store) async throws -> Void
    ) async throws {
        let directory = try WebTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (logger, store) = CapturingLogHandler.logger()
        var configuration = AppConfiguration(
            databaseURL: "sqlite://\(directory.path)/app.sqlite", workingDirectory: directory.path, port: 0,
            bcryptCost: 4)
        configure(&configuration)
        let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
        let (ports, announce) = AsyncStream<Int>.makeStream()
        let app = try await buildApplication(
            configuration, logger: logger, transport: SimulatorTransport(simulator: KOBISSimulator(now: now)),
            now: now,
            onServerRunning: { port in
                announce.yield(port)
                announce.finish()
            })
        // Stopped gracefully, as a signal stops `serve`: the app's services then close the database.
        let serviceGroup = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                // A server that cannot listen ends the wait for its port too.
                defer { announce.finish() }
                try await serviceGroup.run()
            }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next(), port > 0 else {
                try await group.next()
                throw CancellationError()
            }
            var failure: (any Error)?
            do { try await body(port, store) } catch { failure = error }
            await serviceGroup.triggerGracefulShutdown()
            try await group.waitForAll()
            if let failure { throw failure }
        }
    }

    /// Every route the app's router serves (as `Router.routes` lists them), built over `services`.
    static func routes(_ services: AppServices) async throws -> [(path: String, method: HTTPRequest.Method)] {
        let router = try buildRouter(
            services: services, renderer: try await PageRenderer.loadFromBundle(),
            openAPI: try OpenAPIDocument.loadFromBundle())
        return router.routes.map { ($0.path.description, $0.method) }
    }

    /// The headers every response carries, whatever produced it.
    static let securityHeaders: [(name: String, value: String)] = [
        ("Content-Security-Policy", SecurityHeadersMiddleware<BasicRequestContext>.contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "strict-origin-when-cross-origin"),
        ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Permissions-Policy", "camera=(), microphone=(), geolocation=()"),
    ]

    /// Checks the security headers of `response` (and `Strict-Transport-Security` exactly when `hsts`).
    static func expectSecurityHeaders(
        _ response: TestResponse, _ label: String, hsts: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (name, value) in securityHeaders {
            #expect(
                response.headers[HTTPFields.Element.Name(name)!] == value, "\(label): \(name)",
                sourceLocation: sourceLocation)
        }
        #expect(
            response.headers[.strictTransportSecurity] == (hsts ? "max-age=31536000" : nil), "\(label): HSTS",
            sourceLocation: sourceLocation)
        #expect(
            response.headers[HTTPFields.Element.Name("X-Request-ID")!] != nil, "\(label): X-Request-ID",
            sourceLocation: sourceLocation)
    }
}

extension TestClientProtocol {
    /// Sends any request and returns the response.
    func send(
        _ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields = [:], body: ByteBuffer? = nil
    ) async throws -> TestResponse {
        try await execute(uri: uri, method: method, headers: headers, body: body) { $0 }
    }
}
