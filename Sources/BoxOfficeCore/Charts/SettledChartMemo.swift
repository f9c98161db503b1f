import Foundation

/// Settled charts kept in memory, so the most requested charts cost neither a store read nor a
/// single-flight task. A settled chart never changes, so an entry is never stale; the memo only
/// bounds its size, dropping the least recently used chart first.
final class SettledChartMemo: @unchecked Sendable {
    // @unchecked: every access to the mutable state below goes through `lock`.
    private let lock = NSLock()
    private let capacity: Int
    private var charts: [ChartQuery: Chart] = [:]
    private var lastUse: [ChartQuery: UInt64] = [:]
    private var clock: UInt64 = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    func chart(for query: ChartQuery) -> Chart? {
        lock.lock()
        defer { lock.unlock() }
        guard let chart = charts[query] else { return nil }
        clock &+= 1
        lastUse[query] = clock
        return chart
    }

    func remember(_ chart: Chart, for query: ChartQuery) {
        guard capacity > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        if charts[query] == nil, charts.count >= capacity,
            let oldest = lastUse.min(by: { $0.value < $1.value })?.key
        {
            charts[oldest] = nil
            lastUse[oldest] = nil
        }
        clock &+= 1
        charts[query] = chart
        lastUse[query] = clock
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return charts.count
    }
}
