import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBIS
import KOBISSimulator
import Testing

@testable import BoxOfficeWeb

@Suite("Upstream faults and coalescing against simulate-kobis")
struct UpstreamFaultTests {
    @Test(
        "a failing KOBIS with nothing stored answers 502/503 JSON and an HTML error page, never 500",
        arguments: [(SimulatorFault.http500, 502), (.malformed, 502), (.faultinfo, 502), (.reset, 503)])
    func faultsWithNothingStored(fault: SimulatorFault, status: Int) async throws {
        try await WebTestSupport.withSimulatorServer { server, client in
            server.setFault(fault)
            let api = try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
            #expect(api.status.code == status, "\(fault): \(api.text)")
            #expect(api.apiErrorMessage?.isEmpty == false, "\(api.text)")
            let page = try await client.get("/daily?date=\(WebTestSupport.settledDate)")
            #expect(page.status.code == status)
            #expect(page.text.contains(#"<p class="error-message">"#))
            #expect(page.text.contains("다시 시도"))
        }
    }

    @Test(
        "a KOBIS timeout with nothing stored answers 503, also when the answer stalls halfway",
        .timeLimit(.minutes(2)), arguments: [SimulatorFault.timeout, .stall])
    func timeout(fault: SimulatorFault) async throws {
        try await WebTestSupport.withSimulatorServer(upstreamTimeout: 1) { server, client in
            server.setFault(fault)
            let api = try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
            #expect(api.status == .serviceUnavailable, "\(api.text)")
            #expect(api.apiErrorMessage?.isEmpty == false)
        }
    }

    @Test(
        "after a provisional chart was stored, a failing KOBIS serves it with stale: true",
        arguments: [SimulatorFault.http500, .malformed, .faultinfo, .reset])
    func staleFallback(fault: SimulatorFault) async throws {
        try await WebTestSupport.withSimulatorServer(provisionalTTL: 0) { server, client in
            let fresh = try await client.get("/api/v1/daily?date=\(WebTestSupport.yesterday)")
            #expect(fresh.status == .ok)
            #expect(fresh.jsonObject?["stale"] as? Bool == false)
            #expect(fresh.jsonObject?["source"] as? String == "kobis")
            server.setFault(fault)
            let stale = try await client.get("/api/v1/daily?date=\(WebTestSupport.yesterday)")
            #expect(stale.status == .ok, "\(stale.text)")
            #expect(stale.jsonObject?["stale"] as? Bool == true)
            #expect((stale.jsonObject?["entries"] as? [Any])?.count == 10)
            let page = try await client.get("/daily?date=\(WebTestSupport.yesterday)")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"class="notice notice-stale""#))
            #expect(!page.text.contains("notice-sample"), "real KOBIS data shows no sample banner")
            // The notice says what failed, as the error page would have.
            let why: String
            switch fault {
            case .http500: why = "KOBIS failed: it answered HTTP 500. Please try again later."
            case .malformed: why = "KOBIS failed: it sent an answer that could not be read."
            case .faultinfo: why = "KOBIS refused the API key (320010); check KOBIS_API_KEY."
            default: why = "KOBIS could not be reached. Please try again later."
            }
            let english = try await client.get("/daily?date=\(WebTestSupport.yesterday)&lang=en")
            // The stored copy's time follows the notice it belongs to; then what failed.
            let notice = #"Showing the last stored figures\. <time datetime="[^"]+">[^<]+</time> "#
            #expect(
                english.text.range(
                    of: notice + NSRegularExpression.escapedPattern(for: why), options: .regularExpression)
                    != nil, "\(english.text)")
        }
    }

    @Test("50 concurrent cold requests for one date make one KOBIS call")
    func coalescing() async throws {
        try await WebTestSupport.withSimulatorServer { server, client in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)").status.code
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.count == 50)
            #expect(statuses.allSatisfy { $0 == 200 })
            #expect(server.callCount == 1)
            let metrics = try await client.get("/metrics").text
            #expect(metrics.contains(#"kobis_upstream_calls_total{result="ok"} 1"#))
        }
    }

    /// The simulator, except that every film's details name another film.
    struct OtherFilmTransport: HTTPTransport {
        let simulator: SimulatorTransport

        func get(_ url: URL) async throws -> HTTPTransportResponse {
            let answer = try await simulator.get(url)
            guard url.path.hasSuffix("searchMovieInfo.json") else { return answer }
            let text = String(decoding: answer.body, as: UTF8.self)
                .replacing(#/"movieCd":"[A-Za-z0-9]+"/#, with: #""movieCd":"19990001""#)
            return HTTPTransportResponse(statusCode: answer.statusCode, body: Data(text.utf8))
        }
    }

    @Test("details that name another film than the one asked about are a broken answer: 502, never shown or kept")
    func otherFilm() async throws {
        try await WebTestSupport.withSampleApp(upstream: OtherFilmTransport.init) { client in
            let code = try #require(try await client.sampleMovieCodes().first)
            let api = try await client.get("/api/v1/movies/\(code)")
            #expect(api.status == .badGateway, "\(api.text.prefix(300))")
            #expect(!api.text.contains("19990001"))
            let page = try await client.get("/movies/\(code)")
            #expect(page.status == .badGateway)
            #expect(!page.text.contains("19990001"))
        }
    }
}
