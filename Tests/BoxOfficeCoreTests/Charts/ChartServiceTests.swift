import BoxOfficeCore
import Foundation
import Testing

@Suite("ChartService cache policy")
struct ChartServiceTests {
    let day = CalendarDate("2026-11-20")!

    func make(clock: TestClock, delay: Duration = .zero) -> (ChartService, ScriptedUpstream, InMemoryChartRepository) {
        let upstream = ScriptedUpstream(clock: clock, delay: delay)
        let repository = InMemoryChartRepository()
        let service = ChartService(
            upstream: upstream, repository: repository, calendar: BoxOfficeCalendar(now: clock.function),
            provisionalTTL: 600)
        return (service, upstream, repository)
    }

    @Test("a settled chart is never fetched again")
    func settled() async throws {
        let clock = TestClock(seoul(2026, 11, 22, 8))  // after 2026-11-22 00:00 KST: the 20th is settled
        let (service, upstream, _) = make(clock: clock)
        let first = try await service.chart(.daily(day))
        #expect(service.isSettled(first))
        clock.advance(86_400 * 30)
        let again = try await service.chart(.daily(day))
        #expect(upstream.callCount == 1)
        #expect(again == first)
    }

    @Test("a provisional chart is served for the TTL, then refreshed")
    func provisional() async throws {
        let clock = TestClock(seoul(2026, 11, 21, 10))  // the 20th's figures still change today
        let (service, upstream, _) = make(clock: clock)
        let first = try await service.chart(.daily(day))
        #expect(!service.isSettled(first))
        clock.advance(300)
        #expect(try await service.chart(.daily(day)).entries.first?.title == "Call 1")
        clock.advance(301)
        #expect(try await service.chart(.daily(day)).entries.first?.title == "Call 2")
        #expect(upstream.callCount == 2)
        // Fetched again after D+2 00:00 KST, it becomes settled for good.
        clock.set(seoul(2026, 11, 22, 0, 5))
        let settled = try await service.chart(.daily(day))
        #expect(service.isSettled(settled))
        clock.advance(86_400)
        _ = try await service.chart(.daily(day))
        #expect(upstream.callCount == 3)
    }

    @Test("100 concurrent identical requests make one upstream call")
    func coalescing() async throws {
        let clock = TestClock(seoul(2026, 11, 22, 8))
        let (service, upstream, repository) = make(clock: clock, delay: .milliseconds(200))
        let titles = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<100 { group.addTask { try await service.chart(.daily(day)).entries[0].title } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(titles.count == 100)
        #expect(Set(titles) == ["Call 1"])
        #expect(upstream.callCount == 1)
        #expect(await repository.saves == 1)
    }

    @Test("different filters are different charts")
    func filtersAreSeparate() async throws {
        let clock = TestClock(seoul(2026, 11, 22, 8))
        let (service, upstream, _) = make(clock: clock)
        _ = try await service.chart(.daily(day))
        _ = try await service.chart(.daily(day, filters: ChartFilters(nation: .korean)))
        _ = try await service.chart(.daily(day, filters: ChartFilters(nation: .korean)))
        #expect(upstream.callCount == 2)
    }

    @Test("upstream failure serves the stored chart marked stale")
    func staleOnError() async throws {
        let clock = TestClock(seoul(2026, 11, 21, 10))
        let (service, upstream, _) = make(clock: clock)
        let fresh = try await service.chart(.daily(day))
        #expect(!fresh.stale)
        upstream.fail(with: .upstream(.timeout))
        clock.advance(3600)
        let stale = try await service.chart(.daily(day))
        #expect(stale.stale)
        #expect(stale.staleReason == .timeout)
        #expect(stale.entries == fresh.entries)
        upstream.fail(with: nil)
        #expect(try await service.chart(.daily(day)).stale == false)
    }

    @Test("upstream failure with nothing stored throws the typed error")
    func errorWithoutStore() async throws {
        let clock = TestClock(seoul(2026, 11, 22, 8))
        let (service, upstream, _) = make(clock: clock)
        upstream.fail(with: .upstream(.httpStatus(500)))
        await #expect(throws: BoxOfficeError.upstream(.httpStatus(500))) { try await service.chart(.daily(day)) }
    }

    @Test("invalid dates are rejected without calling upstream")
    func invalidDates() async throws {
        let clock = TestClock(seoul(2026, 11, 22, 8))
        let (service, upstream, _) = make(clock: clock)
        await #expect(throws: BoxOfficeError.self) { try await service.chart(.daily(CalendarDate("2026-11-22")!)) }
        await #expect(throws: BoxOfficeError.self) {
            try await service.chart(ChartQuery(kind: .week, date: CalendarDate("2026-11-20")!))
        }
        #expect(upstream.callCount == 0)
    }

    @Test("weekly queries for any day of the week share one chart")
    func weeklyNormalization() async throws {
        let clock = TestClock(seoul(2026, 11, 22, 8))
        let (service, upstream, _) = make(clock: clock)
        let a = try await service.chart(ChartQuery(kind: .week, date: CalendarDate("2026-11-10")!))
        let b = try await service.chart(ChartQuery(kind: .week, date: CalendarDate("2026-11-15")!))
        #expect(a == b)
        #expect(a.range.start.isoString == "2026-11-09")
        #expect(upstream.callCount == 1)
    }

    @Test("an empty recent chart is shown but not stored; an empty old one is stored")
    func emptyCharts() async throws {
        let clock = TestClock(seoul(2026, 11, 22, 8))
        let upstream = EmptyUpstream(clock: clock)
        let repository = InMemoryChartRepository()
        let service = ChartService(
            upstream: upstream, repository: repository, calendar: BoxOfficeCalendar(now: clock.function))
        #expect(try await service.chart(.daily(day)).entries.isEmpty)
        #expect(await repository.saves == 0)
        _ = try await service.chart(.daily(CalendarDate("2026-10-01")!))
        #expect(await repository.saves == 1)
    }
}

/// An upstream whose charts are always empty.
struct EmptyUpstream: BoxOfficeUpstream {
    let clock: TestClock
    let source = ChartSource.kobis
    func fetchChart(_ query: ChartQuery) async throws -> Chart {
        Chart(
            kind: query.kind, range: query.range, filters: query.filters, source: .kobis, fetchedAt: clock.now,
            entries: [])
    }
    func fetchMovie(code: String) async throws -> Movie? { nil }
    func searchMovies(_ query: MovieSearchQuery) async throws -> MovieSearchPage {
        MovieSearchPage(totalCount: 0, page: 1, perPage: 20, movies: [])
    }
    /// No film lists here: these tests never sync.
    func fetchMovieNations(openYear: Int, page: Int, perPage: Int) async throws -> MovieNationPage {
        MovieNationPage(year: openYear, totalCount: 0, page: page, perPage: perPage, movies: [])
    }
    func fetchRegions() async throws -> [Region] { [] }
}
