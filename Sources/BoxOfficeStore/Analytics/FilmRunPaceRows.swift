import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Writes `film_run_paces`: each film's known first-run cumulatives for days of run 1…120 (``FilmRun/pace``) and its
/// latest archived day, kept per origin beside `film_runs` by ``FilmRecordRows/refresh(movieCodes:origin:source:archiveStart:locked:on:)``,
/// so that 천만 전망 (``TenMillionOutlook``, days 1…60) finds the films near a cumulative on a day through the index
/// `(origin, day, audience)`, and the 1000만 median line (``MedianPace``, days 1…120) reads its films' paces, instead
/// of the archive's rows. Plain SQL only.
enum FilmRunPaceRows {
    static let schema = "film_run_paces"
    static let columns = ["origin", "movie_code", "day", "audience", "last_day"]
    /// The days of run kept: those the outlook and the median line read.
    static let days = 1...max(TenMillionOutlook.days.upperBound, MedianPace.maximumDay)
    /// Rows one insert statement carries (5 parameters each, well under both databases' limits).
    private static let rowsPerStatement = 1_000

    /// One kept pace point.
    struct Kept: Sendable, Hashable {
        var movieCode: String
        var day: Int
        var audience: Int64
        /// The last day of the film's latest archived row, daily or weekly.
        var lastDay: CalendarDate
    }

    /// What `history`'s film keeps: its run's pace points on ``days``, with its latest archived day.
    static func kept(_ history: FilmHistory, run: FilmRun) -> [Kept] {
        guard let lastDay = history.latest?.end else { return [] }
        return run.pace.filter { days.contains($0.day) }.map {
            Kept(movieCode: history.movieCode, day: $0.day, audience: $0.audience, lastDay: lastDay)
        }
    }

    /// Replaces the kept paces of `codes` under `origin` by those of their `histories` and `runs` (`deleting`: false
    /// when none are kept yet, as in a table just made).
    static func replace(
        _ codes: [String], histories: [String: FilmHistory], runs: [String: FilmRun], origin: String,
        deleting: Bool = true, on sql: any SQLDatabase
    ) async throws {
        guard !codes.isEmpty else { return }
        if deleting {
            try await sql.delete(from: schema).where("origin", .equal, SQLBind(origin))
                .where("movie_code", .in, SQLBind.group(codes)).run()
        }
        let rows = codes.flatMap { code -> [Kept] in
            guard let history = histories[code], let run = runs[code] else { return [] }
            return kept(history, run: run)
        }
        guard !rows.isEmpty else { return }
        if sql.dialect.name == "postgresql" {
            // Four arrays in one statement, not 1,000-row inserts of 5,000 binds (17 ms of Swift each to build), and
            // a plain insert: the films' rows were deleted above, under the origin's lock every refresh holds.
            try await sql.raw(
                """
                INSERT INTO film_run_paces (origin, movie_code, day, audience, last_day)
                SELECT \(bind: origin), p.movie_code, p.day, p.audience, p.last_day
                FROM UNNEST(
                  \(bind: rows.map(\.movieCode))::text[], \(bind: rows.map { Int64($0.day) })::bigint[],
                  \(bind: rows.map(\.audience))::bigint[], \(bind: rows.map(\.lastDay.isoString))::text[]
                ) AS p(movie_code, day, audience, last_day)
                """
            ).run()
            return
        }
        for start in stride(from: 0, to: rows.count, by: rowsPerStatement) {
            let batch = rows[start..<min(rows.count, start + rowsPerStatement)]
            try await sql.insert(into: schema).columns(columns)
                .rows(
                    batch.map {
                        [
                            SQLBind(origin), SQLBind($0.movieCode), SQLBind($0.day), SQLBind($0.audience),
                            SQLBind($0.lastDay.isoString),
                        ]
                    }
                )
                .onConflict(with: ["origin", "movie_code", "day"]) { update in
                    update.set(excludedValueOf: "audience").set(excludedValueOf: "last_day")
                }
                .run()
        }
    }

    /// Keeps the paces of every film of the charts already stored, an origin and a batch of films at a time (for the
    /// migrations that make or widen the table; `replacing`: false when the table is empty).
    static func fill(replacing: Bool = true, on database: any Database) async throws {
        let sql = try database.requireSQL()
        for films in try await FilmRecordRows.chartedFilms(on: sql) {
            let origin = films.origin
            let archiveStart = try await FilmRecordRows.archiveStart(origin: origin, on: database)
            let codes = films.codes
            for start in stride(from: 0, to: codes.count, by: 200) {
                let batch = Array(codes[start..<min(codes.count, start + 200)])
                let histories = try await FilmRecordRows.histories(
                    of: batch, origin: origin, source: films.source, archiveStart: archiveStart, on: sql)
                try await replace(
                    batch, histories: histories, runs: histories.mapValues { FilmRun(history: $0) }, origin: origin,
                    deleting: replacing, on: sql)
            }
        }
    }

    /// Every kept pace point of `origin`, ordered by film and day (for checks and tests).
    static func all(origin: String, on sql: any SQLDatabase) async throws -> [Kept] {
        try await sql.raw(
            """
            SELECT movie_code, day, audience, last_day FROM film_run_paces WHERE origin = \(bind: origin)
            ORDER BY movie_code, day
            """
        ).all().map { row in
            let text = try row.decode(column: "last_day", as: String.self)
            guard let lastDay = CalendarDate(text) else {
                throw BoxOfficeError.storage("The kept paces are corrupt: \"\(text)\" is not a date.")
            }
            return Kept(
                movieCode: try row.decode(column: "movie_code", as: String.self),
                day: try row.decode(column: "day", as: Int.self),
                audience: try row.decode(column: "audience", as: Int64.self), lastDay: lastDay)
        }
    }
}
