public import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// A film's rows in the unfiltered daily and weekly charts of one origin: one statement on
/// `chart_entries (movie_code)`, and the archive's first day from `charts (origin, kind, range_start)`. Searches and
/// comparisons read the films' kept records (``FilmRecordRows``, ``FilmRunPaceRows``).
struct FluentFilmRunRepository: FilmRunRepository {
    let database: any Database
    let origin: String

    private static let unfiltered = ChartFilters.none.key
    private static let daily = ChartKind.daily.rawValue

    func filmHistory(movieCode: String, source: ChartSource) async throws -> FilmHistory {
        let histories = try await filmHistories(movieCodes: [movieCode], source: source)
        return histories[movieCode]
            ?? FilmHistory(movieCode: movieCode, daily: [], weekends: [], archiveStart: nil, source: source)
    }

    func filmHistories(movieCodes: [String], source: ChartSource) async throws -> [String: FilmHistory] {
        guard !movieCodes.isEmpty else { return [:] }
        return try await StorageFailure.run("read films' archived days", logger: database.logger) {
            let sql = try database.requireSQL()
            let archiveStart = try await FilmRecordRows.archiveStart(origin: origin, on: database)
            var histories = try await FilmRecordRows.histories(
                of: movieCodes, origin: origin, source: source, archiveStart: archiveStart, on: sql)
            // A film with no archived row still has a history: an empty one, as filmHistory(movieCode:) answers.
            for code in movieCodes where histories[code] == nil {
                histories[code] = FilmHistory(
                    movieCode: code, daily: [], weekends: [], archiveStart: archiveStart, source: source)
            }
            return histories
        }
    }

    func films(titled text: String, limit: Int) async throws -> [ArchivedFilm] {
        try await StorageFailure.run("search the archive's titles", logger: database.logger) {
            // The kept records hold one row per charted film, whichever chart lists it, with the title of its latest
            // day; the English title comes from the movie lists the keeper reads. LIKE's wildcards in the text are
            // matched literally. LOWER on both sides ignores case the database's way (SQLite: ASCII letters only),
            // so a title pasted as stored always matches.
            try await FilmRecordRows.catchUpIfBehind(origin: origin, on: database)
            let escaped = text.replacingOccurrences(of: "!", with: "!!")
                .replacingOccurrences(of: "%", with: "!%").replacingOccurrences(of: "_", with: "!_")
            let pattern = "%" + escaped + "%"
            let rows = try await database.requireSQL().raw(
                """
                SELECT r.movie_code AS movie_code, r.title AS title, r.open_date AS open_date
                FROM film_runs r
                LEFT JOIN movie_nations n ON n.origin = r.origin AND n.movie_code = r.movie_code
                WHERE r.origin = \(bind: origin)
                  AND (LOWER(r.title) LIKE LOWER(\(bind: pattern)) ESCAPE '!'
                    OR LOWER(n.title_english) LIKE LOWER(\(bind: pattern)) ESCAPE '!')
                ORDER BY COALESCE(r.final_date, '') DESC, r.movie_code
                LIMIT \(bind: limit)
                """
            ).all()
            return try rows.map { row in
                ArchivedFilm(
                    movieCode: try row.decode(column: "movie_code", as: String.self),
                    title: try row.decode(column: "title", as: String.self),
                    openDate: try row.decode(column: "open_date", as: String?.self).flatMap { CalendarDate($0) })
            }
        }
    }

    func archiveEnd() async throws -> CalendarDate? {
        try await StorageFailure.run("read the archive's latest day", logger: database.logger) {
            let row = try await database.requireSQL().raw(
                """
                SELECT MAX(range_start) AS last_day FROM charts
                WHERE origin = \(bind: origin) AND kind = \(bind: Self.daily) AND filter_key = \(bind: Self.unfiltered)
                """
            ).first()
            return try row?.decode(column: "last_day", as: String?.self).flatMap { CalendarDate($0) }
        }
    }

