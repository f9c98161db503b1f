import BoxOfficeTestSupport
import Foundation
import KOBIS
import AsyncHTTPClient
import KOBISSimulator
import Logging
import NIOCore
import Testing

@testable import BoxOfficeApp

/// The app's HTTP transport (AsyncHTTPClient) over real HTTP on loopback against `simulate-kobis`: answers, every
/// fault mode mapped to the KOBIS client's errors, request headers, and errors that never carry the key.
@Suite("Upstream HTTP transport (AsyncHTTPClient) against simulate-kobis", .serialized)
struct NIOHTTPTransportTests {
    static func withServer(
        fault: SimulatorFault = .none, timeout: TimeInterval = 30,
        _ body: (SimulatorServer, KOBISClient, NIOHTTPTransport) async throws -> Void
    ) async throws {
        let server = SimulatorServer(host: "127.0.0.1", port: 0, fault: fault, logger: Logger(label: "test"))
        try await server.start()
        let http = UpstreamHTTPClient(connectTimeout: timeout)
        let transport = http.transport(timeout: timeout)
        let client = KOBISClient(apiKey: "testkey", baseURL: server.baseURL, transport: transport)
        var failure: (any Error)?
        do {
            try await body(server, client, transport)
        } catch {
            failure = error
        }
        await http.shutdown()
        try await server.stop()
        if let failure { throw failure }
    }

    @Test("charts, movies and lists arrive whole, one KOBIS call each")
    func answers() async throws {
        try await Self.withServer { server, client, _ in
            let chart = try await client.dailyBoxOffice(CalendarDate("2024-03-15")!)
            #expect(chart.entries.count == 10)
            let code = chart.entries[0].movieCode
            let movie = try await client.send(MovieInfoRequest(movieCode: code))
            #expect(movie.movieCode == code)
            let list = try await client.send(
                MovieListRequest(page: 1, itemsPerPage: 100, openStartYear: 2023, openEndYear: 2023))
            #expect(list.movies.count == 100)
            #expect(server.callCount == 3)
        }
    }

