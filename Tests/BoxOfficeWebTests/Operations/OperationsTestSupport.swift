import BoxOfficeTestSupport
import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBISSimulator
import Logging

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

/// Apps whose logs are captured, for the request-log and error-mapping tests.
enum OperationsTestSupport {
    /// A sample-mode app (as `WebTestSupport.withSampleApp`) logging into `store`; `body` also gets the
    /// app's temporary directory, which holds its SQLite file `app.sqlite`.
    static func withSampleApp(
        _ body: @Sendable (any TestClientProtocol, CapturingLogHandler.Store, URL) async throws -> Void
    ) async throws {
        let directory = try WebTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (logger, store) = CapturingLogHandler.logger()
        let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
        let app = try await buildApplication(
            AppConfiguration(databaseURL: "sqlite://\(directory.path)/app.sqlite", workingDirectory: directory.path),
            logger: logger, transport: SimulatorTransport(simulator: KOBISSimulator(now: now)), now: now)
        try await app.test(.router) { client in try await body(client, store, directory) }
    }

    /// An app with a KOBIS key talking HTTP to a simulator server, logging into `store`.
    static func withSimulatorServer(
        _ body: @Sendable (SimulatorServer, any TestClientProtocol, CapturingLogHandler.Store) async throws -> Void
    ) async throws {
        let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
        let server = SimulatorServer(simulator: KOBISSimulator(now: now), port: 0, logger: Logger(label: "sim"))
        try await server.start()
        let directory = try WebTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (logger, store) = CapturingLogHandler.logger()
        do {
            let configuration = AppConfiguration(
                kobisAPIKey: "secret-kobis-key", kobisBaseURL: server.baseURL,
                databaseURL: "sqlite://\(directory.path)/app.sqlite", workingDirectory: directory.path)
            let app = try await buildApplication(configuration, logger: logger, now: now)
            try await app.test(.router) { client in try await body(server, client, store) }
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }

    /// The production middleware stack in front of routes that fail in ways the real routes cannot be
    /// made to: an unexplained error, a decoding error, cancellation, a missing template.
    static func withFailingRoutes(
        _ body: @Sendable (any TestClientProtocol, CapturingLogHandler.Store) async throws -> Void
    ) async throws {
        let renderer = try await PageRenderer.loadFromBundle()
        let (logger, store) = CapturingLogHandler.logger()
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: RequestLoggingMiddleware())
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: ErrorMiddleware(renderer: renderer, isSampleMode: true))
        for prefix in ["/api/v1/fail", "/fail"] {
            router.get(RouterPath("\(prefix)/unexpected")) { _, _ -> Response in throw UnexplainedError() }
            router.get(RouterPath("\(prefix)/cancelled")) { _, _ -> Response in throw CancellationError() }
            router.get(RouterPath("\(prefix)/questions-busy")) { _, _ -> Response in
                throw BoxOfficeError.busy(retryAfterSeconds: 5)
            }
            router.get(RouterPath("\(prefix)/import-running")) { _, _ -> Response in
                throw DiaryError.importInProgress
            }
            router.get(RouterPath("\(prefix)/imports-busy")) { _, _ -> Response in
                throw WebError.importsBusy(retryAfterSeconds: 30)
            }
            router.get(RouterPath("\(prefix)/upload-too-slow")) { _, _ -> Response in
                throw WebError.uploadTooSlow(bytesPerSecond: 16 << 10)
            }
            router.get(RouterPath("\(prefix)/busy")) { _, _ -> Response in
                throw DiaryError.busy(retryAfterSeconds: 30)
            }
            router.get(RouterPath("\(prefix)/template")) { _, _ -> Response in
                try renderer.render(["nothing": true], template: "no-such-template")
            }
            router.post(RouterPath("\(prefix)/decode")) { request, _ -> Response in
                let buffer = try await request.body.collect(upTo: 4096)
                let payload = try JSONDecoder().decode(Payload.self, from: Data(buffer.readableBytesView))
                return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: payload.name)))
            }
        }
        let app = Application(router: router, logger: logger)
        try await app.test(.router) { client in try await body(client, store) }
    }

    /// Whether `python3` runs (the store-failure test uses its sqlite3 module).
    static let hasPython3: Bool = (try? runPython3("pass")) != nil

    /// Runs `python3 -c code arguments…` and throws unless it exits 0.
    static func runPython3(_ code: String, arguments: [String] = []) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", code] + arguments
        try process.run()
        process.waitUntilEnded()
        guard process.terminationStatus == 0 else {
            throw PythonFailed(status: process.terminationStatus)
        }
    }

    struct PythonFailed: Error {
        var status: Int32
    }

    struct Payload: Decodable {
        var name: String
        var items: [Int]
    }

    /// An error nothing maps, whose description holds things that must stay out of responses and logs.
    struct UnexplainedError: Error, CustomStringConvertible {
        var description: String {
            "internal detail: SELECT * FROM users at http://upstream.example/api?key=secret-url-key\nsecond line"
        }
    }
}
