@testable import BoxOfficeCore
import Foundation
import KOBIS
import Testing

/// Leases in memory that say when an instance was refused one: the instance is then waiting for the holder's copy.
final class WatchedLeases: LeaseStore {
    let base = InMemoryLeases()
    /// Opens at the first refused claim.
    let someoneWaits = TestLatch()
    private let refusals = Locked(0)
    var refusalCount: Int { refusals.withLock { $0 } }

    func acquire(_ name: String, holder: String, now: Date, until: Date) async throws -> Bool {
        let held = try await base.acquire(name, holder: holder, now: now, until: until)
        if !held {
            refusals.withLock { $0 += 1 }
            someoneWaits.open()
        }
        return held
    }
    func release(_ name: String, holder: String) async throws { try await base.release(name, holder: holder) }
    func holder(of name: String, now: Date) async throws -> String? { try await base.holder(of: name, now: now) }
}

/// An upstream whose chart calls wait at `gate` before they answer (a ``ScriptedUpstream`` behind it counts them).
struct GatedChartUpstream: BoxOfficeUpstream {
    let base: ScriptedUpstream
    let gate: TestLatch
    var source: ChartSource { base.source }
    func fetchChart(_ query: ChartQuery) async throws -> Chart {
        if await !gate.wait() { Issue.record("no other instance waited for the holder within \(gate.limit)") }
        return try await base.fetchChart(query)
    }
    func fetchMovie(code: String) async throws -> Movie? { nil }
    func searchMovies(_ query: MovieSearchQuery) async throws -> MovieSearchPage {
        try await base.searchMovies(query)
    }
    func fetchMovieNations(openYear: Int, page: Int, perPage: Int) async throws -> MovieNationPage {
        try await base.fetchMovieNations(openYear: openYear, page: page, perPage: perPage)
    }
    func fetchRegions() async throws -> [Region] { [] }
}

/// Counts polls; gives up (failing the test) after `limit`, so a wait that never ends cannot hang the suite.
final class PollCounter: Sendable {
    private let count = Locked(0)
    let limit: Int
    let clock: TestClock?
    init(limit: Int = 1_000_000, advancing clock: TestClock? = nil) {
        self.limit = limit
        self.clock = clock
    }
    var polls: Int { count.withLock { $0 } }
    var sleep: @Sendable (Duration) async throws -> Void {
        { duration in
            let polls = self.count.withLock { count -> Int in
                count += 1
                return count
            }
            if polls > self.limit {
                Issue.record("still polling after \(self.limit) polls")
                throw CancellationError()
            }
            if let clock = self.clock {
                clock.advance(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
            }
            await Task.yield()
        }
    }
}

@Suite("ChartService: one call per chart across the fleet")
struct ChartFleetTests {
    let day = CalendarDate("2026-11-20")!

    @Test("50 concurrent requests over two instances sharing one store make one KOBIS call")
    func oneCallAcrossInstances() async throws {
        let clock = TestClock(seoul(2026, 11, 22, 8))  // the 20th is settled
        let repository = InMemoryChartRepository()
        let leases = WatchedLeases()
        let counting = ScriptedUpstream(clock: clock)
        // The holder's call answers only once the other instance was refused the lease (it is waiting).
        let upstream = GatedChartUpstream(base: counting, gate: leases.someoneWaits)
        let polls = PollCounter()
        let instances = ["A", "B"].map { id in
            ChartService(
                upstream: upstream, repository: repository, calendar: BoxOfficeCalendar(now: clock.function),
                fleet: ChartFleet(leases: leases, instanceID: id, sleep: polls.sleep))
        }
        let titles = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<50 {
                let service = instances[index % 2]
                group.addTask { try await service.chart(.daily(day)).entries[0].title }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(titles.count == 50)
        #expect(Set(titles) == ["Call 1"])
        #expect(counting.callCount == 1)
        #expect(leases.refusalCount >= 1)
        #expect(await repository.saves == 1)
        #expect(
            try await leases.holder(of: ChartFleet.leaseName(for: .daily(day), source: .sample), now: clock.now) == nil)
    }

    @Test("a holder that died: the others take the lease over once it expires, and make the one call")
    func holderDied() async throws {
        let clock = TestClock(seoul(2026, 11, 22, 8))
        let leases = InMemoryLeases()
        let name = ChartFleet.leaseName(for: .daily(day), source: .sample)
        #expect(try await leases.acquire(name, holder: "dead", now: clock.now, until: clock.now.addingTimeInterval(35)))
        let counting = ScriptedUpstream(clock: clock)
        // Each poll moves the clock by the poll interval: the claim expires after 700 polls.
        let polls = PollCounter(limit: 10_000, advancing: clock)
        let service = ChartService(
            upstream: counting, repository: InMemoryChartRepository(), calendar: BoxOfficeCalendar(now: clock.function),
            fleet: ChartFleet(leases: leases, instanceID: "B", claimDuration: 35, sleep: polls.sleep))
        let chart = try await service.chart(.daily(day))
        #expect(chart.entries[0].title == "Call 1")
        #expect(counting.callCount == 1)
        #expect((700...701).contains(polls.polls), "one claim of polls (give or take rounding): \(polls.polls)")
        #expect(try await leases.holder(of: name, now: clock.now) == nil)
    }

    @Test("the holder finds the chart another instance stored meanwhile and calls nothing")
    func storedMeanwhile() async throws {
        let clock = TestClock(seoul(2026, 11, 22, 8))
        let counting = ScriptedUpstream(clock: clock)
        let stored = try await ChartService(
            upstream: counting, repository: InMemoryChartRepository(), calendar: BoxOfficeCalendar(now: clock.function)
        ).chart(.daily(day))
        let repository = LateChartRepository(chart: stored)
        let service = ChartService(
            upstream: counting, repository: repository, calendar: BoxOfficeCalendar(now: clock.function),
            fleet: ChartFleet(leases: InMemoryLeases(), instanceID: "A"))
        #expect(try await service.chart(.daily(day)) == stored)
        #expect(counting.callCount == 1, "only the call that made the other instance's copy")
    }

    @Test("with the lease, a failed call still answers the stored chart marked stale, and lets the lease go")
    func staleOnError() async throws {
        let clock = TestClock(seoul(2026, 11, 21, 10))  // the 20th is provisional
        let counting = ScriptedUpstream(clock: clock)
        let repository = InMemoryChartRepository()
        let leases = InMemoryLeases()
        let service = ChartService(
            upstream: counting, repository: repository, calendar: BoxOfficeCalendar(now: clock.function),
            provisionalTTL: 600, fleet: ChartFleet(leases: leases, instanceID: "A"))
        _ = try await service.chart(.daily(day))
        clock.advance(601)
        counting.fail(with: .upstream(.timeout))
        let stale = try await service.chart(.daily(day))
        #expect(stale.stale)
        #expect(stale.entries[0].title == "Call 1")
        let name = ChartFleet.leaseName(for: .daily(day), source: .sample)
        #expect(try await leases.holder(of: name, now: clock.now) == nil)
    }
}

/// A store another instance fills meanwhile: the first read finds nothing, later reads find `chart`.
actor LateChartRepository: ChartRepository {
    let chart: Chart
    private var reads = 0
    init(chart: Chart) { self.chart = chart }
    func storedChart(for query: ChartQuery) async throws -> Chart? {
        reads += 1
        return reads == 1 ? nil : chart
    }
    func save(_ chart: Chart) async throws {}
    func dailyCharts(in range: DateRange) async throws -> [Chart] { [] }
}
