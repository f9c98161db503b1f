public import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// The market pages' queries over `market_days` (joined with `chart_entries` for films), scoped to one origin. Each
/// first catches up with the charts a run left for later (``FilmRecordRows/catchUpIfBehind(origin:on:)``).
///
/// A year sums its kept days, never its rows: the whole archive's years are two `GROUP BY`s over about 8,400 rows,
/// read through `market_days (origin, day)` and `(origin, year, month_day)`. PostgreSQL sums `BIGINT` as `NUMERIC`,
/// so sums are cast back to `BIGINT` for both databases to answer integers.
struct FluentMarketRepository: MarketRepository {
    let database: any Database
    let origin: String

    /// The sums of a ``MarketTotals`` over the days with a market, read from columns prefixed `prefix`.
    private static func totalsColumns(_ table: String, prefix: String) -> String {
        let market = "\(table).sales_low IS NOT NULL AND \(table).sales_high IS NOT NULL"
        func sum(_ column: String) -> String {
            "CAST(COALESCE(SUM(CASE WHEN \(market) THEN \(table).\(column) ELSE 0 END), 0) AS BIGINT) AS \(prefix)\(column)"
        }
        return [
            "SUM(CASE WHEN \(market) THEN 1 ELSE 0 END) AS \(prefix)days", sum("sales_low"), sum("sales_high"),
            sum("top_ten_sales"), sum("top_ten_audience"), sum("korean_sales"), sum("unknown_sales"),
        ].joined(separator: ", ")
    }

    private static func totals(_ row: any SQLRow, prefix: String) throws -> MarketTotals {
        func int64(_ column: String) throws -> Int64 { try row.decode(column: prefix + column, as: Int64?.self) ?? 0 }
        return MarketTotals(
            days: Int(try int64("days")), salesLow: try int64("sales_low"), salesHigh: try int64("sales_high"),
            topTenSales: try int64("top_ten_sales"), topTenAudience: try int64("top_ten_audience"),
            koreanSales: try int64("korean_sales"), unknownSales: try int64("unknown_sales"))
    }

    func yearSums() async throws -> [MarketYearSums] {
        try await StorageFailure.run("sum the kept market by year", logger: database.logger) {
            try await FilmRecordRows.catchUpIfBehind(origin: origin, on: database)
            let rows = try await database.requireSQL().raw(
                """
                SELECT m.year AS year, COUNT(*) AS archived, \(unsafeRaw: Self.totalsColumns("m", prefix: "")),
                  SUM(CASE WHEN m.top_ten_shows > 0 AND m.leader_shows * 2 > m.top_ten_shows THEN 1 ELSE 0 END)
                    AS monopoly_days,
                  COUNT(m.show_hhi) AS hhi_days, COALESCE(SUM(m.show_hhi), 0.0) AS hhi_sum
                FROM market_days m WHERE m.origin = \(bind: origin)
                GROUP BY m.year ORDER BY m.year
                """
            ).all()
            return try rows.map { row in
                MarketYearSums(
                    year: try row.decode(column: "year", as: Int.self),
                    archivedDays: try row.decode(column: "archived", as: Int.self),
                    totals: try Self.totals(row, prefix: ""),
                    monopolyDays: try row.decode(column: "monopoly_days", as: Int?.self) ?? 0,
                    herfindahlDays: try row.decode(column: "hhi_days", as: Int.self),
                    herfindahlSum: try row.decode(column: "hhi_sum", as: Double.self))
            }
        }
    }

    func sameDaySums() async throws -> [MarketYearComparison] {
        try await StorageFailure.run("compare the kept market with the year before", logger: database.logger) {
            try await FilmRecordRows.catchUpIfBehind(origin: origin, on: database)
            let rows = try await database.requireSQL().raw(
                """
                SELECT a.year AS year, \(unsafeRaw: Self.totalsColumns("a", prefix: "a_")),
                  \(unsafeRaw: Self.totalsColumns("b", prefix: "b_"))
                FROM market_days a
                JOIN market_days b ON b.origin = a.origin AND b.year = a.year - 1 AND b.month_day = a.month_day
                WHERE a.origin = \(bind: origin) AND a.sales_low IS NOT NULL AND a.sales_high IS NOT NULL
                  AND b.sales_low IS NOT NULL AND b.sales_high IS NOT NULL
                GROUP BY a.year ORDER BY a.year
                """
            ).all()
            return try rows.map { row in
                MarketYearComparison(
                    year: try row.decode(column: "year", as: Int.self), current: try Self.totals(row, prefix: "a_"),
                    previous: try Self.totals(row, prefix: "b_"))
            }
        }
    }

