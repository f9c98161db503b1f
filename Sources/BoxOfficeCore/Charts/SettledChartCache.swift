import Foundation
import KOBIS

/// Settled charts kept in memory, so the most requested charts cost neither a store read nor a
/// single-flight task. A settled chart never changes, so an entry is never stale; the cache only
/// bounds its size, dropping the least recently used chart first.
final class SettledChartCache: Sendable {
    private struct State {
        var charts: [ChartQuery: Chart] = [:]
        var lastUse: [ChartQuery: UInt64] = [:]
        var clock: UInt64 = 0
    }

    private let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    func chart(for query: ChartQuery) -> Chart? {
        state.withLock { state in
            guard let chart = state.charts[query] else { return nil }
            state.clock &+= 1
            state.lastUse[query] = state.clock
            return chart
        }
    }

    func remember(_ chart: Chart, for query: ChartQuery) {
        guard capacity > 0 else { return }
        state.withLock { state in
            if state.charts[query] == nil, state.charts.count >= capacity,
                let oldest = state.lastUse.min(by: { $0.value < $1.value })?.key
            {
                state.charts[oldest] = nil
                state.lastUse[oldest] = nil
            }
            state.clock &+= 1
            state.charts[query] = chart
            state.lastUse[query] = state.clock
        }
    }

    var count: Int { state.withLock { $0.charts.count } }
}
