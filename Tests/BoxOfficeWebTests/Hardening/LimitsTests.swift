import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBISSimulator
import Logging
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

@Suite("Upstream timeouts and request body limits")
struct LimitsTests {
    /// The app's upstream timeout here: its default, far longer than a loopback answer takes however busy the
    /// machine is, so the calls meant to succeed never meet it. Calls meant to time out run side by side, so a
    /// test waits for it once, not once a call.
    static let upstreamTimeout: TimeInterval = 10

    /// An app with a KOBIS key in front of a simulator server that never answers (`timeout` fault).
    static func withHangingKOBIS(
        provisionalTTL: TimeInterval = 600,
        _ body: @Sendable (SimulatorServer, any TestClientProtocol) async throws -> Void
    ) async throws {
        let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
        let server = SimulatorServer(simulator: KOBISSimulator(now: now), logger: Logger(label: "sim"))
        try await server.start()
        do {
            let kobis = server.baseURL
            try await HardeningTestSupport.withApp(configure: {
                $0.kobisAPIKey = "test-key"
                $0.kobisBaseURL = kobis
                $0.upstreamTimeout = Self.upstreamTimeout
                $0.provisionalTTL = provisionalTTL
            }) { client, _, _ in try await body(server, client) }
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }

    @Test("a KOBIS call that never answers ends at the configured timeout: 503 JSON, a 503 page")
    func hangingKOBIS() async throws {
        try await Self.withHangingKOBIS { server, client in
            server.setFault(.timeout)
            async let apiCall = client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
            async let weeklyCall = client.get("/api/v1/weekly?date=2024-03-13")
            async let movieCall = client.get("/api/v1/movies/20231520")
            async let pageCall = client.get("/daily?date=\(WebTestSupport.settledDate)")
            let (api, weekly, movie, page) = try await (apiCall, weeklyCall, movieCall, pageCall)
            #expect(api.status == .serviceUnavailable, "\(api.text)")
            #expect(api.apiErrorMessage == "KOBIS did not answer in time. Please try again later.")
            #expect(weekly.status == .serviceUnavailable)
            #expect(movie.status == .serviceUnavailable, "\(movie.text)")
            #expect(page.status == .serviceUnavailable)
            #expect(page.text.contains(#"<p class="error-message">"#))
            // Latency (far) longer than the timeout is the same thing.
            server.setFault(.none)
            server.setLatency(.seconds(6 * Self.upstreamTimeout))
            let slow = try await client.get("/api/v1/daily?date=2024-03-14")
            #expect(slow.status == .serviceUnavailable)
            server.setLatency(.zero)
            let recovered = try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
            #expect(recovered.status == .ok, "the next request after the fault goes through")
        }
    }

    @Test("a timeout after a chart was stored serves the stored chart marked stale")
    func timeoutServesStale() async throws {
        try await Self.withHangingKOBIS(provisionalTTL: 0) { server, client in
            let fresh = try await client.get("/api/v1/daily?date=\(WebTestSupport.yesterday)")
            #expect(fresh.status == .ok)
            #expect(fresh.jsonObject?["stale"] as? Bool == false)
            #expect(fresh.jsonObject?["notice"] == nil, "a fresh chart carries no notice")
            server.setFault(.timeout)
            async let staleCall = client.get("/api/v1/daily?date=\(WebTestSupport.yesterday)")
            async let pageCall = client.get("/daily?date=\(WebTestSupport.yesterday)")
            let (stale, page) = try await (staleCall, pageCall)
            #expect(stale.status == .ok, "\(stale.text)")
            #expect(stale.jsonObject?["stale"] as? Bool == true)
            #expect(
                stale.jsonObject?["notice"] as? String
                    == "Showing the last stored figures. KOBIS did not answer in time. Please try again later.")
            // Its words follow the language, so a cache between must not hand them to a reader of the other one.
            #expect(stale.headers[.vary]?.contains("Accept-Language") == true, "\(stale.headers)")
            #expect(stale.headers[.cacheControl] == "no-cache")
            let korean = try await client.get("/api/v1/daily?date=\(WebTestSupport.yesterday)&lang=ko")
            #expect(
                korean.jsonObject?["notice"] as? String
                    == "마지막으로 저장된 자료를 보여 드립니다. KOBIS가 제때 답하지 않았습니다. 잠시 뒤에 다시 해 보세요.")
            #expect(page.status == .ok)
            #expect(page.text.contains("notice-stale"))
        }
    }

    @Test(
        "timeouts and the public URL come from the environment; bad values are refused with the variable's name",
        arguments: [
            ("BOXOFFICE_UPSTREAM_TIMEOUT", "abc"), ("BOXOFFICE_UPSTREAM_TIMEOUT", "0"),
            ("BOXOFFICE_UPSTREAM_TIMEOUT", "301"),
            ("BOXOFFICE_IDLE_TIMEOUT", "-1"), ("BOXOFFICE_IDLE_TIMEOUT", "forever"),
            ("BOXOFFICE_PUBLIC_URL", "boxoffice.example"),
        ])
    func environment(name: String, bad: String) throws {
        let good = try AppConfiguration(environment: [
            "BOXOFFICE_UPSTREAM_TIMEOUT": "2.5", "BOXOFFICE_IDLE_TIMEOUT": "15",
            "BOXOFFICE_PUBLIC_URL": "https://boxoffice.example",
        ])
        #expect(good.upstreamTimeout == 2.5)
        #expect(good.idleTimeout == 15)
        #expect(good.isPubliclyHTTPS)
        let defaults = try AppConfiguration(environment: [:])
        #expect(defaults.upstreamTimeout == 10)
        #expect(defaults.idleTimeout == 30)
        #expect(defaults.publicURL == nil)
        #expect(!defaults.isPubliclyHTTPS)
        #expect(throws: ConfigurationError.self) { try AppConfiguration(environment: [name: bad]) }
        do {
            _ = try AppConfiguration(environment: [name: bad])
        } catch {
            #expect(error.message.contains(name), "\(error.message)")
        }
    }

    @Test(
        "bodies above the limit answer 413 with a clear message: 1 MB for JSON, 64 KB for log-in forms (imports: see the streamed-body test)",
        arguments: [
            ("/api/v1/users", 1 << 20, "1,024 KB"), ("/api/v1/tokens", 1 << 20, "1,024 KB"),
            ("/login", 64 << 10, "64 KB"), ("/signup", 64 << 10, "64 KB"),
        ])
    func bodyLimits(uri: String, limit: Int, shown: String) async throws {
        try await HardeningTestSupport.withApp { client, _, _ in
            let token = try await client.account("limits_user")
            let headers: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
            let over = try await client.send(
                .post, uri, headers: headers, body: ByteBuffer(repeating: UInt8(ascii: " "), count: limit + 1))
            #expect(over.status == .contentTooLarge, "\(uri): \(over.status)")
            let message = uri.hasPrefix("/api/") ? over.apiErrorMessage ?? "" : over.text
            // The API answers in English (no Accept-Language); a page without a language speaks Korean.
            let expected =
                uri.hasPrefix("/api/") ? "The request body is larger than \(shown)." : "요청 본문이 \(shown)보다 큽니다."
            #expect(message.contains(expected), "\(uri): \(message.prefix(300))")
            // Exactly at the limit the body is read (and then judged on its content).
            let at = try await client.send(
                .post, uri, headers: headers, body: ByteBuffer(repeating: UInt8(ascii: " "), count: limit))
            #expect(at.status != .contentTooLarge, "\(uri)")
        }
    }

    @Test("an address with more query parameters than any route reads is a 400 in the reader's language")
    func queryParameterLimit() async throws {
        try await HardeningTestSupport.withApp { client, _, _ in
            let limit = QueryLimit.parameters
            // The review's request: tens of thousands of empty parameters, decoded again for every link of the page.
            let flood = Array(repeating: "z", count: 36_000).joined(separator: "&")
            for path in ["/market/days?year=2020&", "/daily?", "/api/v1/market/days?year=2020&", "/health?"] {
                for (language, words) in [
                    ("ko", "주소의 쿼리 매개변수가 \(limit)개보다 많습니다."),
                    ("en", "The address has more than \(limit) query parameters."),
                ] {
                    let refused = try await client.get(path + flood + "&lang=\(language)")
                    #expect(refused.status == .badRequest, "\(path)")
                    #expect(refused.text.contains(words), "\(path) \(refused.text.prefix(300))")
                    // The refusal is small: its links (the other language's) carry none of the parameters.
                    #expect(refused.text.utf8.count < 20_000, "\(path): \(refused.text.utf8.count) bytes")
                }
            }
            // At the limit the query is read as ever: 254 empty parameters beside year and lang.
            let atLimit = "year=2020&" + Array(repeating: "z", count: limit - 2).joined(separator: "&") + "&lang=en"
            #expect(QueryLimit.parameterCount(atLimit) == limit)
            let page = try await client.get("/market/days?" + atLimit)
            #expect(page.status == .ok, "\(page.text.prefix(300))")
            #expect(page.text.contains("/market/days?year=2019&amp;lang=en"), "links keep the page's language")
        }
    }

    @Test("a query longer than any page makes is a 400 in the reader's language, before any cache keeps it")
    func queryLengthLimit() async throws {
        try await HardeningTestSupport.withApp { client, _, _ in
            let limit = QueryLimit.bytes
            for path in ["/api/v1/records/streaks", "/records/streaks", "/daily", "/health"] {
                for (language, words) in [
                    ("ko", "주소의 쿼리가 8,192바이트보다 깁니다."), ("en", "The query in the address is longer than 8,192 bytes."),
                ] {
                    // The review's request: a small answer under a 70 KB junk parameter, kept once per `u`.
                    let head = "limit=1&lang=\(language)&p="
                    let refused = try await client.get(
                        path + "?" + head + String(repeating: "a", count: limit + 1 - head.utf8.count))
                    #expect(refused.status == .badRequest, "\(path)")
                    #expect(refused.text.contains(words), "\(path) \(refused.text.prefix(300))")
                    #expect(refused.text.utf8.count < 20_000, "\(path): the refusal echoes none of it")
                }
            }
            let head = "limit=1&lang=en&p="
            let atLimit = head + String(repeating: "a", count: limit - head.utf8.count)
            let answer = try await client.get("/api/v1/records/streaks?" + atLimit)
            #expect(answer.status == .ok, "\(answer.text.prefix(300))")
        }
    }
}
