import BoxOfficeCore
import FluentKit
import FluentPostgresDriver
import Foundation
import SQLKit

/// Writes `market_days`: the market kept beside each stored unfiltered daily chart (``MarketDay``), so that the
/// market pages sum a year's days instead of its rows.
///
/// The chart's own parts are computed in Swift (``MarketDay``) when the chart is saved, in its transaction (or by the
/// catch-up, for charts a run stored for later). The nation parts (Korean and unknown-nation sales) are computed by
/// one SQL statement, ``updateNationParts(chartIDs:origin:on:)``, both then and whenever the archive stores films'
/// nations (``refreshNations(movieCodes:origin:on:)``), so that they always match `movie_nations`. No
/// database-specific function: `TRIM`, `CASE`, `CAST` and a grouped subquery only.
///
/// On PostgreSQL a save or catch-up holds the diaries' nation lock shared (``DiaryNationFold/lockShared(on:)``) from
/// before it writes a day until it commits, and a nation store holds it exclusively: a nation stored while a day is
/// written either comes before the day's nation parts are worked out, or after the day is committed, when the nation
/// store's own refresh sees it.
enum MarketDayRows {
    static let schema = "market_days"

    /// The columns the chart alone decides.
    static let chartColumns = [
        "sales_low", "sales_high", "inconsistent", "top_ten_sales", "top_ten_audience", "top_ten_shows",
        "leader_shows", "show_hhi", "first_code", "first_title", "first_sales", "first_shows",
    ]
    static let nationColumns = ["korean_sales", "unknown_sales"]

    /// Stores (or replaces) the market of `chart`, saved under `chartID`, when it is an unfiltered daily chart: its
    /// own parts, then its nation parts (``updateNationParts(chartIDs:origin:on:)``).
    static func save(_ chart: Chart, chartID: UUID, origin: String, on database: any Database) async throws {
        guard chart.kind == .daily, chart.filters.isEmpty else { return }
        let sql = try database.requireSQL()
        try await DiaryNationFold.lockShared(on: database)
        try await upsert([row(chart.entries, chartID: chartID, origin: origin, day: chart.range.start)], on: sql)
        try await updateNationParts(chartIDs: [chartID], origin: origin, on: sql)
    }

    /// Stores (or replaces) the markets of the unfiltered daily charts `charts` of `origin` from their stored rows, a
    /// batch of charts at a time, then their nation parts: for the charts a run left for the catch-up, and those
    /// stored before the market was kept (the migration that makes the table).
    static func fill(
        _ charts: [(id: UUID, day: CalendarDate)], origin: String, on database: any Database
    ) async throws {
        guard !charts.isEmpty else { return }
        let sql = try database.requireSQL()
        try await DiaryNationFold.lockShared(on: database)
        for start in stride(from: 0, to: charts.count, by: fillBatchSize) {
            let batch = charts[start..<min(charts.count, start + fillBatchSize)]
            let entries = try await self.entries(of: batch.map(\.id), on: sql)
            try await upsert(
                batch.map { row(entries[$0.id] ?? [], chartID: $0.id, origin: origin, day: $0.day) }, on: sql)
        }
        try await updateNationParts(chartIDs: charts.map(\.id), origin: origin, on: sql)
    }

    /// A kept day's row from its chart's entries: its keys and the chart's own parts, with nation parts of zero until
    /// ``updateNationParts(chartIDs:origin:on:)`` sets them.
    private static func row(
        _ entries: [ChartEntry], chartID: UUID, origin: String, day: CalendarDate
    ) -> [any SQLExpression] {
        let market = MarketDay(day: day, entries: entries) { _ in .foreign }
        return keyValues(id: UUID(), chartID: chartID, origin: origin, day: day) + chartValues(market)
            + [SQLBind(Int64(0)), SQLBind(Int64(0))]
    }

    /// Inserts kept days' rows, replacing those of the same charts.
    private static func upsert(_ rows: [[any SQLExpression]], on sql: any SQLDatabase) async throws {
        guard !rows.isEmpty else { return }
        try await sql.insert(into: schema)
            .columns(["id", "chart_id", "origin", "day", "year", "month_day"] + chartColumns + nationColumns)
            .rows(rows)
            .onConflict(with: ["chart_id"]) { update in
                for column in chartColumns + nationColumns { _ = update.set(excludedValueOf: column) }
                return update
            }
            .run()
    }

    /// Charts read and written per statement by ``fill(_:origin:on:)``.
    private static let fillBatchSize = 200

