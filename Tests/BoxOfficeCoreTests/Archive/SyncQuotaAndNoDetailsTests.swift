import BoxOfficeCore
import Foundation
import KOBIS
import Testing

/// Issue 15 in the engine: a film KOBIS has no details for is an answer (stored as unknown, never asked again), the
/// day's quota stops a run at once, and the calls are counted for the purpose of whoever runs the engine.
@Suite("Archive: sync with no details, the quota and call purposes")
struct SyncQuotaAndNoDetailsTests {
    struct Fixture {
        let clock = TestClock(seoul(2024, 3, 20, 12))
        let store = InMemoryArchive()
        let upstream: ArchiveUpstream
        let quotaStore = InMemoryQuotaStore()

        init() { upstream = ArchiveUpstream(clock: clock) }

        var calendar: BoxOfficeCalendar { BoxOfficeCalendar(now: clock.function) }

        func ledger(limit: Int = 3_000, reserve: Int = 0) -> QuotaLedger {
            QuotaLedger(
                store: quotaStore, keyID: "test", policy: QuotaPolicy(limit: limit, reserve: reserve),
                calendar: calendar)
        }

        /// An engine whose calls go through `ledger` first, as the app's transport does.
        func engine(_ options: SyncOptions = SyncOptions(), ledger: QuotaLedger? = nil) -> SyncEngine {
            let gated: any BoxOfficeUpstream =
                ledger.map { LedgerGatedUpstream(base: upstream, ledger: $0) } ?? upstream
            return SyncEngine(
                upstream: gated, charts: store, movies: store, archive: store, calendar: calendar, options: options,
                quota: ledger, sleep: { _ in })
        }
    }

    static let march = archiveRange("2024-03-01", "2024-03-10")