    func outlookCandidates(
        day: Int, audience: ClosedRange<Int64>, near: Int64, since: Int, lastDay: CalendarDate,
        excluding movieCode: String,
        limit: Int
    ) async throws -> [TenMillionOutlook.Candidate] {
        try await StorageFailure.run("read the kept paces", logger: database.logger) {
            try await FilmRecordRows.catchUpIfBehind(origin: origin, on: database)
            // The nearest films lie on either side of `near` along `(origin, day, audience)`: each side is walked
            // outward from it and stops at `limit` films that pass, each checked against its kept record by the
            // record's unique key. The nearest `limit` of all are among these (TenMillionOutlook picks them), and the
            // walk does not grow with the archive, as ordering every film in the bounds did.
            let common: SQLQueryString = """
                SELECT p.movie_code AS movie_code, p.audience AS audience, p.last_day AS last_day, r.title AS title,
                  r.open_date AS open_date, r.final_audience AS final_audience
                FROM film_run_paces p
                JOIN film_runs r ON r.origin = p.origin AND r.movie_code = p.movie_code
                WHERE p.origin = \(bind: origin) AND p.day = \(bind: day)
                  AND p.movie_code <> \(bind: movieCode) AND p.last_day <= \(bind: lastDay.isoString)
                  AND r.open_year >= \(bind: since)
                """
            let above = max(near, audience.lowerBound)
            let below = min(near, audience.upperBound)
            let rows = try await database.requireSQL().raw(
                """
                SELECT * FROM (\(common) AND p.audience >= \(bind: above) AND p.audience <= \(bind: audience.upperBound)
                  ORDER BY p.audience, p.movie_code LIMIT \(bind: limit)) nearest_above
                UNION ALL
                SELECT * FROM (\(common) AND p.audience >= \(bind: audience.lowerBound) AND p.audience < \(bind: below)
                  ORDER BY p.audience DESC, p.movie_code LIMIT \(bind: limit)) nearest_below
                """
            ).all()
            return try rows.map { row in
                let text = try row.decode(column: "last_day", as: String.self)
                guard let last = CalendarDate(text) else {
                    throw BoxOfficeError.storage("The kept paces are corrupt: \"\(text)\" is not a date.")
                }
                return TenMillionOutlook.Candidate(
                    movieCode: try row.decode(column: "movie_code", as: String.self),
                    title: try row.decode(column: "title", as: String.self),
                    openDate: try row.decode(column: "open_date", as: String?.self).flatMap { CalendarDate($0) },
                    audience: try row.decode(column: "audience", as: Int64.self),
                    finalAudience: try row.decode(column: "final_audience", as: Int64.self), lastDay: last)
            }
        }
    }

    func outlookStanding(day: Int, audience: Int64, excluding movieCode: String) async throws
        -> TenMillionOutlook.Standing
    {
        try await StorageFailure.run("read the kept paces", logger: database.logger) {
            try await FilmRecordRows.catchUpIfBehind(origin: origin, on: database)
            // Counted along `(origin, day, audience)` alone, then the film itself taken out: excluding it in the
            // statement made each of the day's films a row lookup (2–5 ms at 22.9 years against 0.1–1).
            let row = try await database.requireSQL().raw(
                """
                SELECT
                  (SELECT COUNT(*) FROM film_run_paces WHERE origin = \(bind: origin) AND day = \(bind: day)) AS films,
                  (SELECT COUNT(*) FROM film_run_paces
                    WHERE origin = \(bind: origin) AND day = \(bind: day) AND audience > \(bind: audience)) AS above,
                  (SELECT audience FROM film_run_paces
                    WHERE origin = \(bind: origin) AND movie_code = \(bind: movieCode) AND day = \(bind: day)) AS own
                """
            ).first()
            let own = try row?.decode(column: "own", as: Int64?.self)
            let films = try row?.decode(column: "films", as: Int.self) ?? 0
            let above = try row?.decode(column: "above", as: Int.self) ?? 0
            return TenMillionOutlook.Standing(
                above: above - (own.map { $0 > audience } == true ? 1 : 0), films: films - (own == nil ? 0 : 1))
        }
    }

    func medianPace() async throws -> MedianPace {
        try await StorageFailure.run("read the kept median line", logger: database.logger) {
            try await FilmRecordRows.catchUpIfBehind(origin: origin, on: database)
            return try await MedianPaceRows.read(origin: origin, on: database.requireSQL())
        }
    }

    static func filmRow(_ row: any SQLRow) throws -> FilmRow {
        FilmRow(
            start: try date(row, "range_start"), end: try date(row, "range_end"),
            rank: try row.decode(column: "rank", as: Int.self), title: try row.decode(column: "title", as: String.self),
            openDate: try row.decode(column: "open_date", as: String?.self).flatMap { CalendarDate($0) },
            audience: try row.decode(column: "audience", as: Int64.self),
            audienceTotal: try row.decode(column: "audience_total", as: Int64.self),
            sales: try row.decode(column: "sales", as: Int64.self),
            salesTotal: try row.decode(column: "sales_total", as: Int64.self),
            screens: try row.decode(column: "screens", as: Int.self),
            shows: try row.decode(column: "shows", as: Int.self))
    }

    private static func date(_ row: any SQLRow, _ column: String) throws -> CalendarDate {
        let text = try row.decode(column: column, as: String.self)
        guard let date = CalendarDate(text) else {
            throw BoxOfficeError.storage("The archive is corrupt: \"\(text)\" in \(column) is not a date.")
        }
        return date
    }
}

extension BoxOfficeDatabase {
    /// Films' archived rows under `origin`, for their runs.
    public func filmRunRepository(origin: String) -> any FilmRunRepository {
        FluentFilmRunRepository(database: database, origin: origin)
    }
}
