import Foundation

/// A ``ChartRepository`` that derives alerts after a daily chart is saved, wherever the save comes from (the
/// keeper's sync, a reader's request). A failure to derive never fails the save: it is reported to `onFailure`.
public struct AlertingChartRepository: ChartRepository {
    private let base: any ChartRepository
    private let alerts: AlertService
    private let onFailure: @Sendable (any Error, Chart) -> Void

    public init(
        base: any ChartRepository, alerts: AlertService,
        onFailure: @escaping @Sendable (any Error, Chart) -> Void = { _, _ in }
    ) {
        self.base = base
        self.alerts = alerts
        self.onFailure = onFailure
    }

    public func storedChart(for query: ChartQuery) async throws -> Chart? {
        try await base.storedChart(for: query)
    }

    public func save(_ chart: Chart) async throws {
        try await base.save(chart)
        await alert(chart)
    }

    public func saveDeferringUpkeep(_ chart: Chart) async throws {
        try await base.saveDeferringUpkeep(chart)
        await alert(chart)
    }

    public func catchUpUpkeep() async throws {
        try await base.catchUpUpkeep()
    }

    private func alert(_ chart: Chart) async {
        guard alerts.concerns(chart) else { return }
        do {
            try await alerts.chartStored(chart)
        } catch {
            onFailure(error, chart)
        }
    }

    public func dailyCharts(in range: DateRange) async throws -> [Chart] {
        try await base.dailyCharts(in: range)
    }
}
