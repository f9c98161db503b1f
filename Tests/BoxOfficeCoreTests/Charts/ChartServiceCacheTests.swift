import BoxOfficeCore
import Foundation
import Testing

@Suite("ChartService keeps settled charts in memory")
struct ChartServiceCacheTests {
    let day = CalendarDate("2026-11-20")!
    let otherDay = CalendarDate("2026-11-19")!

    func make(clock: TestClock, capacity: Int = 256) -> (ChartService, ScriptedUpstream, InMemoryChartRepository) {
        let upstream = ScriptedUpstream(clock: clock)
        let repository = InMemoryChartRepository()
        let service = ChartService(
            upstream: upstream, repository: repository, calendar: BoxOfficeCalendar(now: clock.function),
            provisionalTTL: 600, cacheCapacity: capacity)
        return (service, upstream, repository)
    }

    @Test("a settled chart is answered from memory without reading the store")
    func settledFromMemory() async throws {
        let clock = TestClock(seoul(2026, 11, 22, 8))
        let (service, upstream, repository) = make(clock: clock)
        let first = try await service.chart(.daily(day))
        let readsAfterFirst = await repository.reads
        for _ in 0..<5 { #expect(try await service.chart(.daily(day)) == first) }
        #expect(await repository.reads == readsAfterFirst)
        #expect(upstream.callCount == 1)
        #expect(service.freshUntil(first) == .distantFuture)
    }

    @Test("a provisional chart is read from the store each time and is fresh only for its TTL")
    func provisionalNotInMemory() async throws {
        let clock = TestClock(seoul(2026, 11, 21, 10))
        let (service, _, repository) = make(clock: clock)
        let chart = try await service.chart(.daily(day))
        let readsAfterFirst = await repository.reads
        _ = try await service.chart(.daily(day))
        #expect(await repository.reads == readsAfterFirst + 1)
        #expect(service.freshUntil(chart) == chart.fetchedAt.addingTimeInterval(600))
    }

    @Test("a stale chart is not fresh and not kept")
    func staleNotKept() async throws {
        let clock = TestClock(seoul(2026, 11, 21, 10))
        let (service, upstream, repository) = make(clock: clock)
        _ = try await service.chart(.daily(day))
        upstream.fail(with: .upstream(.timeout))
        clock.set(seoul(2026, 11, 22, 8))  // settled by now, but the refetch fails
        let stale = try await service.chart(.daily(day))
        #expect(stale.stale)
        #expect(service.freshUntil(stale) == .distantPast)
        let reads = await repository.reads
        _ = try await service.chart(.daily(day))
        #expect(await repository.reads == reads + 1)
        upstream.fail(with: nil)
        #expect(try await service.chart(.daily(day)).stale == false)
    }

    @Test("the least recently used chart leaves memory first")
    func leastRecentlyUsedLeaves() async throws {
        let clock = TestClock(seoul(2026, 11, 22, 8))
        let (service, _, repository) = make(clock: clock, capacity: 1)
        _ = try await service.chart(.daily(day))
        _ = try await service.chart(.daily(otherDay))  // pushes `day` out
        let reads = await repository.reads
        _ = try await service.chart(.daily(otherDay))
        #expect(await repository.reads == reads)
        _ = try await service.chart(.daily(day))
        #expect(await repository.reads == reads + 1)
    }

    @Test("an empty chart is never kept in memory")
    func emptyNotKept() async throws {
        let clock = TestClock(seoul(2026, 11, 22, 8))
        let upstream = EmptyUpstream(clock: clock)
        let repository = InMemoryChartRepository()
        let service = ChartService(
            upstream: upstream, repository: repository, calendar: BoxOfficeCalendar(now: clock.function))
        _ = try await service.chart(.daily(day))
        let reads = await repository.reads
        _ = try await service.chart(.daily(day))
        #expect(await repository.reads == reads + 1)
    }

    @Test("a kept chart does not let a now-invalid query through: validation comes first for new queries")
    func invalidStillRejected() async throws {
        let clock = TestClock(seoul(2026, 11, 22, 8))
        let (service, upstream, _) = make(clock: clock)
        _ = try await service.chart(.daily(day))
        await #expect(throws: BoxOfficeError.self) { try await service.chart(.daily(CalendarDate("2026-11-23")!)) }
        #expect(upstream.callCount == 1)
    }
}
