import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBIS
import KOBISSimulator
import Logging
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

/// Builds apps for tests, each over its own SQLite file in a fresh temporary directory, at a fixed
/// instant: 2024-03-20 12:00 in Seoul, so yesterday is 2024-03-19 (Tuesday) and its chart is provisional.
enum WebTestSupport {
    static let fixedNow = Date(timeIntervalSince1970: 1_710_903_600)  // 2024-03-20T03:00:00Z
    static let yesterday = "2024-03-19"
    static let settledDate = "2024-03-15"

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("boxoffice-web-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// An app in sample mode over the in-process simulator.
    static func withSampleApp(
        provisionalTTL: TimeInterval = 600, upstream: (SimulatorTransport) -> any HTTPTransport = { $0 },
        _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = AppConfiguration(
            databaseURL: "sqlite://\(directory.path)/app.sqlite", workingDirectory: directory.path,
            provisionalTTL: provisionalTTL)
        let now: @Sendable () -> Date = { fixedNow }
        let app = try await buildApplication(
            configuration, logger: Logger(label: "web-test"),
            transport: upstream(SimulatorTransport(simulator: KOBISSimulator(now: now))), now: now)
        try await app.test(.router) { client in try await body(client) }
    }

    /// An app talking HTTP to a simulator server with a KOBIS key, so faults can be injected.
    static func withSimulatorServer(
        provisionalTTL: TimeInterval = 600, upstreamTimeout: TimeInterval = 10,
        _ body: @Sendable (SimulatorServer, any TestClientProtocol) async throws -> Void
    ) async throws {
        let now: @Sendable () -> Date = { fixedNow }
        let server = SimulatorServer(
            simulator: KOBISSimulator(now: now), host: "127.0.0.1", port: 0, logger: Logger(label: "sim"))
        try await server.start()
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let configuration = AppConfiguration(
                kobisAPIKey: "test-key", kobisBaseURL: server.baseURL,
                databaseURL: "sqlite://\(directory.path)/app.sqlite", workingDirectory: directory.path,
                provisionalTTL: provisionalTTL, upstreamTimeout: upstreamTimeout)
            let app = try await buildApplication(configuration, logger: Logger(label: "web-test"), now: now)
            try await app.test(.router) { client in try await body(server, client) }
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }
}

extension TestClientProtocol {
    /// GETs `uri` and returns the response.
    func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await execute(uri: uri, method: .get, headers: headers) { $0 }
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    /// The `error.message` of an API error body, or `nil` when the body is not one.
    var apiErrorMessage: String? {
        (try? JSONDecoder().decode(APIErrorBody.self, from: Data(text.utf8)))?.error.message
    }

    /// The body as a JSON object.
    var jsonObject: [String: Any]? { jsonValue as? [String: Any] }

    /// The body as whatever JSON it is (an array, an object).
    var jsonValue: Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }
}
