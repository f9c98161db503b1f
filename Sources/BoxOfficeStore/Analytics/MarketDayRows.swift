import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Writes `market_days`: the market kept beside each stored unfiltered daily chart (``MarketDay``), so that the
/// market pages sum a year's days instead of its rows.
///
/// The chart's own parts are computed in Swift (``MarketDay``) when the chart is saved, in its transaction. The nation
/// parts (Korean and unknown-nation sales) are computed by one SQL rule, ``nationColumns(chartID:origin:)``, both then
/// and whenever the archive stores films' nations (``refreshNations(movieCodes:origin:on:)``), so that they always
/// match `movie_nations`. No database-specific function: `TRIM`, `COALESCE`, `CAST` and correlated subqueries only.
enum MarketDayRows {
    static let schema = "market_days"

    /// The columns the chart alone decides.
    static let chartColumns = [
        "sales_low", "sales_high", "inconsistent", "top_ten_sales", "top_ten_audience", "top_ten_shows",
        "leader_shows", "show_hhi", "first_code", "first_title", "first_sales", "first_shows",
    ]
    static let nationColumns = ["korean_sales", "unknown_sales"]

    /// Stores (or replaces) the market of `chart`, saved under `chartID`, when it is an unfiltered daily chart.
    static func save(_ chart: Chart, chartID: UUID, origin: String, on database: any Database) async throws {
        guard chart.kind == .daily, chart.filters.isEmpty else { return }
        let day = MarketDay(day: chart.range.start, entries: chart.entries) { _ in .foreign }
        let nations = nationValues(chartID: SQLBind(chartID), origin: SQLBind(origin))
        try await database.requireSQL()
            .insert(into: schema)
            .columns(["id", "chart_id", "origin", "day", "year", "month_day"] + chartColumns + nationColumns)
            .values(keyValues(id: UUID(), chartID: chartID, origin: origin, day: day.day) + chartValues(day) + nations)
            .onConflict(with: ["chart_id"]) { update in
                for column in chartColumns + nationColumns { _ = update.set(excludedValueOf: column) }
                return update
            }
            .run()
    }

