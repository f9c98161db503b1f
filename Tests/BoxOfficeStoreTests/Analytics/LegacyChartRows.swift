import BoxOfficeCore
import Foundation
import SQLKit

@testable import BoxOfficeStore

/// Charts stored as the schema before the kept market stored them (`charts` and `chart_entries` alone), in plain SQL,
/// for the upgrade tests of that schema and earlier ones.
enum LegacyChartRows {
    /// Inserts `chart` under `origin`.
    static func save(_ chart: Chart, origin: String, on sql: any SQLDatabase) async throws {
        let id = UUID()
        try await sql.insert(into: ChartModel.schema)
            .columns(
                "id", "origin", "kind", "range_start", "range_end", "filter_key", "nation", "multi_movie", "area_code",
                "year_week", "source", "fetched_at"
            )
            .values(
                SQLBind(id), SQLBind(origin), SQLBind(chart.kind.rawValue), SQLBind(chart.range.start.isoString),
                SQLBind(chart.range.end.isoString), SQLBind(chart.filters.key),
                (chart.filters.nation?.rawValue).sqlBindOrNull, (chart.filters.multiMovie?.rawValue).sqlBindOrNull,
                chart.filters.areaCode.sqlBindOrNull, chart.yearWeek.sqlBindOrNull, SQLBind(chart.source.rawValue),
                SQLBind(chart.fetchedAt)
            )
            .run()
        for entry in chart.entries {
            try await sql.insert(into: ChartEntryModel.schema)
                .columns(
                    "id", "chart_id", "rank", "change_kind", "change_amount", "movie_code", "title", "open_date",
                    "audience", "audience_total", "sales", "sales_share", "sales_total", "screens", "shows"
                )
                .values(
                    SQLBind(UUID()), SQLBind(id), SQLBind(entry.rank), SQLBind(entry.change.kindName),
                    SQLBind(entry.change.amount), SQLBind(entry.movieCode), SQLBind(entry.title),
                    (entry.openDate?.isoString).sqlBindOrNull, SQLBind(entry.audience), SQLBind(entry.audienceTotal),
                    SQLBind(entry.sales), SQLBind(entry.salesShare), SQLBind(entry.salesTotal), SQLBind(entry.screens),
                    SQLBind(entry.shows)
                )
                .run()
        }
    }
}
