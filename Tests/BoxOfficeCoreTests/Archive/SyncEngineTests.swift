import BoxOfficeCore
import Foundation
import KOBIS
import Testing

@Suite("Archive: sync engine against a scripted upstream")
struct SyncEngineTests {
    struct Fixture {
        let clock = TestClock(seoul(2024, 3, 20, 12))
        let store = InMemoryArchive()
        let upstream: ArchiveUpstream
        let sleeps = RecordedSleeps()

        init(delay: Duration = .zero, rendezvous: Int? = nil) {
            upstream = ArchiveUpstream(clock: clock, delay: delay, rendezvous: rendezvous)
        }

        func engine(_ options: SyncOptions = SyncOptions()) -> SyncEngine {
            SyncEngine(
                upstream: upstream, charts: store, movies: store, archive: store,
                calendar: BoxOfficeCalendar(now: clock.function), options: options, sleep: sleeps.sleep)
        }
    }

    /// Collects events (they arrive one at a time).
    final class EventLog: Sendable {
        private let events = Locked<[SyncEvent]>([])
        var all: [SyncEvent] { events.withLock { $0 } }
        func record(_ event: SyncEvent) { events.withLock { $0.append(event) } }
    }

    static let march = archiveRange("2024-03-01", "2024-03-10")

    @Test("one call per missing day, films' details once each, nothing on a rerun")
    func fetchesOncePerDay() async throws {
        let f = Fixture()
        let log = EventLog()
        let report = try await f.engine().run(SyncRequest(range: Self.march)) { log.record($0) }
        #expect(report.isComplete)
        #expect(report.chartsStored == 10)
        #expect(f.upstream.chartCallCount == 10)
        #expect(await f.store.storedDailyDays == Self.march.days)
        // K1, K2 and the two weekly foreign films of 2024-03-01…10.
        let films = Set(Self.march.days.flatMap { ArchiveUpstream.films(on: $0).map(\.code) })
        #expect(report.moviesFetched == films.count)
        #expect(f.upstream.movieCallCount == films.count)
        #expect(report.calls == 10 + films.count)
        #expect(await f.store.nation(of: "K1") == "한국")
        #expect(await f.store.nation(of: films.first { $0.hasPrefix("F") }!) == "미국")
        // Progress: one start event, every item finishes once, counts climb to totals that count both kinds.
        #expect(log.all.first == .started(SyncProgress(chartsTotal: 10), skipped: 0))
        let finished = log.all.compactMap { event -> (SyncItem, SyncProgress)? in
            if case .itemFinished(let item, _, let progress) = event { return (item, progress) }
            return nil
        }
        let chartsDone = finished.filter { if case .chart = $0.0 { true } else { false } }.map(\.1.chartsDone)
        #expect(chartsDone == Array(1...10))
        #expect(finished.filter { if case .movie = $0.0 { true } else { false } }.count == films.count)
        #expect(finished.map(\.1.completed) == Array(1...(10 + films.count)))
        #expect(
            finished.last?.1
                == SyncProgress(
                    chartsDone: 10, chartsTotal: 10, moviesDone: films.count, moviesTotal: films.count,
                    calls: 10 + films.count))
        // The total grows as films are queued, and never falls behind what is done.
        let queued = log.all.compactMap { event -> Int? in
            if case .moviesQueued(let count, _) = event { return count }
            return nil
        }
        #expect(queued.reduce(0, +) == films.count)
        #expect(finished.allSatisfy { $0.1.completed <= $0.1.total })

