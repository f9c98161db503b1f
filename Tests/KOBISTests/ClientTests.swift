import Foundation
import KOBIS
import KOBISSimulator
import Logging
import Testing

/// Records the URLs it is asked for and answers with a fixed body.
final class RecordingTransport: HTTPTransport, Sendable {
    private let urls = Locked<[URL]>([])
    let body: String

    init(body: String) { self.body = body }

    var requested: [URL] { urls.withLock { $0 } }

    func get(_ url: URL) async throws -> HTTPTransportResponse {
        urls.withLock { $0.append(url) }
        return HTTPTransportResponse(statusCode: 200, body: Data(body.utf8))
    }
}

@Suite("Client requests")
struct ClientRequestTests {
    let base = URL(string: "http://127.0.0.1:9/kobisopenapi/webservice/rest/")!

    @Test("URLs: key first, parameters in a fixed order, UTF-8 percent-encoded")
    func urls() async throws {
        let transport = RecordingTransport(body: Fixtures.daily)
        let client = KOBISClient(apiKey: "abc123", baseURL: base, transport: transport)
        let date = try #require(CalendarDate("2022-01-05"))
        _ = try await client.send(
            DailyBoxOfficeRequest(
                targetDate: date, itemsPerPage: 10, multiMovie: .diversity, nation: .korean, wideAreaCode: "0105001"))
        _ = try await client.send(WeeklyBoxOfficeRequest(targetDate: date, range: .week))
        let transportList = RecordingTransport(body: Fixtures.movieList)
        let listClient = KOBISClient(apiKey: "abc123", baseURL: base, transport: transportList)
        _ = try await listClient.send(
            MovieListRequest(page: 2, itemsPerPage: 20, movieName: "경관의 피 & co", openStartYear: 2022, openEndYear: 2022)
        )
        #expect(
            transport.requested.map(\.absoluteString) == [
                "http://127.0.0.1:9/kobisopenapi/webservice/rest/boxoffice/searchDailyBoxOfficeList.json?key=abc123&targetDt=20220105&itemPerPage=10&multiMovieYn=Y&repNationCd=K&wideAreaCd=0105001",
                "http://127.0.0.1:9/kobisopenapi/webservice/rest/boxoffice/searchWeeklyBoxOfficeList.json?key=abc123&targetDt=20220105&weekGb=0",
            ])
        #expect(
            transportList.requested.first?.absoluteString
                == "http://127.0.0.1:9/kobisopenapi/webservice/rest/movie/searchMovieList.json?key=abc123&curPage=2&itemPerPage=20&movieNm=%EA%B2%BD%EA%B4%80%EC%9D%98%20%ED%94%BC%20%26%20co&openStartDt=2022&openEndDt=2022"
        )
    }

    @Test("the redacted URL hides the key")
    func redaction() throws {
        let client = KOBISClient(apiKey: "0123456789abcdef0123456789abcdef", baseURL: base)
        let text = client.redactedURL(for: MovieInfoRequest(movieCode: "20124079"))
        #expect(!text.contains("0123456789abcdef"))
        #expect(text.hasSuffix("movie/searchMovieInfo.json?key=***&movieCd=20124079"))
    }

    @Test("requests KOBIS would reject are refused before sending")
    func validation() async {
        let transport = RecordingTransport(body: Fixtures.daily)
        let client = KOBISClient(apiKey: "k", baseURL: base, transport: transport)
        await #expect(throws: KOBISError.invalidRequest("itemPerPage must be at most 10, got 11")) {
            try await client.send(DailyBoxOfficeRequest(targetDate: CalendarDate("2022-01-05")!, itemsPerPage: 11))
        }
        await #expect(throws: KOBISError.self) { try await client.send(MovieInfoRequest(movieCode: " ")) }
        await #expect(throws: KOBISError.self) { try await client.send(MovieListRequest(page: 0)) }
        #expect(transport.requested.isEmpty)
    }

    @Test("every service unwraps its envelope")
    func unwrap() async throws {
        let cases: [(String, @Sendable (KOBISClient) async throws -> Bool)] = [
            (Fixtures.movieInfo, { try await $0.movieInfo("20194376").movieName == "가상 매버릭" }),
            (Fixtures.codes, { try await $0.send(CodeListRequest.wideAreas).count == 2 }),
            (
                Fixtures.companyInfoWithNulls,
                { try await $0.send(CompanyInfoRequest(companyCode: "20100001")).name == "가상필름" }
            ),
            (
                Fixtures.peopleInfoWithNulls,
                { try await $0.send(PeopleInfoRequest(peopleCode: "10000001")).name == "가상인" }
            ),
            (Fixtures.peopleList, { try await $0.send(PeopleListRequest(peopleName: "가")).people.count == 2 }),
        ]
        for (body, check) in cases {
            let client = KOBISClient(apiKey: "k", baseURL: base, transport: RecordingTransport(body: body))
            #expect(try await check(client))
        }
    }
}

