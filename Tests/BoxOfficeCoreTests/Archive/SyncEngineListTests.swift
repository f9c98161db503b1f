import BoxOfficeCore
import Foundation
import KOBIS
import Testing

/// Film nations from the movie list of their opening year (chart rows carry opening dates).
///
/// The range 2024-01-01…03-10 names 13 films: K1 and F2817 open in 2023 (2 films: fewer than the threshold of 5,
/// so they get details), K2 and F2818…F2827 open in 2024 (11 films: once 5 wait, 2024's list is read; its 3
/// pages of 100 put the chart films on page 3, so all three pages are read and every later 2024 film needs no
/// call).
@Suite("Archive: sync engine learns nations from movie lists")
struct SyncEngineListTests {
    struct Fixture {
        let clock = TestClock(seoul(2024, 3, 20, 12))
        let store = InMemoryArchive()
        let upstream: ArchiveUpstream
        let sleeps = RecordedSleeps()

        init(delay: Duration = .zero) {
            upstream = ArchiveUpstream(clock: clock, delay: delay, openDates: true)
        }

        func engine(_ options: SyncOptions = SyncOptions(concurrency: 4)) -> SyncEngine {
            SyncEngine(
                upstream: upstream, charts: store, movies: store, archive: store,
                calendar: BoxOfficeCalendar(now: clock.function), options: options, sleep: sleeps.sleep)
        }

        /// Every film of `range` has the nation its details give.
        func expectNationsMatchDetails(_ range: DateRange) async {
            for film in SyncEngineListTests.films(range) {
                #expect(await store.nation(of: film) == ArchiveUpstream.representativeNation(of: film), "\(film)")
            }
        }
    }

    static let range = archiveRange("2024-01-01", "2024-03-10")
    static let days = 70

    static func films(_ range: DateRange) -> Set<String> {
        Set(range.days.flatMap { ArchiveUpstream.films(on: $0).map(\.code) })
    }