    /// The rows of the charts `ids`, by chart: what ``MarketDay`` reads of them (on PostgreSQL decoded by PostgresNIO,
    /// ``PostgresRows``: a catch-up or an upgrade reads every kept day's rows).
    private static func entries(of ids: [UUID], on sql: any SQLDatabase) async throws -> [UUID: [ChartEntry]] {
        // What a kept day reads of a row: its chart, and the figures `MarketDay` uses.
        func entry(
            _ rank: Int, _ code: String, _ title: String, _ audience: Int64, _ sales: Int64, _ share: Double,
            _ shows: Int
        ) -> ChartEntry {
            ChartEntry(
                rank: rank, change: .same, movieCode: code, title: title, openDate: nil, audience: audience,
                audienceTotal: 0, sales: sales, salesShare: share, salesTotal: 0, screens: 0, shows: shows)
        }
        let read: [(chartID: UUID, entry: ChartEntry)]
        let postgres: PostgresQuery = """
            SELECT chart_id, rank, movie_code, title, audience, sales, sales_share, shows FROM chart_entries
            WHERE chart_id = ANY(\(ids))
            """
        if let rows = try await PostgresRows.all(postgres, on: sql) {
            read = try rows.map { row in
                let (chartID, rank, code, title, audience, sales, share, shows) = try row.decode(
                    (UUID, Int, String, String, Int64, Int64, Double, Int).self)
                return (chartID, entry(rank, code, title, audience, sales, share, shows))
            }
        } else {
            read = try await sql.raw(
                """
                SELECT chart_id, rank, movie_code, title, audience, sales, sales_share, shows FROM chart_entries
                WHERE chart_id IN (\(binds: ids))
                """
            ).all().map { row in
                (
                    try row.decode(column: "chart_id", as: UUID.self),
                    entry(
                        try row.decode(column: "rank", as: Int.self),
                        try row.decode(column: "movie_code", as: String.self),
                        try row.decode(column: "title", as: String.self),
                        try row.decode(column: "audience", as: Int64.self),
                        try row.decode(column: "sales", as: Int64.self),
                        try row.decode(column: "sales_share", as: Double.self),
                        try row.decode(column: "shows", as: Int.self))
                )
            }
        }
        // In rank order, as a chart lists them.
        return Dictionary(grouping: read, by: \.chartID).mapValues { $0.map(\.entry).sorted { $0.rank < $1.rank } }
    }

    /// Recomputes the nation parts of every kept day of `origin` whose chart lists one of `movieCodes` (after the
    /// archive stored their nations): the days found through `chart_entries (movie_code)`, then updated as above.
    /// `CROSS JOIN` keeps SQLite on that index: joined plainly, it walked the origin's every kept day and probed its
    /// rows (82 ms against 8 ms for 100 films of a 22.9-year archive); PostgreSQL plans it as the inner join it is.
    static func refreshNations(movieCodes: [String], origin: String, on database: any Database) async throws {
        let sql = try database.requireSQL()
        for start in stride(from: 0, to: movieCodes.count, by: batchSize) {
            let codes = Array(movieCodes[start..<min(movieCodes.count, start + batchSize)])
            let ids = try await sql.raw(
                """
                SELECT DISTINCT m.chart_id AS chart_id FROM chart_entries e
                CROSS JOIN market_days m
                WHERE m.chart_id = e.chart_id AND e.movie_code IN (\(binds: codes)) AND m.origin = \(bind: origin)
                """
            ).all().map { try $0.decode(column: "chart_id", as: UUID.self) }
            try await updateNationParts(chartIDs: ids, origin: origin, on: sql)
        }
    }

    /// Sets the nation parts (Korean and unknown-nation sales) of the kept days of the charts `chartIDs` of `origin`
    /// from their rows and `movie_nations`, by the one rule of nations (``isKorean(_:)``, ``isUnknown(_:)``): one
    /// aggregate per few hundred charts, started from their ids. A correlated subquery per kept day cost PostgreSQL
    /// 0.1–0.9 s a statement on a database it had not analysed yet (a new one being filled: it walked every Korean
    /// film's rows for each day), and each nation store holds the diaries' nation lock meanwhile, so the fill's other
    /// stores queued behind it (the fill 1.5–2 × its time before the kept market). A chart without rows keeps the
    /// zeros it was stored with.
    static func updateNationParts(chartIDs: [UUID], origin: String, on sql: any SQLDatabase) async throws {
        for start in stride(from: 0, to: chartIDs.count, by: batchSize) {
            let ids = Array(chartIDs[start..<min(chartIDs.count, start + batchSize)])
            try await sql.raw(
                """
                UPDATE market_days SET korean_sales = parts.korean, unknown_sales = parts.unknown
                FROM (
                  SELECT e.chart_id AS chart_id,
                    CAST(SUM(CASE WHEN \(isKorean(SQLRaw("n.nation"))) THEN e.sales ELSE 0 END) AS BIGINT) AS korean,
                    CAST(SUM(CASE WHEN \(isUnknown(SQLRaw("n.nation"))) THEN e.sales ELSE 0 END) AS BIGINT) AS unknown
                  FROM chart_entries e
                  LEFT JOIN movie_nations n ON n.origin = \(bind: origin) AND n.movie_code = e.movie_code
                  WHERE e.chart_id IN (\(binds: ids))
                  GROUP BY e.chart_id
                ) parts
                WHERE market_days.origin = \(bind: origin) AND market_days.chart_id = parts.chart_id
                """
            ).run()
        }
    }

