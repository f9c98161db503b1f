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

@Suite("No secret in logs, pages or descriptions")
struct SecretsTests {
    static let kobisKey = "kobis-secret-0123456789abcdef0123"
    static let tmdbKey = "tmdb-secret-0123456789abcdef01234"
    static let kakaoKey = "kakao-secret-0123456789abcdef0123"
    static let databasePassword = "db-secret-password"

    /// Everything `value` shows of itself: `description`, `debugDescription`, interpolation and `dump`.
    static func everyDescription(of value: Any) -> String {
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), "\(value)", dumped].joined(separator: "\n")
    }

    @Test("configuration, KOBIS client and poster sources never describe their keys or the database password")
    func descriptions() throws {
        let configuration = AppConfiguration(
            kobisAPIKey: Self.kobisKey, tmdbAPIKey: Self.tmdbKey, kakaoAPIKey: Self.kakaoKey,
            databaseURL: "postgres://boxoffice:\(Self.databasePassword)@db.example:5432/boxoffice")
        let transport = URLSessionTransport(timeout: 1)
        let values: [(String, Any)] = [
            ("AppConfiguration", configuration),
            ("KOBISClient", KOBISClient(apiKey: Self.kobisKey, transport: transport)),
            (
                "TMDBPosterSource",
                TMDBPosterSource(apiKey: Self.tmdbKey, baseURL: configuration.tmdbBaseURL, transport: transport)
            ),
            (
                "KakaoPosterSource",
                KakaoPosterSource(apiKey: Self.kakaoKey, baseURL: configuration.kakaoBaseURL, transport: transport)
            ),
        ]
        for (name, value) in values {
            let text = Self.everyDescription(of: value)
            for secret in [Self.kobisKey, Self.tmdbKey, Self.kakaoKey, Self.databasePassword] {
                #expect(!text.contains(secret), "\(name) shows a secret:\n\(text)")
            }
            #expect(text.contains("<redacted>"), "\(name): \(text)")
        }
        let description = configuration.description
        #expect(description.contains("postgres://boxoffice:<redacted>@db.example:5432/boxoffice"), "\(description)")
        #expect(AppConfiguration().description.contains("kobisAPIKey: unset"))
    }

    @Test("the database URL's password is redacted whatever the scheme; URLs without one are kept")
    func databaseURLRedaction() {
        #expect(
            AppConfiguration.redactingPassword("postgres://u:p%40ss@h:5432/d?sslmode=require")
                == "postgres://u:<redacted>@h:5432/d?sslmode=require")
        #expect(AppConfiguration.redactingPassword("postgresql://u:pw@h/d") == "postgresql://u:<redacted>@h/d")
        #expect(AppConfiguration.redactingPassword("postgres://u@h/d") == "postgres://u@h/d")
        #expect(
            AppConfiguration.redactingPassword("sqlite:///var/lib/box:office.sqlite")
                == "sqlite:///var/lib/box:office.sqlite")
    }

    @Test("a whole session of use logs no key, password, token, session id or CSRF token, at trace level")
    func logsAndPages() async throws {
        let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
        let server = SimulatorServer(simulator: KOBISSimulator(now: now), logger: Logger(label: "sim"))
        try await server.start()
        do {
            let root = URL(string: "http://127.0.0.1:\(server.port)")!
            let kobis = server.baseURL
            try await HardeningTestSupport.withApp(configure: {
                $0.kobisAPIKey = Self.kobisKey
                $0.kobisBaseURL = kobis
                $0.tmdbAPIKey = Self.tmdbKey
                $0.tmdbBaseURL = root.appendingPathComponent("3")
                // No call here is meant to time out: a generous timeout, so none does however busy the machine is.
                $0.upstreamTimeout = 30
            }) { client, services, logs in
                let password = "pw-secret-correct horse"
                var secrets = [Self.kobisKey, Self.tmdbKey, password, "pw-secret"]
                var pages: [String] = []

                // API: sign up, log in for a token, use it.
                #expect(
                    try await client.call(.post, "/api/v1/users", json: ["username": "api_user", "password": password])
                        .status == .created)
                let login = try await client.call(
                    .post, "/api/v1/tokens", json: ["username": "api_user", "password": password, "name": "t"])
                let token = try #require(login.jsonObject?["token"] as? String)
                secrets.append(token)
                #expect(try await client.call(.get, "/api/v1/notes", token: token).status == .ok)
                #expect(try await client.call(.get, "/api/v1/notes?movie=x&year=2024", token: token).status == .ok)
                // A failed login (the password is the secret, the username is not).
                #expect(
                    try await client.call(
                        .post, "/api/v1/tokens", json: ["username": "api_user", "password": "pw-secret-wrong"]
                    ).status == .unauthorized)
                // A token in the query string is no way to authenticate, but must not be logged either.
                _ = try await client.call(
                    .get, "/api/v1/daily?date=\(WebTestSupport.settledDate)&token=\(token)&key=\(Self.kobisKey)")

                // Pages: sign up, a form post, the account page, a chart and a movie with its poster (TMDB).
                let browser = PageBrowser(client)
                try await browser.signUp("page_user", password: password)
                let session = try #require(await browser.cookies["boxoffice_session"])
                let preSession = try #require(await browser.cookies["boxoffice_csrf"])
                let csrf = try await browser.sessionCSRF()
                secrets += [session, preSession, csrf]
                let created = try await browser.submit(on: "/categories", [("name", "secret-free name")])
                #expect(created.status == .seeOther)
                let daily = try await browser.get("/daily?date=\(WebTestSupport.settledDate)")
                #expect(daily.status == .ok)
                pages.append(daily.text)
                let code = try #require(daily.text.firstMatch(of: #/href="/movies/([A-Za-z0-9]+)/#)?.1)
                let movie = try await browser.get("/movies/\(code)")
                pages.append(movie.text)
                _ = try await browser.get("/movies/\(code)/poster")
                pages.append(try await browser.get("/account").text)

                // Upstream failures log warnings with the failing call; its URL carries the key.
                for fault in [SimulatorFault.http500, .faultinfo, .malformed, .reset] {
                    server.setFault(fault)
                    let failed = try await client.get(
                        "/api/v1/daily?date=2024-01-0\(1 + SimulatorFault.allCases.firstIndex(of: fault)!)")
                    #expect(failed.status.code >= 500, "\(fault)")
                    pages.append(failed.text)
                    pages.append(
                        try await client.get(
                            "/daily?date=2024-02-0\(1 + SimulatorFault.allCases.firstIndex(of: fault)!)"
                        ).text)
                }
                server.setFault(.none)
                pages.append(try await client.get("/metrics").text)

                let records = logs.all
                #expect(records.count > 20, "the logs were captured")
                #expect(records.contains { $0.level <= .debug }, "trace and debug records are included")
                for record in records {
                    for secret in secrets where record.description.contains(secret) {
                        Issue.record("a log record contains a secret (\(secret.prefix(6))…): \(record)")
                    }
                }
                for page in pages {
                    for secret in secrets where page.contains(secret) && secret != csrf {
                        Issue.record("a response contains a secret (\(secret.prefix(6))…)")
                    }
                }
                #expect(!String(describing: services).contains(Self.kobisKey))
                #expect(!String(describing: services).contains(Self.tmdbKey))
            }
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }
}