    @Test("a year's films come from its list (3 pages), the few of another year from details; a rerun makes no call")
    func learnsFromLists() async throws {
        let f = Fixture()
        #expect(Self.films(Self.range).count == 13)
        let report = try await f.engine().run(SyncRequest(range: Self.range))
        #expect(report.isComplete)
        #expect(report.chartsStored == Self.days)
        #expect(f.upstream.chartCallCount == Self.days)
        #expect(f.upstream.listCallCount == 3)
        for page in 1...3 { #expect(f.upstream.listCalls(year: 2024, page: page) == 1) }
        #expect(f.upstream.listCalls(year: 2023, page: 1) == 0)
        #expect(f.upstream.moviesLookedUp == ["K1", "F2817"])
        #expect(f.upstream.movieCallCount == 2)
        #expect(report.calls == Self.days + 3 + 2)
        #expect(report.listPagesFetched == 3)
        #expect(report.moviesFromLists == 11)
        #expect(report.moviesFetched == 2)
        #expect(report.moviesPlanned == 13)
        #expect(report.moviesChecked)
        await f.expectNationsMatchDetails(Self.range)

        let again = try await f.engine().run(SyncRequest(range: Self.range))
        #expect(again.isComplete)
        #expect(again.calls == 0)
        #expect(f.upstream.totalCalls == Self.days + 3 + 2)
    }

    @Test("every film a page lists is stored: a later run over the next days needs no call for the new films")
    func pagesServeLaterRuns() async throws {
        let f = Fixture()
        _ = try await f.engine().run(SyncRequest(range: Self.range))
        // 2024's three pages list all its films: 230 fillers and every chart film of the year, met or not.
        #expect(await f.store.nation(of: "X2024-0") == "프랑스")
        #expect(await f.store.nation(of: "F2828") == "미국")
        let callsBefore = f.upstream.totalCalls

        // March 11–18 bring F2828 (opening March 14), never met before: without the stored page it would wait
        // and then take a details call.
        let next = archiveRange("2024-03-11", "2024-03-18")
        #expect(Self.films(next).subtracting(Self.films(Self.range)) == ["F2828"])
        let report = try await f.engine().run(SyncRequest(range: next))
        #expect(report.isComplete)
        #expect(report.calls == 8)
        #expect(f.upstream.totalCalls == callsBefore + 8)
        #expect(f.upstream.calls(forMovie: "F2828") == 0)
        #expect(report.moviesPlanned == 0)
        await f.expectNationsMatchDetails(next)
    }

    @Test("a long run's last details go out beside its last charts, not after them, and cost no extra call")
    func lastDetailsBesideLastCharts() async throws {
        // Once every chart is handed out, the 4 in flight are expected to add 2 × 4 ÷ 66 films to 2023's two
        // waiting ones: less than half a film, so K1 and F2817 get their details while the last day's chart is
        // still out.
        let f = Fixture()
        f.upstream.holdCharts(on: [Self.range.end])
        let report = try await f.engine().run(SyncRequest(range: Self.range))
        #expect(report.isComplete)
        #expect(f.upstream.heldChartReleasedByFilmCall)
        #expect(f.upstream.moviesLookedUp == ["K1", "F2817"])
        #expect(report.calls == Self.days + 3 + 2)
        await f.expectNationsMatchDetails(Self.range)
    }

    @Test("a year whose read pages cover the films its charts bring decides its last waiting film early")
    func coveredYearDecidesEarly() async throws {
        // 2024's list gives its chart films on page 1 and K2 alone on page 3: page 1 is read once 5 films wait,
        // and teaches the 6 met later (none waits); K2 waits, with 2 pages left. 11 films of 2024 were met, but
        // none waited since page 1, so none is expected from the last charts: K2's details go out while the last
        // four days' charts are held in flight (counting every 2024 film met instead would expect 11 × 4 ÷ 66 ≈
        // 0.67 films from them, and wait).
        // The estimate counts the charts finished since page 1 came in, so the days from February 20 wait until
        // page 1 is stored (it is handed out at January 25, ahead of every chart): however slowly its answer is
        // taken in, 16 charts finish after it.
        let f = Fixture()
        f.upstream.listFirst(exceptLast: ["K2"])
        let pageStored = TestLatch()
        await f.store.openWhenNationStored("F2818", pageStored)
        f.upstream.holdCharts(on: Set(archiveRange("2024-02-20", "2024-03-06").days), until: pageStored)
        let lastFour = Set(archiveRange("2024-03-07", "2024-03-10").days)
        f.upstream.holdCharts(on: lastFour, untilDetailsOf: ["K2"])
        let report = try await f.engine(SyncOptions(concurrency: 5)).run(SyncRequest(range: Self.range))
        #expect(report.isComplete)
        #expect(f.upstream.heldChartReleasedByFilmCall)
        #expect(f.upstream.listCalls(year: 2024, page: 1) == 1)
        #expect(f.upstream.listCallCount == 1)
        #expect(f.upstream.moviesLookedUp == ["K1", "F2817", "K2"])
        #expect(report.moviesFromLists == 10)
        #expect(report.calls == Self.days + 1 + 3)
        await f.expectNationsMatchDetails(Self.range)
    }

    @Test("a film missing from its year's list, read to the end, falls back to details")
    func missingFromList() async throws {
        let f = Fixture()
        f.upstream.leaveOutOfLists(["F2820"])
        let report = try await f.engine().run(SyncRequest(range: Self.range))
        #expect(report.isComplete)
        #expect(f.upstream.listCallCount == 3)
        #expect(f.upstream.moviesLookedUp == ["K1", "F2817", "F2820"])
        #expect(f.upstream.movieCallCount == 3)
        #expect(report.calls == Self.days + 3 + 3)
        #expect(report.moviesFromLists == 10)
        await f.expectNationsMatchDetails(Self.range)
    }

    @Test("fewer films of a year than the threshold get details; a lower threshold lists that year too")
    func threshold() async throws {
        // Ten days name K1, K2, F2817, F2818: 2 films of each year, fewer than 5.
        let short = archiveRange("2024-01-01", "2024-01-10")
        let f = Fixture()
        let report = try await f.engine().run(SyncRequest(range: short))
        #expect(report.isComplete)
        #expect(f.upstream.listCallCount == 0)
        #expect(f.upstream.movieCallCount == 4)
        #expect(report.calls == 10 + 4)

        // With a threshold of 2 both years are read: 2023's chart films are on page 3 too.
        let g = Fixture()
        let listed = try await g.engine(SyncOptions(concurrency: 4, listThreshold: 2)).run(SyncRequest(range: short))
        #expect(listed.isComplete)
        // Page 1 tells 3 pages: 2 pages left are not fewer than the 2 films waiting, so they get details.
        #expect(g.upstream.listCalls(year: 2023, page: 1) == 1)
        #expect(g.upstream.listCalls(year: 2024, page: 1) == 1)
        #expect(g.upstream.listCallCount == 2)
        #expect(g.upstream.movieCallCount == 4)
        await g.expectNationsMatchDetails(short)
    }

    @Test("list pages share the budget; the next run resumes from the archived charts' opening dates")
    func budgetAndResume() async throws {
        let f = Fixture()
        let request = SyncRequest(range: Self.range)
        // 20 charts name K1, K2, F2817…F2820: 4 films of 2024 wait for a fifth, 2023's two for the end.
        let first = try await f.engine(SyncOptions(concurrency: 3, budget: 20)).run(request)
        #expect(first.stopReason == .budget(20))
        #expect(first.calls == 20)
        #expect(first.chartsStored == 20)
        #expect(first.notAttemptedCharts == 50)
        #expect(first.notAttemptedMovies == 6)
        #expect(!first.moviesChecked)
        #expect(f.upstream.listCallCount == 0)

        let second = try await f.engine().run(request)
        #expect(second.isComplete)
        #expect(second.plan.items.count == 50)
        #expect(second.calls == 50 + 3 + 2)
        for date in Self.range.days { #expect(f.upstream.calls(for: .daily(date)) == 1, "\(date)") }
        #expect(f.upstream.listCallCount == 3)
        #expect(f.upstream.moviesLookedUp == ["K1", "F2817"])
        #expect(f.upstream.movieCallCount == 2)
        await f.expectNationsMatchDetails(Self.range)
    }

    @Test("a transient fault on a list page is retried and counted against the budget")
    func transientListFault() async throws {
        let f = Fixture()
        f.upstream.scriptList(year: 2024, page: 2, faults: [.timeout])
        let report = try await f.engine().run(SyncRequest(range: Self.range))
        #expect(report.isComplete)
        #expect(report.retries == 1)
        #expect(f.upstream.listCalls(year: 2024, page: 2) == 2)
        #expect(report.calls == Self.days + 4 + 2)
        #expect(f.upstream.movieCallCount == 2)
        #expect(f.sleeps.total == .milliseconds(500))
        await f.expectNationsMatchDetails(Self.range)
    }

    @Test("a list page that fails for good is reported, and its year's films fall back to details")
    func permanentListFault() async throws {
        let f = Fixture()
        f.upstream.scriptList(year: 2024, page: 2, faults: [.fault(code: "320011", message: "잘못된 요청")])
        let report = try await f.engine().run(SyncRequest(range: Self.range))
        #expect(report.stopReason == nil)
        #expect(report.failures.map(\.item) == [.movieList(year: 2024, page: 2)])
        #expect(report.failures.first?.transient == false)
        #expect(report.retries == 0)
        #expect(f.upstream.listCallCount == 2)
        #expect(f.upstream.listCalls(year: 2024, page: 3) == 0)
        // Every film but what page 1 held (none of the chart films) gets details: all 13.
        #expect(f.upstream.movieCallCount == 13)
        #expect(report.calls == Self.days + 2 + 13)
        await f.expectNationsMatchDetails(Self.range)
    }
}
