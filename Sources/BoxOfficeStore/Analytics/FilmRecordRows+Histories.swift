import BoxOfficeCore
import FluentPostgresDriver
import SQLKit

/// The films' histories the records are worked out from.
extension FilmRecordRows {
    /// The films' rows in the unfiltered daily and weekly charts of `origin`, by film. `CROSS JOIN` keeps SQLite on
    /// `chart_entries (movie_code)`: with a list of codes it walked every chart of the origin instead (64 ms against
    /// 18 ms for 100 films of a 22.9-year archive); PostgreSQL plans it as the inner join it is, and its rows are
    /// decoded by PostgresNIO (``PostgresRows``): the films' histories are most of what a catch-up and an upgrade read.
    static func histories(
        of codes: [String], origin: String, source: ChartSource, archiveStart: CalendarDate?,
        on sql: any SQLDatabase
    ) async throws -> [String: FilmHistory] {
        let postgres: PostgresQuery = """
            SELECT e.movie_code, c.kind, c.range_start, c.range_end, e.rank, e.title, e.open_date, e.audience,
              e.audience_total, e.sales, e.sales_total, e.screens, e.shows
            FROM chart_entries e JOIN charts c ON c.id = e.chart_id
            WHERE e.movie_code = ANY(\(codes)) AND c.origin = \(origin) AND c.kind = ANY(\(kinds))
              AND c.filter_key = \(unfiltered)
            """
        if let rows = try await PostgresRows.all(postgres, on: sql) {
            let typed = (String, String, String, String, Int, String, String?, Int64, Int64, Int64, Int64, Int, Int)
                .self
            return try histories(
                rows.map { row in
                    let (
                        code, kind, start, end, rank, title, openDate, audience, audienceTotal, sales, salesTotal,
                        screens, shows
                    ) = try row.decode(typed)
                    return (
                        code, kind,
                        FilmRow(
                            start: try day(start), end: try day(end), rank: rank, title: title,
                            openDate: openDate.flatMap { CalendarDate($0) }, audience: audience,
                            audienceTotal: audienceTotal, sales: sales, salesTotal: salesTotal, screens: screens,
                            shows: shows)
                    )
                }, source: source, archiveStart: archiveStart)
        }
        let rows = try await sql.raw(
            """
            SELECT e.movie_code AS movie_code, c.kind AS kind, c.range_start AS range_start,
              c.range_end AS range_end, e.rank AS rank, e.title AS title, e.open_date AS open_date,
              e.audience AS audience, e.audience_total AS audience_total, e.sales AS sales,
              e.sales_total AS sales_total, e.screens AS screens, e.shows AS shows
            FROM chart_entries e
            CROSS JOIN charts c
            WHERE c.id = e.chart_id AND e.movie_code IN (\(binds: codes)) AND c.origin = \(bind: origin)
              AND c.kind IN (\(binds: kinds)) AND c.filter_key = \(bind: unfiltered)
            """
        ).all()
        return try histories(rows, source: source, archiveStart: archiveStart)
    }

    /// Groups rows (with `movie_code` and `kind`) into films' histories.
    private static func histories(
        _ rows: [any SQLRow], source: ChartSource, archiveStart: CalendarDate?
    ) throws -> [String: FilmHistory] {
        try histories(
            rows.map { row in
                (
                    try row.decode(column: "movie_code", as: String.self),
                    try row.decode(column: "kind", as: String.self), try FluentFilmRunRepository.filmRow(row)
                )
            }, source: source, archiveStart: archiveStart)
    }

    /// Groups films' rows, each with its chart's kind, into their histories.
    private static func histories(
        _ rows: [(code: String, kind: String, row: FilmRow)], source: ChartSource, archiveStart: CalendarDate?
    ) throws -> [String: FilmHistory] {
        var days: [String: [FilmRow]] = [:]
        var weekends: [String: [FilmRow]] = [:]
        var weeks: [String: [FilmRow]] = [:]
        for (code, kind, row) in rows {
            switch kind {
            case daily: days[code, default: []].append(row)
            case weekend: weekends[code, default: []].append(row)
            default: weeks[code, default: []].append(row)
            }
        }
        var histories: [String: FilmHistory] = [:]
        for code in Set(days.keys).union(weekends.keys).union(weeks.keys) {
            histories[code] = FilmHistory(
                movieCode: code, daily: days[code] ?? [], weekends: weekends[code] ?? [], weeks: weeks[code] ?? [],
                archiveStart: archiveStart, source: source)
        }
        return histories
    }

    /// A stored chart's day.
    private static func day(_ text: String) throws -> CalendarDate {
        guard let date = CalendarDate(text) else {
            throw BoxOfficeError.storage("The archive is corrupt: \"\(text)\" is not a date.")
        }
        return date
    }
}
