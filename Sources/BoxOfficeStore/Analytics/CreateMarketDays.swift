import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Creates `market_days` (``MarketDayRows``) and fills it from the daily charts already stored, so that a store made
/// by the schema before it upgrades in place.
struct CreateMarketDays: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateMarketDays" }

    /// Charts read and written per statement while filling.
    static let batchSize = 200

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

    /// Keeps the market of every unfiltered daily chart already stored, a batch of charts at a time, then their
    /// nation parts in one statement.
    private func fill(on database: any Database) async throws {
        let sql = try database.requireSQL()
        let charts = try await sql.raw(
            """
            SELECT id, origin, range_start FROM charts
            WHERE kind = \(bind: ChartKind.daily.rawValue) AND filter_key = \(bind: ChartFilters.none.key)
            """
        ).all()
        var stored: [(id: UUID, origin: String, day: CalendarDate)] = []
        for row in charts {
            let text = try row.decode(column: "range_start", as: String.self)
            guard let day = CalendarDate(text) else { continue }
            stored.append(
                (try row.decode(column: "id", as: UUID.self), try row.decode(column: "origin", as: String.self), day))
        }
        for start in stride(from: 0, to: stored.count, by: Self.batchSize) {
            let batch = stored[start..<min(stored.count, start + Self.batchSize)]
            let entries = try await self.entries(of: batch.map(\.id), on: sql)
            let rows = batch.map { chart -> [any SQLExpression] in
                let day = MarketDay(day: chart.day, entries: entries[chart.id] ?? []) { _ in .foreign }
                return MarketDayRows.keyValues(id: UUID(), chartID: chart.id, origin: chart.origin, day: chart.day)
                    + MarketDayRows.chartValues(day) + [SQLBind(Int64(0)), SQLBind(Int64(0))]
            }
            try await sql.insert(into: MarketDayRows.schema)
                .columns(
                    ["id", "chart_id", "origin", "day", "year", "month_day"] + MarketDayRows.chartColumns
                        + MarketDayRows.nationColumns
                )
                .rows(rows)
                .run()
        }
        if !stored.isEmpty { try await MarketDayRows.refreshAllNations(on: database) }
    }

    /// The rows of the charts `ids`, by chart: what ``MarketDay`` reads of them.
    private func entries(of ids: [UUID], on sql: any SQLDatabase) async throws -> [UUID: [ChartEntry]] {
        let rows = try await sql.raw(
            """
            SELECT chart_id, rank, movie_code, title, audience, sales, sales_share, shows FROM chart_entries
            WHERE chart_id IN (\(binds: ids))
            """
        ).all()
        var entries: [UUID: [ChartEntry]] = [:]
        for row in rows {
            let entry = ChartEntry(
                rank: try row.decode(column: "rank", as: Int.self), change: .same,
                movieCode: try row.decode(column: "movie_code", as: String.self),
                title: try row.decode(column: "title", as: String.self), openDate: nil,
                audience: try row.decode(column: "audience", as: Int64.self), audienceTotal: 0,
                sales: try row.decode(column: "sales", as: Int64.self),
                salesShare: try row.decode(column: "sales_share", as: Double.self), salesTotal: 0, screens: 0,
                shows: try row.decode(column: "shows", as: Int.self))
            entries[try row.decode(column: "chart_id", as: UUID.self), default: []].append(entry)
        }
        return entries
    }
}
