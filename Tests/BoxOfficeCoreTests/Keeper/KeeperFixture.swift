import BoxOfficeCore
import Foundation
import KOBIS
import Testing

/// One keeper (or several sharing the same store, leases and ledger) over the scripted archive upstream, on time
/// the test moves by hand.
struct KeeperFixture {
    let time: ManualTime
    let store = InMemoryArchive()
    let upstream: ArchiveUpstream
    let leases = InMemoryLeases()
    let controls = InMemoryKeeperControls()
    let quota = InMemoryQuotaStore()
    let policy: QuotaPolicy
    /// One ledger for every keeper and engine of the fixture, as an instance has one.
    let ledger: QuotaLedger

    init(now: Date, policy: QuotaPolicy = QuotaPolicy(enforced: false)) {
        time = ManualTime(now)
        upstream = ArchiveUpstream(clock: time.clock)
        self.policy = policy
        ledger = QuotaLedger(
            store: quota, keyID: "test", policy: policy, calendar: BoxOfficeCalendar(now: time.clock.function))
    }

    var calendar: BoxOfficeCalendar { BoxOfficeCalendar(now: time.clock.function) }

    /// A keeper of this fixture; `gate` stands between its engine and the upstream when given, `charts` between its
    /// engine and the store's charts.
    func keeper(
        from: String, chunkDays: Int = 10, id: String = "a", enabled: Bool = true, log: KeeperLog,
        leases: (any LeaseStore)? = nil,
        gate: (@Sendable (any BoxOfficeUpstream) -> any BoxOfficeUpstream)? = nil, charts: (any ChartRepository)? = nil
    ) -> ArchiveKeeper {
        let calendar = self.calendar
        let gated = LedgerGatedUpstream(base: gate?(upstream) ?? upstream, ledger: ledger)
        let store = self.store
        let charts = charts ?? store
        return ArchiveKeeper(
            options: ArchiveKeeper.Options(
                enabled: enabled,
                schedule: KeeperSchedule(from: archiveDay(from), morningHour: 9, chunkDays: chunkDays), lease: 30,
                sync: SyncOptions(concurrency: 2)),
            calendar: calendar, leases: leases ?? self.leases, controls: controls, ledger: ledger, archive: store,
            instanceID: id,
            makeEngine: { options in
                SyncEngine(
                    upstream: gated, charts: charts, movies: store, archive: store, calendar: calendar,
                    options: options, quota: ledger, sleep: { _ in })
            },
            sleep: time.sleep, observe: log.record)
    }
}

/// Lets the first `limit` calls through; later ones wait until ``release()`` (an instance that hangs, then dies).
final class TripwireUpstream: BoxOfficeUpstream, Sendable {
    let base: any BoxOfficeUpstream
    let limit: Int
    private let calls = Locked((count: 0, heldCalls: 0, held: [ChartQuery]()))
    private let latch = TestLatch(limit: .seconds(120))

    init(base: any BoxOfficeUpstream, limit: Int) {
        self.base = base
        self.limit = limit
    }

    var source: ChartSource { base.source }
    /// Charts asked for after the limit (in flight when the instance "died").
    var held: [ChartQuery] { calls.withLock { $0.held } }
    /// Calls held so far, of any kind.
    var heldCalls: Int { calls.withLock { $0.heldCalls } }
    func release() { latch.open() }

    private func pass(_ query: ChartQuery?) async {
        let hold = calls.withLock { calls -> Bool in
            calls.count += 1
            guard calls.count > limit else { return false }
            calls.heldCalls += 1
            if let query { calls.held.append(query) }
            return true
        }
        if hold { await latch.wait() }
    }

    func fetchChart(_ query: ChartQuery) async throws -> Chart {
        await pass(query)
        return try await base.fetchChart(query)
    }
    func fetchMovie(code: String) async throws -> Movie? {
        await pass(nil)
        return try await base.fetchMovie(code: code)
    }
    func searchMovies(_ query: MovieSearchQuery) async throws -> MovieSearchPage {
        try await base.searchMovies(query)
    }
    func fetchMovieNations(openYear: Int, page: Int, perPage: Int) async throws -> MovieNationPage {
        await pass(nil)
        return try await base.fetchMovieNations(openYear: openYear, page: page, perPage: perPage)
    }
    func fetchRegions() async throws -> [Region] { try await base.fetchRegions() }
}
