import FluentKit
import SQLKit

/// Creates `charts` and `chart_entries` with their constraints and indexes.
struct CreateCharts: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateCharts" }

    func prepare(on database: any Database) async throws {
        try await database.schema(ChartModel.schema)
            .id()
            .field("origin", .string, .required)
            .field("kind", .string, .required)
            .field("range_start", .string, .required)
            .field("range_end", .string, .required)
            .field("filter_key", .string, .required)
            .field("nation", .string)
            .field("multi_movie", .string)
            .field("area_code", .string)
            .field("year_week", .string)
            .field("source", .string, .required)
            .field("fetched_at", .datetime, .required)
            .unique(on: "origin", "kind", "range_start", "filter_key", name: "uq_charts_origin_kind_range_filter")
            .create()
        let sql = try database.requireSQL()
        try await sql.create(index: "idx_charts_origin_kind_range_start")
            .on(ChartModel.schema).column("origin").column("kind").column("range_start")
            .run()

        try await database.schema(ChartEntryModel.schema)
            .id()
            .field("chart_id", .uuid, .required, .references(ChartModel.schema, .id, onDelete: .cascade))
            .field("rank", .int, .required)
            .field("change_kind", .string, .required)
            .field("change_amount", .int, .required)
            .field("movie_code", .string, .required)
            .field("title", .string, .required)
            .field("open_date", .string)
            .field("audience", .int64, .required)
            .field("audience_total", .int64, .required)
            .field("sales", .int64, .required)
            .field("sales_share", .double, .required)
            .field("sales_total", .int64, .required)
            .field("screens", .int, .required)
            .field("shows", .int, .required)
            .create()
        // Replacing a chart deletes its entries by chart_id; PostgreSQL does not index foreign keys itself.
        try await sql.create(index: "idx_chart_entries_chart_id")
            .on(ChartEntryModel.schema).column("chart_id")
            .run()
        // A movie's trend is computed from its rows in archived daily charts.
        try await sql.create(index: "idx_chart_entries_movie_code")
            .on(ChartEntryModel.schema).column("movie_code")
            .run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ChartEntryModel.schema).delete()
        try await database.schema(ChartModel.schema).delete()
    }
}