    /// Rows, charts or films per statement: a few hundred binds, well under both databases' limits.
    static let batchSize = 500

    // The one rule of nations (as `MovieNationality`), in the two fragments below: Korean when the stored nation,
    // trimmed, is Korea's name; unknown when none is stored or it is empty.

    /// Whether the stored `nation` is Korea's (trimmed), as SQL.
    static func isKorean(_ nation: any SQLExpression) -> SQLQueryString {
        "TRIM(\(nation)) = \(bind: MovieNationality.koreaName)"
    }

    /// Whether no nation is stored (no row, or an empty one), as SQL.
    static func isUnknown(_ nation: any SQLExpression) -> SQLQueryString {
        "(\(nation) IS NULL OR TRIM(\(nation)) = '')"
    }

    private static func keyValues(id: UUID, chartID: UUID, origin: String, day: CalendarDate) -> [any SQLExpression] {
        [
            SQLBind(id), SQLBind(chartID), SQLBind(origin), SQLBind(day.isoString), SQLBind(day.year),
            SQLBind(String(day.isoString.dropFirst(5))),
        ]
    }

    private static func chartValues(_ day: MarketDay) -> [any SQLExpression] {
        [
            day.salesLow.sqlBindOrNull, day.salesHigh.sqlBindOrNull, SQLBind(day.isInconsistent),
            SQLBind(day.topTenSales), SQLBind(day.topTenAudience), SQLBind(day.topTenShows), SQLBind(day.leaderShows),
            day.showHerfindahl.sqlBindOrNull, day.first.map(\.movieCode).sqlBindOrNull,
            day.first.map(\.title).sqlBindOrNull, day.first.map(\.sales).sqlBindOrNull,
            day.first.map(\.shows).sqlBindOrNull,
        ]
    }

    /// The columns a ``MarketDay`` is read from.
    static let selectColumns = """
        day, sales_low, sales_high, inconsistent, top_ten_sales, top_ten_audience, korean_sales, unknown_sales,
        top_ten_shows, leader_shows, show_hhi, first_code, first_title, first_sales, first_shows
        """

    /// A kept day from a row of ``selectColumns``.
    static func marketDay(_ row: any SQLRow) throws -> MarketDay {
        let text = try row.decode(column: "day", as: String.self)
        guard let day = CalendarDate(text) else {
            throw BoxOfficeError.storage("The kept market is corrupt: \"\(text)\" is not a day.")
        }
        var first: MarketDay.Leader?
        if let code = try row.decode(column: "first_code", as: String?.self) {
            first = MarketDay.Leader(
                movieCode: code, title: try row.decode(column: "first_title", as: String?.self) ?? "",
                sales: try row.decode(column: "first_sales", as: Int64?.self) ?? 0,
                shows: try row.decode(column: "first_shows", as: Int64?.self) ?? 0)
        }
        return MarketDay(
            day: day, salesLow: try row.decode(column: "sales_low", as: Int64?.self),
            salesHigh: try row.decode(column: "sales_high", as: Int64?.self),
            isInconsistent: try row.decode(column: "inconsistent", as: Bool.self),
            topTenSales: try row.decode(column: "top_ten_sales", as: Int64.self),
            topTenAudience: try row.decode(column: "top_ten_audience", as: Int64.self),
            koreanSales: try row.decode(column: "korean_sales", as: Int64.self),
            unknownSales: try row.decode(column: "unknown_sales", as: Int64.self),
            topTenShows: try row.decode(column: "top_ten_shows", as: Int64.self),
            leaderShows: try row.decode(column: "leader_shows", as: Int64.self),
            showHerfindahl: try row.decode(column: "show_hhi", as: Double?.self), first: first)
    }
}