        let again = try await f.engine().run(SyncRequest(range: Self.march))
        #expect(again.isComplete)
        #expect(again.calls == 0)
        #expect(again.plan.settled == 10)
        #expect(f.upstream.totalCalls == 10 + films.count)
    }

    @Test("films whose details are already stored need no call")
    func storedDetails() async throws {
        let f = Fixture()
        try await f.store.save(Movie(code: "K1", title: "K1", nations: ["한국"], source: .kobis, fetchedAt: f.clock.now))
        let report = try await f.engine().run(SyncRequest(range: archiveRange("2024-03-01", "2024-03-01")))
        #expect(report.moviesFromStore == 1)
        #expect(report.moviesFetched == 2)
        #expect(f.upstream.movieCallCount == 2)
        #expect(await f.store.nation(of: "K1") == "한국")
    }

    @Test("stops cleanly at the budget, says how to continue, and the next run fetches only the rest")
    func budget() async throws {
        let f = Fixture()
        let request = SyncRequest(range: Self.march)
        let first = try await f.engine(SyncOptions(concurrency: 3, budget: 4)).run(request)
        #expect(first.stopReason == .budget(4))
        #expect(first.calls == 4)
        #expect(f.upstream.totalCalls == 4)
        // Charts and film lookups share the budget.
        #expect(first.chartsStored + first.moviesFetched == 4)
        #expect(first.chartsStored >= 1)
        #expect(first.notAttemptedCharts == 10 - first.chartsStored)
        #expect(first.notAttempted == first.notAttemptedCharts + first.notAttemptedMovies)
        #expect(!first.moviesChecked)
        #expect(!first.isComplete)
        #expect(first.continueRequest == request)
        #expect(await f.store.storedDailyDays.count == first.chartsStored)

        let second = try await f.engine().run(request)
        #expect(second.isComplete)
        #expect(second.moviesChecked)
        #expect(second.plan.items.count == 10 - first.chartsStored)
        #expect(second.plan.settled == first.chartsStored)
        // No day and no film was fetched twice; every film of the range has its nation.
        for date in Self.march.days { #expect(f.upstream.calls(for: .daily(date)) == 1, "\(date)") }
        let films = Set(Self.march.days.flatMap { ArchiveUpstream.films(on: $0).map(\.code) })
        for film in films {
            #expect(f.upstream.calls(forMovie: film) == 1, "\(film)")
            #expect(await f.store.nation(of: film) != nil, "\(film)")
        }
    }

    /// A quota shared by several runs (the keeper's daily ledger is one): each run's budget spends from it.
    struct SharedQuota: SyncCallBudget {
        let used: Locked<Int>
        let limit: Int
        var hasCallLeft: Bool { used.withLock { $0 < limit } }
        mutating func spendCall() -> Bool {
            used.withLock { used in
                guard used < limit else { return false }
                used += 1
                return true
            }
        }
    }

    @Test("a budget given to the run, here a quota two runs share, decides instead of the options' budget")
    func injectedBudget() async throws {
        let f = Fixture()
        let quota = SharedQuota(used: Locked(0), limit: 6)
        let request = SyncRequest(range: Self.march)
        let first = try await f.engine(SyncOptions(concurrency: 2, budget: 100)).run(request, budget: quota)
        #expect(first.stopReason == .budget(6))
        #expect(first.calls == 6)
        #expect(quota.used.withLock { $0 } == 6)
        // The quota is spent for every run that shares it: the next one stops before any call.
        let second = try await f.engine().run(request, budget: quota)
        #expect(second.stopReason == .budget(6))
        #expect(second.calls == 0)
        #expect(f.upstream.totalCalls == 6)
    }

    @Test("film lookups share the pool with the charts and run while charts are still being fetched")
    func filmsOverlapCharts() async throws {
        // Two rendezvous decide, not the machine's speed: the first calls wait until four are in flight together,
        // and the first day's chart answers only once a film's details have been asked for. An engine that kept
        // fewer calls in flight, or looked films up in a phase after the charts, fails at the deadline instead.
        let f = Fixture(rendezvous: 4)
        let range = archiveRange("2024-02-01", "2024-02-20")
        f.upstream.holdCharts(on: [range.start])
        let report = try await f.engine(SyncOptions(concurrency: 4)).run(SyncRequest(range: range))
        #expect(report.isComplete)
        let films = Set(range.days.flatMap { ArchiveUpstream.films(on: $0).map(\.code) })
        #expect(report.moviesFetched == films.count)
        #expect(f.upstream.totalCalls == 20 + films.count)
        // One bounded pool: never more than 4 calls in flight, whatever their kind, and it does use 4.
        #expect(f.upstream.highestInFlight == 4)
        // A film lookup started while the first day's chart was still in flight.
        #expect(f.upstream.heldChartReleasedByFilmCall, "\(f.upstream.callOrder)")
        #expect(f.upstream.filmsOverlappedCharts)
    }

    @Test("a day's new films are looked up before the charts of later days")
    func filmsBeforeLaterCharts() async throws {
        // With one call slot the order is the engine's alone: a day's answer is stored while the next call runs,
        // and the worker waits for that store (which queues the day's new films) before it takes another item, so
        // the films go out before the chart of the day after next (lookups come first).
        let f = Fixture()
        let range = archiveRange("2024-02-01", "2024-02-20")
        let report = try await f.engine(SyncOptions(concurrency: 1)).run(SyncRequest(range: range))
        #expect(report.isComplete)
        let order = f.upstream.callOrder
        let firstFilm = try #require(order.firstIndex { if case .movie = $0 { true } else { false } })
        #expect(firstFilm <= 2, "\(order)")
        for film in Set(range.days.flatMap { ArchiveUpstream.films(on: $0).map(\.code) }) {
            let firstDay = try #require(range.days.first { ArchiveUpstream.films(on: $0).contains { $0.code == film } })
            let lookup = try #require(order.firstIndex(of: .movie(film)), "\(film)")
            if let later = order.firstIndex(of: .chart(firstDay.adding(days: 2))) {
                #expect(lookup < later, "\(film), first named on \(firstDay): \(order)")
            }
        }
    }

    @Test("transient failures are retried with growing waits; every attempt counts against the budget")
    func retries() async throws {
        let f = Fixture()
        f.upstream.script(archiveDay("2024-03-03"), faults: [.timeout, .httpStatus(503)])
        f.upstream.script(archiveDay("2024-03-07"), faults: [.malformedResponse("truncated")])
        let log = EventLog()
        let report = try await f.engine(SyncOptions(concurrency: 1)).run(SyncRequest(range: Self.march)) {
            log.record($0)
        }
        #expect(report.isComplete)
        #expect(report.chartsStored == 10)
        #expect(report.retries == 3)
        #expect(f.upstream.calls(for: .daily(archiveDay("2024-03-03"))) == 3)
        #expect(f.upstream.chartCallCount == 13)
        #expect(report.calls == f.upstream.totalCalls)
        // 0.5 s, then 1 s for the second retry of the same day; 0.5 s for the other day.
        #expect(f.sleeps.total == .seconds(2))
        let retried = log.all.compactMap { event -> Int? in
            if case .retrying(_, let attempt, _, _) = event { return attempt }
            return nil
        }
        #expect(retried == [1, 2, 1])
    }

    @Test("a day that keeps failing transiently is reported after the last attempt; the others are stored")
    func transientExhausted() async throws {
        let f = Fixture()
        f.upstream.failAlways(archiveDay("2024-03-04"), with: .httpStatus(502))
        let report = try await f.engine(SyncOptions(maxAttempts: 3)).run(SyncRequest(range: Self.march))
        #expect(report.stopReason == nil)
        #expect(report.chartsStored == 9)
        #expect(report.failures.count == 1)
        #expect(report.failures.first?.item == .chart(.daily(archiveDay("2024-03-04"))))
        #expect(report.failures.first?.transient == true)
        #expect(report.failures.first?.message.contains("HTTP 502") == true)
        #expect(f.upstream.calls(for: .daily(archiveDay("2024-03-04"))) == 3)
        #expect(report.continueRequest?.range == Self.march)
    }

    @Test("permanent faults are not retried, are collected and reported, and do not stop the run")
    func permanentFaults() async throws {
        let f = Fixture()
        let fault = KOBISError.fault(code: "320103", message: "날짜 형식이 잘못되었습니다.")
        f.upstream.failAlways(archiveDay("2024-03-02"), with: fault)
        f.upstream.failAlways(archiveDay("2024-03-08"), with: .httpStatus(404))
        let report = try await f.engine().run(SyncRequest(range: Self.march))
        #expect(report.stopReason == nil)
        #expect(report.chartsStored == 8)
        #expect(report.retries == 0)
        #expect(Set(report.failures.map(\.item.description)) == ["2024-03-02", "2024-03-08"])
        #expect(report.failures.allSatisfy { !$0.transient })
        #expect(report.failures.contains { $0.message.contains("320103") && $0.message.contains("날짜 형식") })
        #expect(f.upstream.calls(for: .daily(archiveDay("2024-03-02"))) == 1)
        #expect(!report.isComplete)
    }

    @Test("a rejected key stops the run at once instead of spending the budget")
    func invalidKey() async throws {
        let f = Fixture()
        f.upstream.failEveryCall(with: .fault(code: KOBISError.invalidKeyCode, message: "유효하지않은 키값입니다."))
        let report = try await f.engine(SyncOptions(concurrency: 2)).run(SyncRequest(range: Self.march))
        guard case .fatal(let problem)? = report.stopReason else {
            Issue.record("expected a fatal stop, got \(String(describing: report.stopReason))")
            return
        }
        #expect(
            problem.message.contains("320010") || problem == .upstream(.fault(code: "320010", message: "유효하지않은 키값입니다."))
        )
        #expect(problem.message.contains("유효하지않은 키값입니다."))
        #expect(f.upstream.totalCalls <= 2)
        #expect(report.chartsStored == 0)
    }

    @Test("many failures in a row stop the run (KOBIS down)")
    func repeatedFailures() async throws {
        let f = Fixture()
        f.upstream.failEveryCall(with: .connectionFailed("connection refused"))
        let report = try await f.engine(SyncOptions(concurrency: 1, maxAttempts: 2, maxConsecutiveFailures: 3))
            .run(SyncRequest(range: Self.march))
        #expect(
            report.stopReason == .repeatedFailures(count: 3, last: .upstream(.connectionFailed("connection refused"))))
        #expect(report.failures.count == 3)
        #expect(f.upstream.totalCalls == 6)
        #expect(report.notAttempted == 7)
        #expect(report.notAttemptedCharts == 7)
    }

    @Test("never more calls in flight than the concurrency, and it does use that many")
    func concurrency() async throws {
        // The first calls wait until four are in flight together: an engine that kept fewer in flight fails when
        // the rendezvous gives up (after tens of seconds) instead of hanging.
        let f = Fixture(rendezvous: 4)
        let report = try await f.engine(SyncOptions(concurrency: 4)).run(
            SyncRequest(range: archiveRange("2024-02-01", "2024-02-20")))
        #expect(report.chartsStored == 20)
        #expect(f.upstream.highestInFlight == 4)
    }

    @Test("a stop request lets the calls in flight finish and be stored; the next run resumes without refetching")
    func interruptAndResume() async throws {
        let f = Fixture(delay: .milliseconds(10))
        let control = SyncControl()
        let request = SyncRequest(range: archiveRange("2024-01-01", "2024-01-31"))
        let report = try await f.engine(SyncOptions(concurrency: 2)).run(request, control: control) { event in
            if case .itemFinished(.chart, _, let progress) = event, progress.chartsDone == 5 { control.requestStop() }
        }
        #expect(report.stopReason == .interrupted)
        let stored = await f.store.storedDailyDays
        // Beyond the 5: each worker's call in flight, and the other worker's previous answer still being stored.
        #expect(stored.count >= 5 && stored.count <= 8)
        #expect(report.chartsStored == stored.count)
        #expect(f.upstream.chartCallCount == stored.count, "every call made was stored")
        #expect(report.notAttemptedCharts == 31 - stored.count)
        #expect(!report.moviesChecked)

        let resumed = try await f.engine().run(request)
        #expect(resumed.isComplete)
        #expect(resumed.plan.items.count == 31 - stored.count)
        for date in request.range.days { #expect(f.upstream.calls(for: .daily(date)) == 1, "\(date)") }
        // Films of the days stored before the stop whose lookup had not run are picked up; none is fetched twice.
        let films = Set(request.range.days.flatMap { ArchiveUpstream.films(on: $0).map(\.code) })
        for film in films {
            #expect(f.upstream.calls(forMovie: film) == 1, "\(film)")
            #expect(await f.store.nation(of: film) != nil, "\(film)")
        }
    }

    @Test("an empty answer for a recent day is not stored, so a later run fetches it again")
    func notCountedYet() async throws {
        let f = Fixture()
        f.upstream.answerEmpty(archiveDay("2024-03-19"))
        f.upstream.answerEmpty(archiveDay("2024-01-02"))
        let report = try await f.engine().run(SyncRequest(range: archiveRange("2024-01-01", "2024-01-02")))
        // Well past: an empty chart is a real (empty) day and is stored.
        #expect(report.chartsStored == 2)
        let recent = try await f.engine().run(SyncRequest(range: archiveRange("2024-03-18", "2024-03-19")))
        #expect(recent.chartsStored == 1)
        #expect(recent.chartsNotCounted == 1)
        #expect(await !f.store.storedDailyDays.contains(archiveDay("2024-03-19")))
        #expect(recent.continueRequest != nil)
    }

    @Test("a store that cannot write stops the run with the reason")
    func storeFailure() async throws {
        let f = Fixture()
        await f.store.setFailSaves(.storage("disk full"))
        let report = try await f.engine(SyncOptions(concurrency: 1)).run(SyncRequest(range: Self.march))
        guard case .fatal(let problem)? = report.stopReason else {
            Issue.record("expected a fatal stop")
            return
        }
        #expect(problem.message.contains("disk full"))
        // Storing overlaps the next call: at most the one call that started while the first answer was being
        // stored, none after the stop.
        #expect(f.upstream.totalCalls <= 2)
        #expect(report.chartsStored == 0)
        #expect(report.notAttemptedCharts >= 8)
    }

    @Test(
        "a bad range is refused before any call",
        arguments: [("2024-03-10", "2024-03-01"), ("2024-03-01", "2024-03-20")])
    func badRange(from: String, to: String) async throws {
        let f = Fixture()
        await #expect(throws: BoxOfficeError.self) {
            _ = try await f.engine().run(SyncRequest(range: DateRange(start: archiveDay(from), end: archiveDay(to))))
        }
        #expect(f.upstream.totalCalls == 0)
    }

    @Test("retry waits double up to the cap")
    func backoff() {
        let options = SyncOptions(retryDelay: .milliseconds(500), maxRetryDelay: .seconds(3))
        #expect(
            (1...5).map(options.delay(beforeRetry:)) == [
                .milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3),
            ])
    }
}
