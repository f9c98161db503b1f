import BoxOfficeCore
import BoxOfficeStore
import BoxOfficeTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBIS
import KOBISSimulator
import Logging
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

/// Apps for the administrator's pages: sample mode over the in-process simulator (each KOBIS answer delayed by
/// `latency`; with `gatePassing`, calls after that many are held until the test opens the gate), at the web
/// suite's fixed instant, bcrypt at cost 4, served over real HTTP on loopback, on a fresh
/// SQLite file or PostgreSQL database. The test gets the app's services too (to grant the role, read the store).
enum AdminTestSupport {
    struct App: Sendable {
        let services: AppServices
        let client: any TestClientProtocol
        /// Present when the app was built with `gatePassing`.
        let gate: GatedTransport?
        /// KOBIS calls that reached the simulator, by service.
        let kobis: ServiceCallCounter
    }

    static func withApp(
        _ backend: DiaryWebBackend = .sqlite, latency: Duration = .zero, gatePassing: Int? = nil,
        beforeStart: @Sendable (AppServices) async throws -> Void = { _ in },
        afterStop: @Sendable (_ databaseURL: String, _ directory: URL) async throws -> Void = { _, _ in },
        _ body: @Sendable (App) async throws -> Void
    ) async throws {
        let kobis = ServiceCallCounter(
            SimulatorTransport(simulator: KOBISSimulator(now: { WebTestSupport.fixedNow }), latency: latency))
        let gate = gatePassing.map { GatedTransport(kobis, passing: $0) }
        try await DiaryWebTestSupport.withDatabase(backend) { databaseURL, directory in
            try await run(
                databaseURL: databaseURL, directory: directory, gate: gate, kobis: kobis,
                beforeStart: beforeStart, body)
            try await afterStop(databaseURL, directory)
        }
    }

    private static func run(
        databaseURL: String, directory: URL, gate: GatedTransport?, kobis: ServiceCallCounter,
        beforeStart: @Sendable (AppServices) async throws -> Void, _ body: @Sendable (App) async throws -> Void
    ) async throws {
        let configuration = DiaryWebTestSupport.configuration(databaseURL: databaseURL, directory: directory)
        let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
        let services = try await AppServices.start(
            configuration: configuration, logger: DiaryWebTestSupport.quietLogger, transport: gate ?? kobis, now: now)
        do {
            try await beforeStart(services)
        } catch {
            await services.shutdown()
            throw error
        }
        let app = try await buildApplication(services: services)
        try await app.test(.live) { client in
            try await body(App(services: services, client: client, gate: gate, kobis: kobis))
        }
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
    static func submit(_ browser: PageBrowser, from: String, to: String, weekly: Bool = false) async throws
        -> TestResponse
    {
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
        var json: [String: Any] = [:]
        try await Wait.until(
            "backfill \(id) to get there", limit: .seconds(seconds), every: .milliseconds(50), detail: { "\(json)" }
        ) {
            json = try await progress(browser, id)
            return done(json)
        }
        return json
    }

    static func status(_ json: [String: Any]) -> String { json["status"] as? String ?? "" }
    static func int(_ json: [String: Any], _ key: String) -> Int { json[key] as? Int ?? -1 }
}
