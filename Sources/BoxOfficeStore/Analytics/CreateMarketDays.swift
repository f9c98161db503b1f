import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Creates `market_days` (``MarketDayRows``) and fills it from the daily charts already stored, so that a store made
/// by the schema before it upgrades in place.
struct CreateMarketDays: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateMarketDays" }

    func prepare(on database: any Database) async throws {
        try await database.schema(MarketDayRows.schema)
            .id()
            .field("chart_id", .uuid, .required, .references("charts", .id, onDelete: .cascade))
            .field("origin", .string, .required)
            .field("day", .string, .required)
            .field("year", .int, .required)
            .field("month_day", .string, .required)
            .field("sales_low", .int64)
            .field("sales_high", .int64)
            .field("inconsistent", .bool, .required)
            .field("top_ten_sales", .int64, .required)
            .field("top_ten_audience", .int64, .required)
            .field("top_ten_shows", .int64, .required)
            .field("leader_shows", .int64, .required)
            .field("show_hhi", .double)
            .field("first_code", .string)
            .field("first_title", .string)
            .field("first_sales", .int64)
            .field("first_shows", .int64)
            .field("korean_sales", .int64, .required)
            .field("unknown_sales", .int64, .required)
            .unique(on: "chart_id", name: "uq_market_days_chart_id")
            .create()
        let sql = try database.requireSQL()
        try await sql.create(index: "idx_market_days_origin_day")
            .on(MarketDayRows.schema).column("origin").column("day")
            .run()
        // A year against the same calendar days of the year before joins on these.
        try await sql.create(index: "idx_market_days_origin_year_month_day")
            .on(MarketDayRows.schema).column("origin").column("year").column("month_day")
            .run()
        try await fill(on: database)
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MarketDayRows.schema).delete()
    }

    /// Keeps the market of every unfiltered daily chart already stored (``MarketDayRows/fill(_:origin:on:)``).
    private func fill(on database: any Database) async throws {
        let sql = try database.requireSQL()
        // The analytics' upgrade reads every stored row several times (here and in the migrations after it). A store
        // filled moments ago has no statistics on PostgreSQL yet, and without them it planned each film's rows as a
        // walk of every chart: analysing the two tables first (0.25 s at 22.9 years) made the upgrade 15 % faster.
        try await PlannerStatistics.analyze(["charts", "chart_entries"], on: sql)
        let charts = try await sql.raw(
            """
            SELECT id, origin, range_start FROM charts
            WHERE kind = \(bind: ChartKind.daily.rawValue) AND filter_key = \(bind: ChartFilters.none.key)
            """
        ).all()
        var stored: [String: [(id: UUID, day: CalendarDate)]] = [:]
        for row in charts {
            let text = try row.decode(column: "range_start", as: String.self)
            guard let day = CalendarDate(text) else { continue }
            stored[try row.decode(column: "origin", as: String.self), default: []].append(
                (try row.decode(column: "id", as: UUID.self), day))
        }
        for (origin, days) in stored.sorted(by: { $0.key < $1.key }) {
            try await MarketDayRows.fill(days, origin: origin, on: database)
        }
    }
}
