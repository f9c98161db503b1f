import BoxOfficeTestSupport
import Foundation
import KOBIS
import Logging
import Testing
@testable import KOBISSimulator

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("HTTP simulator on 127.0.0.1", .serialized)
struct SimulatorServerTests {
    static func withServer(
        fault: SimulatorFault = .none, _ body: (SimulatorServer) async throws -> Void
    ) async throws {
        let server = SimulatorServer(
            simulator: Fixture.simulator, host: "127.0.0.1", port: 0, fault: fault,
            logger: Logger(label: "simulator-test"))
        try await server.start()
        do {
            try await body(server)
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }

    static func client(_ server: SimulatorServer, timeout: TimeInterval = 30) -> KOBISClient {
        KOBISClient(apiKey: "testkey", baseURL: server.baseURL, transport: URLSessionTransport(timeout: timeout))
    }

    /// A plain request to the server's root (control endpoints).
    static func request(_ server: SimulatorServer, _ method: String, _ target: String) async throws -> (
        status: Int, body: String
    ) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)\(target)")!)
        request.httpMethod = method
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// The text of `/_simulator/stats` when only code-list calls (`codeListCalls` of them) were made.
    static func statsBody(calls: Int, codeListCalls: Int = 0, fault: String = "none", latencyMs: Int) -> String {
        let byService = codeListCalls == 0 ? "" : #""code/searchCodeList":\#(codeListCalls)"#
        return #"{"calls":\#(calls),"callsByService":{\#(byService)},"callsByTarget":{},"#
            + #""fault":"\#(fault)","latencyMs":\#(latencyMs),"posterSearches":0}"#
    }