    func marketDays(in range: DateRange) async throws -> [MarketDay] {
        try await StorageFailure.run("read the kept market", logger: database.logger) {
            try await FilmRecordRows.catchUpIfBehind(origin: origin, on: database)
            let rows = try await database.requireSQL().raw(
                """
                SELECT \(unsafeRaw: MarketDayRows.selectColumns) FROM market_days
                WHERE origin = \(bind: origin) AND day >= \(bind: range.start.isoString)
                  AND day <= \(bind: range.end.isoString)
                ORDER BY day
                """
            ).all()
            return try rows.map(MarketDayRows.marketDay)
        }
    }

    func marketDays(on days: [CalendarDate]) async throws -> [MarketDay] {
        try await StorageFailure.run("read the kept market", logger: database.logger) {
            try await FilmRecordRows.catchUpIfBehind(origin: origin, on: database)
            var found: [MarketDay] = []
            for chunk in Self.chunks(of: days) {
                let rows = try await database.requireSQL().raw(
                    """
                    SELECT \(unsafeRaw: MarketDayRows.selectColumns) FROM market_days
                    WHERE origin = \(bind: origin) AND day IN (\(binds: chunk))
                    ORDER BY day
                    """
                ).all()
                found += try rows.map(MarketDayRows.marketDay)
            }
            return found.sorted { $0.day < $1.day }
        }
    }

    func filmShares(in range: DateRange) async throws -> [MarketFilmShare] {
        try await StorageFailure.run("sum the films' shows and sales", logger: database.logger) {
            try await FilmRecordRows.catchUpIfBehind(origin: origin, on: database)
            let rows = try await database.requireSQL().raw(
                """
                SELECT e.movie_code AS movie_code, MAX(e.title) AS title, COUNT(*) AS days,
                  CAST(SUM(CASE WHEN e.shows > 0 THEN e.shows ELSE 0 END) AS BIGINT) AS shows,
                  CAST(SUM(e.sales) AS BIGINT) AS sales, CAST(SUM(m.top_ten_shows) AS BIGINT) AS top_ten_shows,
                  CAST(SUM(m.top_ten_sales) AS BIGINT) AS top_ten_sales
                FROM market_days m JOIN chart_entries e ON e.chart_id = m.chart_id
                WHERE m.origin = \(bind: origin) AND m.day >= \(bind: range.start.isoString)
                  AND m.day <= \(bind: range.end.isoString)
                GROUP BY e.movie_code
                """
            ).all()
            return try rows.map { row in
                MarketFilmShare(
                    movieCode: try row.decode(column: "movie_code", as: String.self),
                    title: try row.decode(column: "title", as: String.self),
                    days: try row.decode(column: "days", as: Int.self),
                    shows: try row.decode(column: "shows", as: Int64.self),
                    sales: try row.decode(column: "sales", as: Int64.self),
                    topTenShows: try row.decode(column: "top_ten_shows", as: Int64.self),
                    topTenSales: try row.decode(column: "top_ten_sales", as: Int64.self))
            }
        }
    }

    func filmSales(on days: [CalendarDate]) async throws -> [MarketFilmDay] {
        try await StorageFailure.run("read the films of the kept days", logger: database.logger) {
            try await FilmRecordRows.catchUpIfBehind(origin: origin, on: database)
            var found: [MarketFilmDay] = []
            for chunk in Self.chunks(of: days) {
                let rows = try await database.requireSQL().raw(
                    """
                    SELECT m.day AS day, e.movie_code AS movie_code, e.title AS title, e.sales AS sales
                    FROM market_days m JOIN chart_entries e ON e.chart_id = m.chart_id
                    WHERE m.origin = \(bind: origin) AND m.day IN (\(binds: chunk))
                    """
                ).all()
                for row in rows {
                    let text = try row.decode(column: "day", as: String.self)
                    guard let day = CalendarDate(text) else { continue }
                    found.append(
                        MarketFilmDay(
                            day: day, movieCode: try row.decode(column: "movie_code", as: String.self),
                            title: try row.decode(column: "title", as: String.self),
                            sales: try row.decode(column: "sales", as: Int64.self)))
                }
            }
            return found
        }
    }

    /// `days` as ISO text, at most 500 a statement.
    private static func chunks(of days: [CalendarDate]) -> [[String]] {
        let texts = days.map(\.isoString)
        return stride(from: 0, to: texts.count, by: 500).map { Array(texts[$0..<min(texts.count, $0 + 500)]) }
    }
}

extension BoxOfficeDatabase {
    /// The kept market of the charts stored under `origin`.
    public func marketRepository(origin: String) -> any MarketRepository {
        FluentMarketRepository(database: database, origin: origin)
    }
}
