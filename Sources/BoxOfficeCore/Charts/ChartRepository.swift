import Foundation

/// Stores charts. Implementations return plain values and are scoped to one upstream origin, so
/// sample data and real KOBIS data never mix.
public protocol ChartRepository: Sendable {
    /// The stored chart answering `query`, if any (`stale` is always false here).
    func storedChart(for query: ChartQuery) async throws -> Chart?
    /// Stores `chart`, replacing any earlier copy for the same query.
    func save(_ chart: Chart) async throws
    /// Stores `chart` as ``save(_:)`` does but leaves the upkeep of what is kept beside the charts (the day's market,
    /// the films' records) to ``catchUpUpkeep()``: for runs that
    /// store many charts, so that a film is worked out once per run instead of once per chart.
    func saveDeferringUpkeep(_ chart: Chart) async throws
    /// Brings what is kept beside the charts up to date with every chart stored by ``saveDeferringUpkeep(_:)``.
    func catchUpUpkeep() async throws
    /// Stored daily charts (unfiltered) with a day in `range`, oldest first.
    func dailyCharts(in range: DateRange) async throws -> [Chart]
}

extension ChartRepository {
    /// Stores keeping nothing beside the charts have nothing to leave for later.
    public func saveDeferringUpkeep(_ chart: Chart) async throws { try await save(chart) }
    public func catchUpUpkeep() async throws {}
}