    /// Stores (or replaces) the markets of the unfiltered daily ones among `charts` (saved under their ids, and marked
    /// `upkeep_pending`: the catch-up's charts), a few hundred rows per statement, then their nation parts a few hundred
    /// charts per statement. Not a subquery per row: a 200-row insert with 400 of them cost SQLite more to prepare than
    /// to run.
    static func save(_ charts: [(id: UUID, chart: Chart)], origin: String, on database: any Database) async throws {
        let days = charts.filter { $0.chart.kind == .daily && $0.chart.filters.isEmpty }
        guard !days.isEmpty else { return }
        let sql = try database.requireSQL()
        for start in stride(from: 0, to: days.count, by: 500) {
            let rows = days[start..<min(days.count, start + 500)].map { id, chart -> [any SQLExpression] in
                let day = MarketDay(day: chart.range.start, entries: chart.entries) { _ in .foreign }
                return keyValues(id: UUID(), chartID: id, origin: origin, day: day.day) + chartValues(day)
                    + [SQLBind(Int64(0)), SQLBind(Int64(0))]
            }
            try await sql.insert(into: schema)
                .columns(["id", "chart_id", "origin", "day", "year", "month_day"] + chartColumns + nationColumns)
                .rows(rows)
                .onConflict(with: ["chart_id"]) { update in
                    for column in chartColumns + nationColumns { _ = update.set(excludedValueOf: column) }
                    return update
                }
                .run()
        }
        // One aggregate per few hundred charts, started from their ids: with a subquery per kept day, PostgreSQL
        // planned from statistics the fill had outgrown (none yet, on a new database) and walked every Korean
        // film's rows for each day (3 s a statement, the fill 1.97 × its time before the records).
        for start in stride(from: 0, to: days.count, by: 500) {
            let ids = days[start..<min(days.count, start + 500)].map(\.id)
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

    /// Recomputes the nation parts of every kept day whose chart lists one of `movieCodes`.
    static func refreshNations(movieCodes: [String], origin: String, on database: any Database) async throws {
        guard !movieCodes.isEmpty else { return }
        let sql = try database.requireSQL()
        for start in stride(from: 0, to: movieCodes.count, by: 500) {
            let codes = Array(movieCodes[start..<min(movieCodes.count, start + 500)])
            try await sql.raw(
                """
                UPDATE market_days SET
                  korean_sales = \(nationSubquery(korean: true, chartID: SQLRaw("market_days.chart_id"), origin: SQLRaw("market_days.origin"))),
                  unknown_sales = \(nationSubquery(korean: false, chartID: SQLRaw("market_days.chart_id"), origin: SQLRaw("market_days.origin")))
                WHERE origin = \(bind: origin)
                  AND chart_id IN (SELECT e.chart_id FROM chart_entries e WHERE e.movie_code IN (\(binds: codes)))
                """
            ).run()
        }
    }

    /// Recomputes the nation parts of every kept day (after the kept days were first filled).
    static func refreshAllNations(on database: any Database) async throws {
        try await database.requireSQL().raw(
            """
            UPDATE market_days SET
              korean_sales = \(nationSubquery(korean: true, chartID: SQLRaw("market_days.chart_id"), origin: SQLRaw("market_days.origin"))),
              unknown_sales = \(nationSubquery(korean: false, chartID: SQLRaw("market_days.chart_id"), origin: SQLRaw("market_days.origin")))
            """
        ).run()
    }

    /// The values of ``nationColumns`` for the chart `chartID` of `origin`, as SQL.
    static func nationValues(chartID: any SQLExpression, origin: any SQLExpression) -> [any SQLExpression] {
        [
            nationSubquery(korean: true, chartID: chartID, origin: origin),
            nationSubquery(korean: false, chartID: chartID, origin: origin),
        ]
    }

    /// The one rule of nations (as ``MovieNationality``): Korean when the stored nation, trimmed, is Korea's name;
    /// unknown when none is stored or it is empty.
    static func nationSubquery(korean: Bool, chartID: any SQLExpression, origin: any SQLExpression) -> SQLQueryString {
        if korean {
            return """
                (SELECT CAST(COALESCE(SUM(ke.sales), 0) AS BIGINT) FROM chart_entries ke
                 JOIN movie_nations kn ON kn.origin = \(origin) AND kn.movie_code = ke.movie_code
                 WHERE ke.chart_id = \(chartID) AND \(isKorean(SQLRaw("kn.nation"))))
                """
        }
        return """
            (SELECT CAST(COALESCE(SUM(ue.sales), 0) AS BIGINT) FROM chart_entries ue
             LEFT JOIN movie_nations un ON un.origin = \(origin) AND un.movie_code = ue.movie_code
             WHERE ue.chart_id = \(chartID) AND \(isUnknown(SQLRaw("un.nation"))))
            """
    }

    /// Whether the stored `nation` is Korea's (trimmed), as SQL.
    static func isKorean(_ nation: any SQLExpression) -> SQLQueryString {
        "TRIM(\(nation)) = \(bind: MovieNationality.koreaName)"
    }

    /// Whether no nation is stored (no row, or an empty one), as SQL.
    static func isUnknown(_ nation: any SQLExpression) -> SQLQueryString {
        "(\(nation) IS NULL OR TRIM(\(nation)) = '')"
    }

    static func keyValues(id: UUID, chartID: UUID, origin: String, day: CalendarDate) -> [any SQLExpression] {
        [
            SQLBind(id), SQLBind(chartID), SQLBind(origin), SQLBind(day.isoString), SQLBind(day.year),
            SQLBind(String(day.isoString.dropFirst(5))),
        ]
    }

    static func chartValues(_ day: MarketDay) -> [any SQLExpression] {
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
