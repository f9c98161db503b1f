import BoxOfficeCore
import Foundation
import KOBIS
import Testing

/// A long sync keeps the markets and records of the charts it stored beside its calls, a batch at a time, so the
/// catch-up at its end has only the last charts left; a short one catches up once, at its end.
@Suite("Archive: a sync's catch-up beside its calls")
struct SyncUpkeepTests {
    static let clock = TestClock(seoul(2024, 3, 20, 12))

    func engine(_ charts: UpkeepProbe, store: InMemoryArchive) -> SyncEngine {
        SyncEngine(
            upstream: ArchiveUpstream(clock: Self.clock), charts: charts, movies: store, archive: store,
            calendar: BoxOfficeCalendar(now: Self.clock.function), sleep: { _ in })
    }

    @Test("70 days: a catch-up while charts are still being saved, one at a time, and one after the last")
    func besideTheCalls() async throws {
        let store = InMemoryArchive()
        // The 41st chart's save waits for a catch-up to begin: the first batch (32 charts) must start one.
        let probe = UpkeepProbe(base: store, holdSave: 41)
        let report = try await engine(probe, store: store).run(
            SyncRequest(range: archiveRange("2024-01-01", "2024-03-10")))
        #expect(report.isComplete)
        #expect(report.chartsStored == 70)
        let seen = probe.seen
        // The 41st save finished only once a catch-up had begun: one ran beside the calls.
        #expect(!probe.timedOut, "no catch-up began while the run was saving charts")
        #expect(seen.savedAtStart.count >= 2)
        #expect(seen.savedAtStart.first.map { $0 >= 32 } == true)
        #expect(seen.savedAtStart.last == 70, "the last catch-up comes after the last chart")
        #expect(seen.mostAtOnce == 1)
    }

    @Test("10 days catch up once, at the end; a run told not to catch up never does")
    func shortRunAndNone() async throws {
        let store = InMemoryArchive()
        let probe = UpkeepProbe(base: store)
        _ = try await engine(probe, store: store).run(SyncRequest(range: archiveRange("2024-03-01", "2024-03-10")))
        #expect(probe.seen.savedAtStart == [10])

        let otherStore = InMemoryArchive()
        let untouched = UpkeepProbe(base: otherStore)
        let report = try await engine(untouched, store: otherStore).run(
            SyncRequest(range: archiveRange("2024-01-01", "2024-03-10")), catchingUp: false)
        #expect(report.chartsStored == 70)
        #expect(untouched.seen.savedAtStart.isEmpty)
    }
}

/// Forwards to an in-memory store's charts, noting how many charts were saved when each catch-up began and how many
/// ran at once; with `holdSave`, that save (1-based) waits until a catch-up has begun.
final class UpkeepProbe: ChartRepository, Sendable {
    let base: InMemoryArchive
    let holdSave: Int?
    private let latch = TestLatch(limit: .seconds(60))
    private let state = Locked((saved: 0, savedAtStart: [Int](), running: 0, mostAtOnce: 0))

    init(base: InMemoryArchive, holdSave: Int? = nil) {
        self.base = base
        self.holdSave = holdSave
    }

    var seen: (savedAtStart: [Int], mostAtOnce: Int) { state.withLock { ($0.savedAtStart, $0.mostAtOnce) } }
    var timedOut: Bool { latch.timedOut }

    func storedChart(for query: ChartQuery) async throws -> Chart? { try await base.storedChart(for: query) }
    func save(_ chart: Chart) async throws { try await saveDeferringUpkeep(chart) }
    func saveDeferringUpkeep(_ chart: Chart) async throws {
        let index = state.withLock { state -> Int in
            state.saved += 1
            return state.saved
        }
        if index == holdSave { await latch.wait() }
        try await base.saveDeferringUpkeep(chart)
    }
    func dailyCharts(in range: DateRange) async throws -> [Chart] { try await base.dailyCharts(in: range) }

    func catchUpUpkeep() async throws {
        state.withLock { state in
            state.savedAtStart.append(state.saved)
            state.running += 1
            state.mostAtOnce = max(state.mostAtOnce, state.running)
        }
        latch.open()
        try await base.catchUpUpkeep()
        state.withLock { $0.running -= 1 }
    }
}
