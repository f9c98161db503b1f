import BoxOfficeCore
import BoxOfficeStore
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBIS
import KOBISSimulator
import Logging
import Testing

@testable import BoxOfficeWeb

/// Apps for the administrator's pages: sample mode over the in-process simulator (each KOBIS answer delayed by
/// `latency`), at the web suite's fixed instant, bcrypt at cost 4, served over real HTTP on loopback, on a fresh
/// SQLite file or PostgreSQL database. The test gets the app's services too (to grant the role, read the store).
enum AdminTestSupport {
    struct App: Sendable {
        let services: AppServices
        let client: any TestClientProtocol
        /// KOBIS calls the app made, by service.
        let kobis: CountingTransport
    }

    /// The simulator's transport, counting calls by service (`searchDailyBoxOfficeList`, `searchMovieList`, …).
    final class CountingTransport: HTTPTransport, @unchecked Sendable {
        private let base: any HTTPTransport
        private let lock = NSLock()
        private var counts: [String: Int] = [:]

        init(_ base: any HTTPTransport) { self.base = base }

        func calls(_ service: String) -> Int { lock.withLock { counts[service] ?? 0 } }

        func get(_ url: URL) async throws -> HTTPTransportResponse {
            let service = url.deletingPathExtension().lastPathComponent
            lock.withLock { counts[service, default: 0] += 1 }
            return try await base.get(url)
        }
    }

    static func withApp(
        _ backend: DiaryWebBackend = .sqlite, latency: Duration = .zero,
        beforeStart: @Sendable (AppServices) async throws -> Void = { _ in },
        afterStop: @Sendable (_ databaseURL: String, _ directory: URL) async throws -> Void = { _, _ in },
        _ body: @Sendable (App) async throws -> Void
    ) async throws {
        let directory = try WebTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        switch backend {
        case .sqlite:
            let url = "sqlite://\(directory.path)/admin.sqlite"
            try await run(databaseURL: url, directory: directory, latency: latency, beforeStart: beforeStart, body)
            try await afterStop(url, directory)
        case .postgres:
            guard let adminURL = DiaryWebBackend.postgresURL else {
                throw DiaryTestSetupError("CI is set but \(DiaryWebBackend.postgresURLVariable) is not.")
            }
            let adminLocation = try DatabaseLocation(databaseURL: adminURL, workingDirectory: directory.path)
            let admin = try BoxOfficeDatabase(location: adminLocation, logger: DiaryWebTestSupport.quietLogger)
            let name = "boxoffice_admintest_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
            do {
                try await admin.createPostgresDatabase(named: name)
            } catch {
                await admin.shutdown()
                throw error
            }
            var components = URLComponents(string: adminURL)!
            components.path = "/\(name)"
            var failure: (any Error)?
            do {
                try await run(
                    databaseURL: components.string!, directory: directory, latency: latency, beforeStart: beforeStart,
                    body)
                try await afterStop(components.string!, directory)
            } catch {
                failure = error
            }
            do {
                try await admin.dropPostgresDatabase(named: name)
            } catch {
                failure = failure ?? error
            }
            await admin.shutdown()
            if let failure { throw failure }
        }
    }

    private static func run(
        databaseURL: String, directory: URL, latency: Duration,
        beforeStart: @Sendable (AppServices) async throws -> Void, _ body: @Sendable (App) async throws -> Void
    ) async throws {
        let configuration = AppConfiguration(databaseURL: databaseURL, workingDirectory: directory.path, bcryptCost: 4)
        let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
        let kobis = CountingTransport(SimulatorTransport(simulator: KOBISSimulator(now: now), latency: latency))
        let services = try await AppServices.start(
            configuration: configuration, logger: DiaryWebTestSupport.quietLogger, transport: kobis, now: now)
        do {
            try await beforeStart(services)
        } catch {
            await services.shutdown()
            throw error
        }
        let app = try await buildApplication(services: services)
        try await app.test(.live) { client in try await body(App(services: services, client: client, kobis: kobis)) }
    }

    /// Signs `name` up through the pages and, when `admin`, grants the role as `boxoffice admin grant` does.
    static func signedIn(_ app: App, _ name: String, admin: Bool) async throws -> PageBrowser {
        let browser = PageBrowser(app.client)
        try await browser.signUp(name)
        if admin {
            let granted = try await app.services.administrators.setAdministrator(
                true, usernameKey: DiaryValidation.usernameKey(name))
            #expect(granted == name)
        }
        return browser
    }

    /// Posts the backfill form with the page's CSRF token.
    static func submit(_ browser: PageBrowser, from: String, to: String, weekly: Bool = false) async throws -> TestResponse {
        var fields = [("from", from), ("to", to)]
        if weekly { fields.append(("weekly", "on")) }
        return try await browser.submit(on: "/admin/backfill", fields)
    }

    /// The job id a successful submission redirects to.
    static func jobID(_ response: TestResponse) throws -> String {
        let location = try #require(response.location, "\(response.status) \(response.text.prefix(300))")
        let match = try #require(location.firstMatch(of: #/^/admin/backfill/([0-9A-F-]{36})\?done=submitted$/#))
        return String(match.1)
    }

    /// The job's progress JSON.
    static func progress(_ browser: PageBrowser, _ id: String) async throws -> [String: Any] {
        let response = try await browser.get("/admin/backfill/\(id).json")
        #expect(response.status == .ok, "\(response.text.prefix(300))")
        #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
        return try #require(response.jsonObject)
    }

    /// Polls the job's JSON until `done` holds (at most `seconds`).
    static func waitFor(
        _ browser: PageBrowser, _ id: String, seconds: Double = 30, until done: ([String: Any]) -> Bool
    ) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            let json = try await progress(browser, id)
            if done(json) { return json }
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting for backfill \(id): \(json)")
                return json
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    static func status(_ json: [String: Any]) -> String { json["status"] as? String ?? "" }
    static func int(_ json: [String: Any], _ key: String) -> Int { json[key] as? Int ?? -1 }
}
