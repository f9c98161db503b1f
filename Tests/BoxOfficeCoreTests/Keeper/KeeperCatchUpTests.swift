import BoxOfficeCore
import Foundation
import KOBIS
import Testing

/// The keeper keeps a fill chunk's markets and records (its catch-up) beside the next chunk's calls, one catch-up at a
/// time, and says the archive is current only once the last is over.
@Suite("Keeper: each chunk's catch-up beside the next chunk")
struct KeeperCatchUpTests {
    @Test("the first chunk's catch-up waits for a chart of the next chunk; none runs when the keeper is current")
    func catchUpBesideNextChunk() async throws {
        let f = KeeperFixture(now: seoul(2024, 3, 20, 12))
        let log = KeeperLog()
        let probe = CatchUpProbe(base: f.store)
        let keeper = f.keeper(from: "2024-02-01", log: log, charts: probe)
        let task = Task { await keeper.run() }
        await log.wait(for: "the keeper to be current") { log.lastState == .current }
        let seen = probe.seen
        keeper.stop()
        await task.value

        // A serial keeper would never store the next chunk's chart the first catch-up waits for: its latch would
        // open by its limit instead.
        #expect(!probe.timedOut)
        let chunks = log.runs.count - 1  // the morning run catches up inside its own run
        #expect(chunks >= 3)
        #expect(seen.started == log.runs.count)
        #expect(seen.running == 0, "a catch-up still running when the keeper said current")
        #expect(seen.mostAtOnce == 1)
    }
}

/// Forwards to the store's charts; its second catch-up (the first fill chunk's: the morning run's comes first, inside
/// its run) waits until a chart is saved after it began, and it counts catch-ups begun, running and at most at once.
final class CatchUpProbe: ChartRepository, Sendable {
    let base: any ChartRepository
    private let latch = TestLatch(limit: .seconds(120))
    private let state = Locked((started: 0, running: 0, mostAtOnce: 0, waiting: false))

    init(base: any ChartRepository) { self.base = base }

    var seen: (started: Int, running: Int, mostAtOnce: Int) {
        state.withLock { ($0.started, $0.running, $0.mostAtOnce) }
    }
    var timedOut: Bool { latch.timedOut }

    func storedChart(for query: ChartQuery) async throws -> Chart? { try await base.storedChart(for: query) }
    func save(_ chart: Chart) async throws {
        try await base.save(chart)
        saved()
    }
    func saveDeferringUpkeep(_ chart: Chart) async throws {
        try await base.saveDeferringUpkeep(chart)
        saved()
    }
    func dailyCharts(in range: DateRange) async throws -> [Chart] { try await base.dailyCharts(in: range) }

    func catchUpUpkeep() async throws {
        let held = state.withLock { state -> Bool in
            state.started += 1
            state.running += 1
            state.mostAtOnce = max(state.mostAtOnce, state.running)
            if state.started == 2 { state.waiting = true }
            return state.started == 2
        }
        if held { await latch.wait() }
        try await base.catchUpUpkeep()
        state.withLock { $0.running -= 1 }
    }

    private func saved() {
        if state.withLock({ $0.waiting }) { latch.open() }
    }
}
