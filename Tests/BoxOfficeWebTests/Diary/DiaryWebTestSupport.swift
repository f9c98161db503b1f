import BoxOfficeCore
import BoxOfficeStore
import BoxOfficeTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBISSimulator
import Logging
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

/// The databases the diary API suite runs on: an SQLite file always; PostgreSQL when
/// `BOXOFFICE_TEST_POSTGRES_URL` is set (or `CI` is, and then the PostgreSQL cases fail without it).
enum DiaryWebBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { self == .sqlite ? "SQLite file" : "PostgreSQL" }

    static var enabled: [DiaryWebBackend] { TestPostgres.isRequested ? [.sqlite, .postgres] : [.sqlite] }
}

/// Builds diary apps for tests: sample mode over the in-process simulator, at the web suite's fixed instant
/// (2024-03-20 12:00 in Seoul), bcrypt at cost 4, served over real HTTP on loopback, on a fresh database.
enum DiaryWebTestSupport {
    static func withApp(
        _ backend: DiaryWebBackend, now: @escaping @Sendable () -> Date = { WebTestSupport.fixedNow },
        _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await withDatabase(backend) { databaseURL, directory in
            try await run(databaseURL: databaseURL, directory: directory, now: now, body)
        }
    }

    /// A fresh, empty database for `backend` (an SQLite file, or a new PostgreSQL database that is dropped after).
    static func withDatabase(
        _ backend: DiaryWebBackend, _ body: @Sendable (_ databaseURL: String, _ directory: URL) async throws -> Void
    ) async throws {
        let directory = try WebTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        switch backend {
        case .sqlite:
            try await body("sqlite://\(directory.path)/diary.sqlite", directory)
        case .postgres:
            try await TestPostgres.withDatabase(prefix: "boxoffice_webtest_") { try await body($0, directory) }
        }
    }

    /// Two instances of the app on one fresh database of `backend`, as a fleet runs them.
    static func withTwoInstances(
        _ backend: DiaryWebBackend,
        _ body: @Sendable (_ first: any TestClientProtocol, _ second: any TestClientProtocol) async throws -> Void
    ) async throws {
        try await withDatabase(backend) { databaseURL, directory in
            try await run(databaseURL: databaseURL, directory: directory) { first in
                try await run(databaseURL: databaseURL, directory: directory) { second in
                    try await body(first, second)
                }
            }
        }
    }

    /// The app's services (no HTTP server) on a fresh database of `backend`, shut down after `body`.
    static func withServices(
        _ backend: DiaryWebBackend, _ body: @Sendable (AppServices) async throws -> Void
    ) async throws {
        try await withDatabase(backend) { databaseURL, directory in
            let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
            let services = try await AppServices.start(
                configuration: configuration(databaseURL: databaseURL, directory: directory), logger: quietLogger,
                transport: SimulatorTransport(simulator: KOBISSimulator(now: now)), now: now)
            do {
                try await body(services)
            } catch {
                await services.shutdown()
                throw error
            }
            await services.shutdown()
        }
    }

    /// The configuration of the diary test apps over `databaseURL`.
    static func configuration(databaseURL: String, directory: URL) -> AppConfiguration {
        AppConfiguration(databaseURL: databaseURL, workingDirectory: directory.path, bcryptCost: 4)
    }

    static func run(
        databaseURL: String, directory: URL, now: @escaping @Sendable () -> Date = { WebTestSupport.fixedNow },
        _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let app = try await buildApplication(
            configuration(databaseURL: databaseURL, directory: directory), logger: quietLogger,
            transport: SimulatorTransport(simulator: KOBISSimulator(now: now)), now: now)
        try await app.test(.live) { client in try await body(client) }
    }

    static var quietLogger: Logger {
        var logger = Logger(label: "diary-web-test")
        logger.logLevel = .critical
        return logger
    }
}

extension TestClientProtocol {
    /// Sends `method uri` with an optional Bearer token and body (a JSON object, or raw text).
    func call(
        _ method: HTTPRequest.Method, _ uri: String, token: String? = nil, json: [String: Any]? = nil,
        text: String? = nil,
        headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = headers
        if let token { headers[.authorization] = "Bearer \(token)" }
        var body: ByteBuffer?
        if let json {
            body = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json))
            headers[.contentType] = "application/json"
        } else if let text {
            body = ByteBuffer(string: text)
        }
        return try await execute(uri: uri, method: method, headers: headers, body: body) { $0 }
    }

    /// Signs up `username` and logs in; returns an API token.
    func account(_ username: String, password: String = "correct horse battery") async throws -> String {
        let signUp = try await call(.post, "/api/v1/users", json: ["username": username, "password": password])
        #expect(signUp.status == .created, "\(signUp.text)")
        let login = try await call(.post, "/api/v1/tokens", json: ["username": username, "password": password])
        #expect(login.status == .created, "\(login.text)")
        return try #require(login.jsonObject?["token"] as? String)
    }

    /// The first movie code of the settled sample chart.
    func sampleMovieCodes() async throws -> [String] {
        let chart = try await get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
        let entries = try #require(chart.jsonObject?["entries"] as? [[String: Any]])
        return entries.compactMap { $0["movieCode"] as? String }
    }

    /// Creates a note and returns its JSON.
    func createNote(_ token: String, _ fields: [String: Any]) async throws -> [String: Any] {
        let response = try await call(.post, "/api/v1/notes", token: token, json: fields)
        #expect(response.status == .created, "\(response.text)")
        return try #require(response.jsonObject)
    }

    /// The total of the user's notes.
    func noteTotal(_ token: String) async throws -> Int {
        let response = try await call(.get, "/api/v1/notes", token: token)
        return try #require(response.jsonObject?["total"] as? Int)
    }
}

/// Every diary API suite, run one test at a time: each test starts a server over a fresh database, and a dozen
/// of them at once starve the rest of the test run on a two-core machine.
@Suite("Diary API", .serialized)
struct DiaryAPITests {}