    @Test("sixteen calls at once all succeed: the pool opens enough connections for a sync's call slots")
    func concurrentCalls() async throws {
        try await Self.withServer { server, client, _ in
            server.setLatency(.milliseconds(50))
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for day in 1...16 {
                    group.addTask {
                        try await client.dailyBoxOffice(CalendarDate(year: 2024, month: 2, day: day)!).entries.count
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(counts == Array(repeating: 10, count: 16))
            #expect(server.callCount == 16)
        }
    }

    @Test(
        "fault modes map to the client's errors, and no error mentions the key; a body stalled halfway times out",
        .timeLimit(.minutes(2)),
        arguments: [SimulatorFault.http500, .malformed, .faultinfo, .timeout, .reset, .stall])
    func faults(fault: SimulatorFault) async throws {
        // Only the silent cases need a short timeout; the others answer, however busy the machine is. A stalled body
        // ends at the call's deadline too, not when the upstream closes the connection (the simulator never does).
        // The stall's timeout leaves the simulator time to send the head and part of the body on a busy machine.
        let timeout: TimeInterval = fault == .timeout ? 1 : fault == .stall ? 5 : 30
        try await Self.withServer(fault: fault, timeout: timeout) { server, client, _ in
            defer {
                // The stalled answer's head and part of its body came: the deadline that ended it was the call's.
                if fault == .stall { #expect(server.stalledCount == 1) }
            }
            do {
                _ = try await client.dailyBoxOffice(CalendarDate("2024-03-15")!)
                Issue.record("expected \(fault) to fail")
            } catch let error as KOBISError {
                switch (fault, error) {
                case (.http500, .httpStatus(500)), (.malformed, .malformedResponse), (.timeout, .timeout),
                    (.stall, .timeout):
                    break
                case (.reset, .connectionFailed(let reason)):
                    #expect(reason == "connection lost")
                case (.faultinfo, .fault(let code, let message)):
                    #expect(code == "320010")
                    #expect(message == "유효하지않은 키값입니다.")
                default:
                    Issue.record("\(fault) gave \(error)")
                }
                #expect(!error.description.contains("testkey"))
                if fault != .faultinfo { #expect(error.isTransient) }
            }
        }
    }

    @Test(
        "a caller cancelled while the answer's body stalls ends at once with CancellationError", .timeLimit(.minutes(2))
    )
    func cancelledInBody() async throws {
        try await Self.withServer(fault: .stall, timeout: 60) { server, _, transport in
            let url = URL(
                string: "\(server.baseURL.absoluteString)/boxoffice/searchDailyBoxOfficeList.json?targetDt=20240315")!
            let call = Task { try await transport.get(url) }
            let stalled = try await Wait.until("the answer to stall halfway") { server.stalledCount > 0 }
            call.cancel()
            try #require(stalled)
            await #expect(throws: CancellationError.self) { try await call.value }
        }
    }

    @Test("a refused connection fails at once as a connection failure, not after a connect timeout")
    func refused() async throws {
        let http = UpstreamHTTPClient(connectTimeout: 600)
        let client = KOBISClient(
            apiKey: "testkey", baseURL: URL(string: "http://127.0.0.1:1/rest")!, transport: http.transport(timeout: 600)
        )
        do {
            _ = try await client.dailyBoxOffice(CalendarDate("2024-03-15")!)
            Issue.record("a closed port answered")
        } catch {
            guard case .connectionFailed(let reason) = error else {
                Issue.record("expected connectionFailed, got \(error)")
                await http.shutdown()
                return
            }
            // With 600 s to connect, only a fail-fast pool gets here before the test runner gives up.
            #expect(reason == "connection refused")
            #expect(error.isTransient)
        }
        await http.shutdown()
    }

    @Test("failures no call here can provoke map to the same errors: too large, resets, cancellation, timeouts")
    func errorMapping() {
        func reason(_ error: any Error) -> String? {
            guard case .connectionFailed(let reason)? = NIOHTTPTransport.transportError(for: error) as? KOBISError
            else { return nil }
            return reason
        }
        let tooLarge = NIOHTTPTransport.transportError(for: NIOTooManyBytesError(maxBytes: 8 << 20)) as? KOBISError
        #expect(tooLarge == .malformedResponse("answer too large"))
        #expect(reason(IOError(errnoCode: ECONNRESET, reason: "read")) == "connection lost")
        #expect(reason(IOError(errnoCode: ECONNREFUSED, reason: "connect")) == "connection refused")
        #expect(reason(ChannelError.ioOnClosedChannel) == "connection lost")
        #expect(reason(HTTPClientError.remoteConnectionClosed) == "connection lost")
        #expect(NIOHTTPTransport.transportError(for: HTTPClientError.cancelled) is CancellationError)
        for timeout in [HTTPClientError.deadlineExceeded, .readTimeout, .connectTimeout] {
            guard case .timeout? = NIOHTTPTransport.transportError(for: timeout) as? KOBISError else {
                Issue.record("\(timeout) is not a timeout")
                continue
            }
        }
    }

    @Test("request headers are sent (poster services take their key in one); a cancelled call ends the task")
    func headersAndCancellation() async throws {
        try await Self.withServer { server, _, transport in
            let origin = "http://127.0.0.1:\(server.port)"
            let url = URL(string: "\(origin)/v2/search/image?query=x")!
            #expect(try await transport.get(url).statusCode == 401)
            #expect(try await transport.get(url, headers: ["Authorization": "KakaoAK secret"]).statusCode == 200)
            #expect(server.callCount == 0, "poster searches are not KOBIS calls")

            server.setFault(.timeout)
            let call = Task { try await transport.get(URL(string: "\(origin)/kobisopenapi/webservice/rest/x.json")!) }
            let arrived = try await Wait.until("the held call to reach the simulator") {
                server.callCount > 0
            }
            call.cancel()
            try #require(arrived)
            await #expect(throws: CancellationError.self) { try await call.value }
        }
    }
}