    @Test("every service answers over real HTTP, and calls are counted")
    func services() async throws {
        try await Self.withServer { server in
            #expect(server.port > 0)
            #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)/kobisopenapi/webservice/rest")
            let client = Self.client(server)
            let date = Fixture.date("2024-03-15")
            let daily = try await client.dailyBoxOffice(date, multiMovie: .commercial, wideAreaCode: "0105001")
            #expect(daily == Fixture.simulator.dailyBoxOffice(date, multiMovie: .commercial, wideAreaCode: "0105001"))
            let weekly = try await client.weeklyBoxOffice(date, range: .weekend)
            #expect(weekly.showRange == "20240315~20240317")
            let info = try await client.movieInfo(daily.entries[0].movieCode)
            #expect(info.movieName == daily.entries[0].movieName)
            let list = try await client.send(MovieListRequest(itemsPerPage: 5, movieName: info.movieName))
            #expect(list.movies.contains { $0.movieCode == info.movieCode })
            let regions = try await client.send(CodeListRequest.wideAreas)
            #expect(regions.count == 17)
            let people = try await client.send(PeopleListRequest(peopleName: info.actors[0].name))
            #expect(people.totalCount >= 1)
            #expect(server.callCount == 6)
            // Bad requests are KOBIS faults, still counted.
            await #expect(throws: KOBISError.fault(code: "320010", message: "유효하지않은 키값입니다.")) {
                _ = try await KOBISClient(
                    apiKey: "", baseURL: server.baseURL, transport: URLSessionTransport(timeout: 30)
                ).dailyBoxOffice(date)
            }
            #expect(server.callCount == 7)
        }
    }

    @Test(
        "each fault mode gives the client its own error",
        arguments: [
            SimulatorFault.http500, .malformed, .faultinfo, .timeout, .reset,
        ])
    func faults(fault: SimulatorFault) async throws {
        try await Self.withServer(fault: fault) { server in
            // A 1-second timeout for the timeout fault; the others answer at once.
            let client = Self.client(server, timeout: fault == .timeout ? 1 : 30)
            do throws(KOBISError) {
                _ = try await client.dailyBoxOffice(Fixture.date("2024-03-15"))
                Issue.record("expected \(fault) to fail")
            } catch {
                switch (fault, error) {
                case (.http500, .httpStatus(500)), (.malformed, .malformedResponse), (.timeout, .timeout),
                    (.reset, .connectionFailed):
                    break
                case (.faultinfo, .fault(let code, let message)):
                    #expect(code == "320010")
                    #expect(message == "유효하지않은 키값입니다.")
                default:
                    Issue.record("\(fault) gave \(error)")
                }
            }
            #expect(server.callCount >= 1)
            // Switching the fault off restores normal answers.
            server.setFault(.none)
            let daily = try await Self.client(server).dailyBoxOffice(Fixture.date("2024-03-15"))
            #expect(daily.entries.count == 10)
        }
    }

    @Test("fault bodies: HTML for 500, a truncated JSON prefix for malformed")
    func faultBodies() async throws {
        try await Self.withServer(fault: .http500) { server in
            let target = "/kobisopenapi/webservice/rest/boxoffice/searchDailyBoxOfficeList.json?key=k&targetDt=20240315"
            let failed = try await Self.request(server, "GET", target)
            #expect(failed.status == 500)
            #expect(failed.body.contains("<html>"))
            server.setFault(.malformed)
            let truncated = try await Self.request(server, "GET", target)
            let full = String(
                decoding: Fixture.get("boxoffice/searchDailyBoxOfficeList", ["key": "k", "targetDt": "20240315"]).body,
                as: UTF8.self)
            #expect(truncated.status == 200)
            #expect(!truncated.body.isEmpty && truncated.body.count < full.count)
            #expect(full.hasPrefix(truncated.body))
            #expect((try? JSONSerialization.jsonObject(with: Data(truncated.body.utf8))) == nil)
        }
    }

    @Test("latency delays KOBIS answers but not control endpoints")
    func latency() async throws {
        try await Self.withServer { server in
            server.setLatency(.milliseconds(400))
            let client = Self.client(server)
            let clock = ContinuousClock()
            var start = clock.now
            let regions = try await client.send(CodeListRequest.wideAreas)
            #expect(clock.now - start >= .milliseconds(400))
            #expect(regions.count == 17)
            let stats = try await Self.request(server, "GET", "/_simulator/stats")
            #expect(stats.body == Self.statsBody(calls: 1, codeListCalls: 1, latencyMs: 400))
            // Concurrent delayed answers overlap: the loop is never blocked by a delay.
            start = clock.now
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await client.send(CodeListRequest.nations).count }
                }
                for try await count in group { #expect(count > 1) }
            }
            #expect(clock.now - start >= .milliseconds(400))
            _ = try await Self.request(server, "POST", "/_simulator/latency?ms=0")
            #expect(server.latency == .zero)
        }
    }

    @Test("control endpoints change faults and latency and report stats; they are not counted")
    func controlEndpoints() async throws {
        try await Self.withServer { server in
            #expect(try await Self.request(server, "GET", "/health") == (200, "ok"))
            #expect(
                try await Self.request(server, "GET", "/_simulator/stats").body
                    == Self.statsBody(calls: 0, latencyMs: 0))
            let client = Self.client(server)
            _ = try await client.send(CodeListRequest.movieTypes)

            let set = try await Self.request(server, "POST", "/_simulator/fault?mode=http500")
            #expect(set.status == 200)
            #expect(set.body == Self.statsBody(calls: 1, codeListCalls: 1, fault: "http500", latencyMs: 0))
            #expect(server.fault == .http500)
            await #expect(throws: KOBISError.httpStatus(500)) { _ = try await client.send(CodeListRequest.movieTypes) }
            _ = try await Self.request(server, "POST", "/_simulator/fault?mode=none")
            _ = try await client.send(CodeListRequest.movieTypes)

            let latency = try await Self.request(server, "POST", "/_simulator/latency?ms=25")
            #expect(latency.body == Self.statsBody(calls: 3, codeListCalls: 3, latencyMs: 25))
            #expect(server.latency == .milliseconds(25))

            #expect(try await Self.request(server, "POST", "/_simulator/fault?mode=bogus").status == 400)
            #expect(try await Self.request(server, "POST", "/_simulator/latency?ms=-5").status == 400)
            #expect(try await Self.request(server, "GET", "/_simulator/fault?mode=none").status == 405)
            #expect(try await Self.request(server, "GET", "/nowhere").status == 404)
            #expect(server.callCount == 3)
            // Unknown KOBIS services are 404 but still KOBIS calls.
            #expect(
                try await Self.request(server, "GET", "/kobisopenapi/webservice/rest/nope/nothing.json?key=k").status
                    == 404)
            #expect(server.callCount == 4)

            let reset = try await Self.request(server, "POST", "/_simulator/reset-stats")
            #expect(reset.body == Self.statsBody(calls: 0, latencyMs: 25))
            #expect(server.callCount == 0)
        }
    }

    @Test("stats count KOBIS calls by service and by service and day (targetDt); a reset clears them")
    func statsByTarget() async throws {
        try await Self.withServer { server in
            let base = "/kobisopenapi/webservice/rest/"
            let daily = base + "boxoffice/searchDailyBoxOfficeList.json?key=k&targetDt="
            for target in [
                daily + "20240315", daily + "20240315", daily + "20240316",
                base + "boxoffice/searchWeeklyBoxOfficeList.json?key=k&targetDt=20240310&weekGb=0",
                base + "movie/searchMovieList.json?key=k&itemPerPage=3",
            ] {
                #expect(try await Self.request(server, "GET", target).status == 200)
            }
            let stats = try await Self.request(server, "GET", "/_simulator/stats")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(stats.body.utf8)) as? [String: Any], "\(stats.body)")
            #expect(object["calls"] as? Int == 5)
            #expect(
                object["callsByService"] as? [String: Int] == [
                    "boxoffice/searchDailyBoxOfficeList": 3, "boxoffice/searchWeeklyBoxOfficeList": 1,
                    "movie/searchMovieList": 1,
                ])
            #expect(
                object["callsByTarget"] as? [String: Int] == [
                    "boxoffice/searchDailyBoxOfficeList?targetDt=20240315": 2,
                    "boxoffice/searchDailyBoxOfficeList?targetDt=20240316": 1,
                    "boxoffice/searchWeeklyBoxOfficeList?targetDt=20240310": 1,
                ])
            #expect(server.callCount(service: "boxoffice/searchDailyBoxOfficeList", targetDt: "20240315") == 2)
            #expect(server.callCount(service: "boxoffice/searchDailyBoxOfficeList", targetDt: "20240317") == 0)
            _ = try await Self.request(server, "POST", "/_simulator/reset-stats")
            #expect(server.callCount(service: "boxoffice/searchDailyBoxOfficeList", targetDt: "20240315") == 0)
        }
    }

    @Test("keep-alive, Content-Length and Content-Type on one connection")
    func keepAlive() async throws {
        try await Self.withServer { server in
            let connection = try LoopbackConnection(port: server.port)
            let base = "/kobisopenapi/webservice/rest/"
            for target in [
                base + "boxoffice/searchDailyBoxOfficeList.json?key=k&targetDt=20240315",
                base + "movie/searchMovieList.json?key=k&movieNm=%ED%95%9C%EA%B0%95&itemPerPage=3",
                "/health",
            ] {
                try connection.sendGet(target)
                let response = try connection.readResponse()
                #expect(response.status == 200)
                #expect(response.headers["content-length"] == String(response.body.count))
                #expect(response.headers["connection"] != "close")
                if target.hasPrefix(base) {
                    #expect(response.headers["content-type"] == "application/json;charset=UTF-8")
                }
            }
            // The Korean name was percent-decoded: every result contains 한강.
            try connection.sendGet(base + "movie/searchMovieList.json?key=k&movieNm=%ED%95%9C%EA%B0%95&itemPerPage=3")
            let list = try KOBISClient.decode(
                MovieListResponseDTO.self, from: .init(statusCode: 200, body: try connection.readResponse().body))
            #expect(list.movieListResult.movies.count == 3)
            #expect(list.movieListResult.movies.allSatisfy { $0.movieName.contains("한강") })
            #expect(server.callCount == 3)
        }
    }

    @Test("hundreds of simultaneous connections are all answered")
    func manyConnections() async throws {
        try await Self.withServer { server in
            let port = server.port
            let answered = try await withThrowingTaskGroup(of: Int.self) { group in
                for batch in 0..<4 {
                    group.addTask {
                        // Each batch opens 75 connections and sends on all of them before reading any answer.
                        try await LoopbackConnection.onThread {
                            let connections = try (0..<75).map { _ in try LoopbackConnection(port: port) }
                            for (index, connection) in connections.enumerated() {
                                let day = Fixture.date("2023-01-01").adding(days: batch * 75 + index)
                                try connection.sendGet(
                                    "/kobisopenapi/webservice/rest/boxoffice/searchDailyBoxOfficeList.json?key=k&targetDt=\(day.compactString)"
                                )
                            }
                            return try connections.filter { try $0.readResponse().status == 200 }.count
                        }
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(answered == 300)
            #expect(server.callCount == 300)
        }
    }

    @Test("the timeout fault holds connections until the server stops")
    func timeoutHoldsUntilStop() async throws {
        let server = SimulatorServer(
            simulator: Fixture.simulator, fault: .timeout, logger: Logger(label: "simulator-test"))
        try await server.start()
        let connection = try LoopbackConnection(port: server.port, timeout: 10)
        try connection.sendGet("/kobisopenapi/webservice/rest/code/searchCodeList.json?key=k&comCode=2201")
        try await Wait.until("the server to have the call", every: .milliseconds(10)) { server.callCount > 0 }
        #expect(server.callCount == 1, "the call reached the server")
        try await server.stop()
        #expect(connection.waitForClose())
    }

    @Test("runUntilCancelled serves until its task is cancelled")
    func runUntilCancelled() async throws {
        let server = SimulatorServer(simulator: Fixture.simulator, logger: Logger(label: "simulator-test"))
        let task = Task { try await server.runUntilCancelled() }
        try await Wait.until("the server to listen") { server.port != 0 }
        #expect(try await Self.request(server, "GET", "/health") == (200, "ok"))
        task.cancel()
        try await task.value
        await #expect(throws: (any Error).self) { _ = try await Self.request(server, "GET", "/health") }
    }
}
