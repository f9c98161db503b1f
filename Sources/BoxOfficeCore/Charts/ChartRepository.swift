import Foundation

/// Stores charts. Implementations return plain values and are scoped to one upstream origin, so
/// sample data and real KOBIS data never mix.
public protocol ChartRepository: Sendable {
    /// The stored chart answering `query`, if any (`stale` is always false here).
    func storedChart(for query: ChartQuery) async throws -> Chart?
    /// Stores `chart`, replacing any earlier copy for the same query.
    func save(_ chart: Chart) async throws
    /// Stored daily charts (unfiltered) with a day in `range`, oldest first.
    func dailyCharts(in range: DateRange) async throws -> [Chart]
}
