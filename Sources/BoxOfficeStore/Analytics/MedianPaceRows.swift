import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Writes `median_paces`: each origin's 1000만 median line (``MedianPace``), kept whole as JSON in one row beside the
/// paces it is made of, so that a film page reads one row instead of every 1000만 film's pace (10 ms on SQLite at 22.9
/// years, and more as the list of those films grows). ``FilmRecordRows/refresh(movieCodes:origin:source:archiveStart:locked:paces:on:)``
/// makes it again, under the origin's lock, whenever it recomputes a film that reached 1000만 before or after.
/// Plain SQL only.
enum MedianPaceRows {
    static let schema = "median_paces"

    /// Whether any of `codes` is kept as having reached the line's milestone (before their records are replaced).
    static func concerns(_ codes: [String], origin: String, on sql: any SQLDatabase) async throws -> Bool {
        guard !codes.isEmpty else { return false }
        let row = try await sql.raw(
            """
            SELECT 1 AS listed FROM film_run_milestones
            WHERE origin = \(bind: origin) AND threshold = \(bind: MedianPace.milestone) AND movie_code IN (\(binds: codes))
            LIMIT 1
            """
        ).first()
        return row != nil
    }

    /// Whether `record` has reached the line's milestone.
    static func concerns(_ record: FilmRecord) -> Bool {
        record.milestones.contains { $0.threshold == MedianPace.milestone }
    }

    /// Makes `origin`'s line again (``line(origin:on:)``) and keeps it.
    static func refresh(origin: String, on sql: any SQLDatabase) async throws {
        let text = String(decoding: try JSONEncoder().encode(try await line(origin: origin, on: sql)), as: UTF8.self)
        try await sql.insert(into: schema).columns("origin", "threshold", "line")
            .values(SQLBind(origin), SQLBind(MedianPace.milestone), SQLBind(text))
            .onConflict(with: ["origin", "threshold"]) { $0.set(excludedValueOf: "line") }
            .run()
    }

    /// `origin`'s line from the kept records and paces: the ``MedianPace/maximumFilms`` films fastest to the milestone
    /// (the records' `fastest` list, whatever their nation), those whose first run lies whole in the archive.
    static func line(origin: String, on sql: any SQLDatabase) async throws -> MedianPace {
        let codes = try await sql.raw(
            """
            SELECT m.movie_code AS movie_code FROM film_run_milestones m
            JOIN film_runs r ON r.origin = m.origin AND r.movie_code = m.movie_code
            WHERE m.origin = \(bind: origin) AND m.threshold = \(bind: MedianPace.milestone)
              AND m.day_high IS NOT NULL AND m.day_low IS NOT NULL
            ORDER BY \(unsafeRaw: FluentRecordsRepository.fastestOrder)
            LIMIT \(bind: MedianPace.maximumFilms)
            """
        ).all().map { try $0.decode(column: "movie_code", as: String.self) }
        return try await compute(threshold: MedianPace.milestone, movieCodes: codes, origin: origin, on: sql)
    }

    /// `origin`'s kept line; an empty one when no film has reached the milestone. A line kept in a shape this version
    /// cannot read (another version's) is made afresh instead, until the next refresh keeps it again.
    static func read(origin: String, on sql: any SQLDatabase) async throws -> MedianPace {
        let row = try await sql.raw(
            """
            SELECT line FROM median_paces WHERE origin = \(bind: origin) AND threshold = \(bind: MedianPace.milestone)
            """
        ).first()
        guard let text = try row?.decode(column: "line", as: String.self) else {
            return MedianPace(threshold: MedianPace.milestone, cumulatives: [])
        }
        if let kept = try? JSONDecoder().decode(MedianPace.self, from: Data(text.utf8)) { return kept }
        return try await line(origin: origin, on: sql)
    }

    /// The line of the kept first-run paces of those of `movieCodes` whose first run lies whole in the archive, made
    /// by ``MedianPace/init(threshold:cumulatives:)`` from their paces on days 1…``MedianPace/maximumDay`` (at most 120 rows a
    /// film, read by the paces' unique key). Each day's middle values found by window functions in SQL cost
    /// PostgreSQL 100–430 ms a statement on tables a fill had just written, planned without statistics.
    static func compute(
        threshold: Int64, movieCodes: [String], origin: String, on sql: any SQLDatabase
    ) async throws -> MedianPace {
        guard !movieCodes.isEmpty else { return MedianPace(threshold: threshold, cumulatives: []) }
        let full = try await sql.raw(
            """
            SELECT movie_code FROM film_runs
            WHERE origin = \(bind: origin) AND movie_code IN (\(binds: movieCodes))
              AND reach = \(bind: FilmRun.Reach.full.rawValue)
            """
        ).all().map { try $0.decode(column: "movie_code", as: String.self) }
        guard !full.isEmpty else { return MedianPace(threshold: threshold, cumulatives: []) }
        let rows = try await sql.raw(
            """
            SELECT movie_code, day, audience FROM film_run_paces
            WHERE origin = \(bind: origin) AND movie_code IN (\(binds: full))
              AND day >= 1 AND day <= \(bind: MedianPace.maximumDay)
            """
        ).all()
        var paces: [String: [(day: Int, audience: Int64)]] = [:]
        for row in rows {
            paces[try row.decode(column: "movie_code", as: String.self), default: []].append(
                (try row.decode(column: "day", as: Int.self), try row.decode(column: "audience", as: Int64.self)))
        }
        return MedianPace(threshold: threshold, cumulatives: Array(paces.values))
    }
}
