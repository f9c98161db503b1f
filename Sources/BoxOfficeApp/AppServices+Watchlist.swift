import BoxOfficeCore
import BoxOfficeStore
import Logging

extension AppServices {
    /// The chart store every chart this app saves goes through (a reader's request, the keeper's sync), so a
    /// daily chart's alerts are derived however it arrives. Deriving may fail without failing the save.
    static func alertingCharts(
        database: BoxOfficeDatabase, origin: String, alerts: AlertService, logger: Logger
    ) -> any ChartRepository {
        AlertingChartRepository(base: database.chartRepository(origin: origin), alerts: alerts) { error, chart in
            logger.warning(
                "Could not derive the alerts of a stored chart",
                metadata: ["day": .string(chart.range.start.isoString), "error": .string("\(error)")])
        }
    }
}