@Suite("Client over HTTP against simulate-kobis", .serialized)
struct ClientHTTPTests {
    /// Calls that answer get 30 s: with both cores busy the simulator can take longer than a short timeout.
    static func withServer(
        fault: SimulatorFault = .none, timeout: TimeInterval = 30,
        _ body: (SimulatorServer, KOBISClient) async throws -> Void
    ) async throws {
        let server = SimulatorServer(host: "127.0.0.1", port: 0, fault: fault, logger: Logger(label: "test"))
        try await server.start()
        let client = KOBISClient(
            apiKey: "testkey", baseURL: server.baseURL, transport: URLSessionTransport(timeout: timeout))
        do {
            try await body(server, client)
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }

    @Test("all services answer over real HTTP")
    func services() async throws {
        try await Self.withServer { server, client in
            let date = try #require(CalendarDate("2024-03-15"))
            let daily = try await client.dailyBoxOffice(date)
            #expect(daily.entries.count == 10)
            #expect(daily.showRange == "20240315~20240315")
            let weekly = try await client.weeklyBoxOffice(date, range: .weekend)
            #expect(weekly.showRange == "20240315~20240317")
            #expect(weekly.yearWeekTime == "202411")
            let code = try #require(daily.entries.first?.movieCode)
            let info = try await client.movieInfo(code)
            #expect(info.movieCode == code)
            #expect(info.movieName == daily.entries.first?.movieName)
            let list = try await client.send(MovieListRequest(itemsPerPage: 5, movieName: info.movieName))
            #expect(list.movies.contains { $0.movieCode == code })
            let regions = try await client.send(CodeListRequest.wideAreas)
            #expect(regions.contains { $0.code == "0105001" })
            #expect(server.callCount == 5)
        }
    }

    @Test("company and people services over real HTTP, as the README shows them")
    func directory() async throws {
        try await Self.withServer { server, client in
            let companies = try await client.companyList(CompanyListRequest(itemsPerPage: 100, companyName: "가상"))
            let company = try #require(companies.companies.first)
            #expect(companies.companies.allSatisfy { $0.name.contains("가상") })
            let details = try await client.companyInfo(company.code)
            #expect(details.code == company.code && details.name == company.name)
            let names = details.filmography.map(\.movieName)
            #expect(company.filmographyNames == Array(names.prefix(company.filmographyNames.count)))
            #expect((company.filmographyTotal ?? company.filmographyNames.count) == names.count)
            let person = try #require(details.filmography.first)
            let info = try await client.movieInfo(person.movieCode)
            let actor = try #require(info.actors.first)
            let people = try await client.peopleList(PeopleListRequest(peopleName: actor.name))
            let match = try #require(people.people.first { $0.filmographyNames.contains(info.movieName) })
            let personInfo = try await client.peopleInfo(match.code)
            #expect(personInfo.filmography.contains { $0.movieCode == info.movieCode })
            #expect(try await client.companyInfo("1") == .empty)
            #expect(try await client.peopleInfo("1") == .empty)
            await #expect(throws: KOBISError.invalidRequest("companyCd must not be empty")) {
                try await client.companyInfo(" ")
            }
            #expect(server.callCount == 7)
        }
    }

    @Test(
        "fault modes map to distinct errors",
        arguments: [
            SimulatorFault.http500, .malformed, .faultinfo, .timeout, .reset,
        ])
    func faults(fault: SimulatorFault) async throws {
        // Only the timeout case needs a short timeout; the others answer, however busy the machine is.
        try await Self.withServer(fault: fault, timeout: fault == .timeout ? 1 : 30) { _, client in
            do {
                _ = try await client.dailyBoxOffice(CalendarDate("2024-03-15")!)
                Issue.record("expected \(fault) to fail")
            } catch let error as KOBISError {
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
                #expect(!error.description.contains("testkey"))
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
    }

    @Test("a call whose task is cancelled says so, not that KOBIS could not be reached")
    func cancelled() async throws {
        /// Waits in `get` until its task is cancelled, after telling the test it has the call.
        struct WaitingTransport: HTTPTransport {
            let started: AsyncStream<Void>.Continuation
            let failure: @Sendable () -> any Error
            func get(_ url: URL) async throws -> HTTPTransportResponse {
                started.yield()
                // Cancelled, the wait ends at once; the transport then fails with whatever it fails with.
                try? await Task.sleep(for: .seconds(3600))
                throw failure()
            }
        }
        // Whether the transport throws CancellationError or its own error once cancelled.
        for failure: @Sendable () -> any Error in [{ CancellationError() }, { URLError(.unknown) }] {
            let (started, continuation) = AsyncStream<Void>.makeStream()
            let client = KOBISClient(
                apiKey: "k", transport: WaitingTransport(started: continuation, failure: failure))
            let call = Task { try await client.dailyBoxOffice(CalendarDate("2024-03-15")!) }
            var iterator = started.makeAsyncIterator()
            _ = await iterator.next()
            call.cancel()
            do {
                _ = try await call.value
                Issue.record("a cancelled call returned")
            } catch let error as KOBISError {
                #expect(error == .cancelled)
                #expect(error.isTransient)
            }
        }
    }

    @Test("connection refused is a connection failure")
    func refused() async throws {
        let client = KOBISClient(
            apiKey: "k", baseURL: URL(string: "http://127.0.0.1:1/rest")!, transport: URLSessionTransport(timeout: 2))
        await #expect(throws: KOBISError.self) { try await client.dailyBoxOffice(CalendarDate("2024-03-15")!) }
        do {
            _ = try await client.dailyBoxOffice(CalendarDate("2024-03-15")!)
        } catch {
            guard case .connectionFailed = error else {
                Issue.record("expected connectionFailed, got \(error)")
                return
            }
            #expect(error.isTransient)
        }
    }
}
