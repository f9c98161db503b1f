import Foundation
import KOBIS
import Testing
@testable import KOBISSimulator

@Suite("Sample mode transport")
struct SimulatorTransportTests {
    @Test("KOBISClient works in process through SimulatorTransport")
    func client() async throws {
        let transport = SimulatorTransport(simulator: Fixture.simulator)
        let client = KOBISClient(apiKey: SimulatorTransport.sampleKey, transport: transport)
        let date = Fixture.date("2024-03-15")
        let daily = try await client.dailyBoxOffice(date, nation: .korean)
        #expect(daily == Fixture.simulator.dailyBoxOffice(date, nation: .korean))
        let weekly = try await client.weeklyBoxOffice(date, range: .week, wideAreaCode: "0105001")
        #expect(weekly == Fixture.simulator.weeklyBoxOffice(date, range: .week, wideAreaCode: "0105001"))
        let info = try await client.movieInfo(daily.entries[0].movieCode)
        #expect(info.movieName == daily.entries[0].movieName)
        // Korean query values are percent-encoded by the client and decoded by the transport.
        let list = try await client.send(MovieListRequest(itemsPerPage: 5, movieName: info.movieName))
        #expect(list.movies.contains { $0.movieCode == info.movieCode })
        // Faults reach the client as KOBIS faults.
        await #expect(throws: KOBISError.fault(code: "320010", message: "유효하지않은 키값입니다.")) {
            _ = try await KOBISClient(apiKey: "", transport: transport).dailyBoxOffice(date)
        }
        // Today is not aggregated yet: an empty list, not an error.
        #expect(try await client.dailyBoxOffice(Fixture.today).entries.isEmpty)
    }

    @Test("latency delays each answer")
    func latency() async throws {
        let transport = SimulatorTransport(simulator: Fixture.simulator, latency: .milliseconds(150))
        let client = KOBISClient(apiKey: "k", transport: transport)
        let clock = ContinuousClock()
        let start = clock.now
        let codes = try await client.send(CodeListRequest.wideAreas)
        #expect(clock.now - start >= .milliseconds(150))
        #expect(codes.count == 17)
    }
}