    @Test("films with no details are stored as unknown, counted apart, never failures; a rerun asks nothing")
    func noDetails() async throws {
        let f = Fixture()
        let films = Set(Self.march.days.flatMap { ArchiveUpstream.films(on: $0).map(\.code) })
        let without = films.filter { $0.hasPrefix("F") }
        #expect(without.count >= 2)
        f.upstream.answerNoDetails(for: without)
        // One failure in a row would stop the run: none must be counted.
        let options = SyncOptions(concurrency: 1, maxConsecutiveFailures: 1)
        let report = try await f.engine(options).run(SyncRequest(range: Self.march))
        #expect(report.stopReason == nil)
        #expect(report.failures.isEmpty)
        #expect(report.isComplete)
        #expect(report.continueRequest == nil)
        #expect(report.filmsWithoutDetails == without.count)
        #expect(report.moviesFetched == films.count - without.count)
        for code in without { #expect(await f.store.nation(of: code) == "", "\(code)") }
        #expect(try await f.store.movieCodesWithoutNation(in: Self.march).isEmpty)

        let calls = f.upstream.movieCallCount
        let again = try await f.engine(options).run(SyncRequest(range: Self.march))
        #expect(again.isComplete)
        #expect(again.calls == 0)
        #expect(f.upstream.movieCallCount == calls)
    }

    @Test("the ledger refusing a call stops the run at once: not a retry, not a failure, the item left to do")
    func quotaStopsTheRun() async throws {
        let f = Fixture()
        let ledger = f.ledger(limit: 14, reserve: 4)  // background work stops at 10 calls
        let report = try await KOBISCallPurpose.$current.withValue(.sync) {
            try await f.engine(SyncOptions(concurrency: 1), ledger: ledger)
                .run(SyncRequest(range: archiveRange("2024-02-01", "2024-02-29")))
        }
        guard case .quotaReached(let usage)? = report.stopReason else {
            Issue.record("expected the quota to stop the run, got \(String(describing: report.stopReason))")
            return
        }
        #expect(usage?.used == 10)
        #expect(usage?.policy == QuotaPolicy(limit: 14, reserve: 4))
        #expect(usage?.backgroundCallsLeft == 0)
        #expect(report.calls == 10, "the refused call is not counted as made")
        #expect(f.upstream.totalCalls == 10)
        #expect(report.retries == 0)
        #expect(report.failures.isEmpty)
        #expect(report.notAttempted > 0)
        #expect(report.continueRequest != nil)
        // Readers may still spend the reserve.
        try await KOBISCallPurpose.$current.withValue(.readers) { try await ledger.admit() }
    }

    @Test(
        "a callLimitReached from the upstream, bare or wrapped, stops the run the same way",
        arguments: [true, false])
    func quotaErrorFromUpstream(wrapped: Bool) async throws {
        let f = Fixture()
        let refusing = RefusingUpstream(base: f.upstream, afterCalls: 3, wrapped: wrapped)
        let engine = SyncEngine(
            upstream: refusing, charts: f.store, movies: f.store, archive: f.store, calendar: f.calendar,
            options: SyncOptions(concurrency: 1, maxAttempts: 4), sleep: { _ in })
        let report = try await engine.run(SyncRequest(range: Self.march))
        #expect(report.stopReason == .quotaReached(nil))
        #expect(report.retries == 0)
        #expect(report.failures.isEmpty)
        #expect(refusing.refusals == 1)
        #expect(report.calls == 3)
        #expect(report.notAttempted > 0)
    }

    @Test("the calls are counted for the purpose of whoever runs the engine")
    func purposeOfTheRun() async throws {
        let f = Fixture()
        let ledger = f.ledger()
        let report = try await KOBISCallPurpose.$current.withValue(.sync) {
            try await f.engine(SyncOptions(concurrency: 4), ledger: ledger).run(SyncRequest(range: Self.march))
        }
        #expect(report.isComplete)
        let usage = try await ledger.usage()
        #expect(usage.byPurpose[.sync] == report.calls)
        #expect(usage.used == report.calls)
    }

    @Test("a run its budget stops leaves the ledger holding the calls it made, not the blocks it counted ahead")
    func budgetStopGivesBack() async throws {
        let f = Fixture()
        let ledger = f.ledger()
        let report = try await KOBISCallPurpose.$current.withValue(.backfill) {
            try await f.engine(SyncOptions(concurrency: 3, budget: 5), ledger: ledger).run(
                SyncRequest(range: Self.march))
        }
        guard case .budget(5)? = report.stopReason else {
            Issue.record("expected the budget to stop the run: \(String(describing: report.stopReason))")
            return
        }
        #expect(report.calls == 5)
        #expect(f.upstream.totalCalls == 5)
        let usage = try await ledger.usage()
        #expect(usage.byPurpose[.backfill] == 5)
        #expect(usage.used == 5)
    }
}

/// An upstream that answers `afterCalls` calls, then refuses every call as the quota gate does.
final class RefusingUpstream: BoxOfficeUpstream, Sendable {
    let base: ArchiveUpstream
    let afterCalls: Int
    let wrapped: Bool
    private let state = Locked((calls: 0, refusals: 0))
    var source: ChartSource { base.source }
    var refusals: Int { state.withLock { $0.refusals } }

    init(base: ArchiveUpstream, afterCalls: Int, wrapped: Bool) {
        self.base = base
        self.afterCalls = afterCalls
        self.wrapped = wrapped
    }

    private func admit() throws {
        let refused = state.withLock { state -> Bool in
            state.calls += 1
            if state.calls > afterCalls { state.refusals += 1 }
            return state.calls > afterCalls
        }
        guard refused else { return }
        if wrapped { throw BoxOfficeError.upstream(.callLimitReached) }
        throw KOBISError.callLimitReached
    }

    func fetchChart(_ query: ChartQuery) async throws -> Chart {
        try admit()
        return try await base.fetchChart(query)
    }
    func fetchMovie(code: String) async throws -> Movie? {
        try admit()
        return try await base.fetchMovie(code: code)
    }
    func searchMovies(_ query: MovieSearchQuery) async throws -> MovieSearchPage {
        try admit()
        return try await base.searchMovies(query)
    }
    func fetchMovieNations(openYear: Int, page: Int, perPage: Int) async throws -> MovieNationPage {
        try admit()
        return try await base.fetchMovieNations(openYear: openYear, page: page, perPage: perPage)
    }
    func fetchRegions() async throws -> [Region] {
        try admit()
        return try await base.fetchRegions()
    }
}
