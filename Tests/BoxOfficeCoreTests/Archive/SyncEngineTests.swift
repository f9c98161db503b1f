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

        init(delay: Duration = .zero) {
            upstream = ArchiveUpstream(clock: clock, delay: delay)
        }

        func engine(_ options: SyncOptions = SyncOptions()) -> SyncEngine {
            SyncEngine(
                upstream: upstream, charts: store, movies: store, archive: store,
                calendar: BoxOfficeCalendar(now: clock.function), options: options, sleep: sleeps.sleep)
        }
    }

    /// Collects events (they arrive one at a time).
    final class EventLog: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [SyncEvent] = []
        var all: [SyncEvent] { lock.withLock { events } }
        func record(_ event: SyncEvent) { lock.withLock { events.append(event) } }
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
        // Progress: both phases start, every item finishes, counts climb to the totals.
        let finished = log.all.compactMap { event -> (SyncPhase, Int, Int)? in
            if case .itemFinished(_, _, let phase, let completed, let total, _) = event {
                return (phase, completed, total)
            }
            return nil
        }
        #expect(finished.filter { $0.0 == .charts }.map(\.1) == Array(1...10))
        #expect(finished.filter { $0.0 == .movies }.count == films.count)
        #expect(log.all.first == .phaseStarted(.charts, total: 10, skipped: 0))

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
        #expect(first.chartsStored == 4)
        #expect(first.notAttempted == 6)
        #expect(!first.isComplete)
        #expect(first.continueCommand == "boxoffice sync --from 2024-03-01 --to 2024-03-10")
        #expect(await f.store.storedDailyDays.count == 4)

        let second = try await f.engine().run(request)
        #expect(second.isComplete)
        #expect(second.plan.items.count == 6)
        #expect(second.plan.settled == 4)
        // No day was fetched twice.
        for date in Self.march.days { #expect(f.upstream.calls(for: .daily(date)) == 1, "\(date)") }
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
        #expect(report.continueCommand == "boxoffice sync --from 2024-03-01 --to 2024-03-10")
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
        guard case .fatal(let message)? = report.stopReason else {
            Issue.record("expected a fatal stop, got \(String(describing: report.stopReason))")
            return
        }
        #expect(message.contains("320010"))
        #expect(message.contains("유효하지않은 키값입니다."))
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
            report.stopReason == .repeatedFailures(count: 3, lastMessage: "could not reach KOBIS: connection refused"))
        #expect(report.failures.count == 3)
        #expect(f.upstream.totalCalls == 6)
        #expect(report.notAttempted == 7)
    }

    @Test("never more calls in flight than the concurrency, and it does use that many")
    func concurrency() async throws {
        let f = Fixture(delay: .milliseconds(20))
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
            if case .itemFinished(_, _, .charts, 5, _, _) = event { control.requestStop() }
        }
        #expect(report.stopReason == .interrupted)
        let stored = await f.store.storedDailyDays
        #expect(stored.count >= 5 && stored.count <= 7)
        #expect(report.chartsStored == stored.count)
        #expect(f.upstream.chartCallCount == stored.count, "every call made was stored")
        #expect(report.notAttempted == 31 - stored.count)

        let resumed = try await f.engine().run(request)
        #expect(resumed.isComplete)
        #expect(resumed.plan.items.count == 31 - stored.count)
        for date in request.range.days { #expect(f.upstream.calls(for: .daily(date)) == 1, "\(date)") }
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
        #expect(recent.continueCommand != nil)
    }

    @Test("a store that cannot write stops the run with the reason")
    func storeFailure() async throws {
        let f = Fixture()
        await f.store.setFailSaves(.storage("disk full"))
        let report = try await f.engine(SyncOptions(concurrency: 1)).run(SyncRequest(range: Self.march))
        guard case .fatal(let message)? = report.stopReason else {
            Issue.record("expected a fatal stop")
            return
        }
        #expect(message.contains("disk full"))
        #expect(f.upstream.totalCalls == 1)
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
