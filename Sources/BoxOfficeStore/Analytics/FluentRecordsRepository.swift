public import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// The records lists over `film_runs` and `film_run_milestones` (``FilmRecordRows``), scoped to one origin, with
/// each film's nation joined from `movie_nations` at query time.
///
/// Each list walks one index in its order (`film_runs (origin, final_audience)`, …,
/// `film_run_milestones (origin, threshold, day_high)`) and stops at its limit, so its cost does not grow with the
/// archive; a second statement reads the listed films' milestones.
struct FluentRecordsRepository: RecordsRepository {
    let database: any Database
    let origin: String

    private static let filmColumns = """
        r.movie_code AS movie_code, r.title AS title, r.open_date AS open_date, r.reach AS reach,
        r.final_date AS final_date, r.final_audience AS final_audience, r.final_sales AS final_sales,
        r.opening_weekend AS opening_weekend, r.opening_partial AS opening_partial, r.second_drop AS second_drop,
        r.legs AS legs, r.days_at_one AS days_at_one, r.streak_days AS streak_days, r.streak_start AS streak_start,
        r.streak_end AS streak_end, r.days_in_top10 AS days_in_top10, n.nation AS nation
        """

    /// The `fastest` list's order over `film_run_milestones m` (as ``RecordsRanking`` defines it), which the 1000만
    /// median line's films follow too (``MedianPaceRows``).
    static let fastestOrder = "m.day_high, m.day_low, m.latest, m.movie_code"

    func films(ordered order: RecordOrder, query: RecordsQuery) async throws -> [RecordFilm] {
        try await StorageFailure.run("read the kept records", logger: database.logger) {
            // Films a run left for later are worked out first, so a list never lags the charts.
            try await FilmRecordRows.catchUpIfBehind(origin: origin, on: database)
            let sql = try database.requireSQL()
            let rows = try await sql.raw(statement(order, query: query)).all()
            let films = try rows.map { row in
                RecordFilm(
                    record: try Self.record(row),
                    nation: MovieNationality(representativeNation: try row.decode(column: "nation", as: String?.self)))
            }
            let milestones = try await self.milestones(of: films.map(\.record.movieCode), on: sql)
            return films.map { film in
                var film = film
                film.record.milestones = Self.crossings(milestones[film.record.movieCode] ?? [], film.record)
                return film
            }
        }
    }

    func allRecords() async throws -> [FilmRecord] {
        try await StorageFailure.run("read the kept records", logger: database.logger) {
            try await FilmRecordRows.catchUpIfBehind(origin: origin, on: database)
            let sql = try database.requireSQL()
            let rows = try await sql.raw(
                """
                SELECT \(unsafeRaw: Self.filmColumns) FROM film_runs r
                LEFT JOIN movie_nations n ON n.origin = r.origin AND n.movie_code = r.movie_code
                WHERE r.origin = \(bind: origin)
                """
            ).all()
            let records = try rows.map(Self.record)
            let milestones = try await self.allMilestones(on: sql)
            return records.map { record in
                var record = record
                record.milestones = Self.crossings(milestones[record.movieCode] ?? [], record)
                return record
            }
        }
    }

    /// The statement of one list.
    private func statement(_ order: RecordOrder, query: RecordsQuery) -> SQLQueryString {
        var filters: SQLQueryString = ""
        if let year = query.year { filters = filters + " AND r.open_year = \(bind: year)" }
        if let since = query.since { filters = filters + " AND r.open_year >= \(bind: since)" }
        switch query.nation {
        case .korean:
            filters = filters + " AND TRIM(n.nation) = \(bind: MovieNationality.koreaName)"
        case .foreign:
            filters =
                filters
                + " AND n.nation IS NOT NULL AND TRIM(n.nation) <> '' AND TRIM(n.nation) <> \(bind: MovieNationality.koreaName)"
        case .unknown, nil:
            break
        }
        let limit = query.limit
        if order == .fastest {
            let threshold = query.threshold ?? RecordsQuery.defaultThreshold
            return """
                SELECT \(unsafeRaw: Self.filmColumns) FROM film_run_milestones m
                JOIN film_runs r ON r.origin = m.origin AND r.movie_code = m.movie_code
                LEFT JOIN movie_nations n ON n.origin = r.origin AND n.movie_code = r.movie_code
                WHERE m.origin = \(bind: origin) AND m.threshold = \(bind: threshold) AND m.day_high IS NOT NULL
                  AND m.day_low IS NOT NULL\(filters)
                ORDER BY \(unsafeRaw: Self.fastestOrder)
                LIMIT \(bind: limit)
                """
        }
        let (condition, ordering) = Self.clauses(order)
        return """
            SELECT \(unsafeRaw: Self.filmColumns) FROM film_runs r
            LEFT JOIN movie_nations n ON n.origin = r.origin AND n.movie_code = r.movie_code
            WHERE r.origin = \(bind: origin) AND \(unsafeRaw: condition)\(filters)
            ORDER BY \(unsafeRaw: ordering)
            LIMIT \(bind: limit)
            """
    }

    /// The condition and order of a list over `film_runs` (as ``RecordsRanking`` defines them).
    private static func clauses(_ order: RecordOrder) -> (String, String) {
        switch order {
        case .fastest, .audience: return ("r.final_date IS NOT NULL", "r.final_audience DESC, r.movie_code")
        case .sales: return ("r.final_date IS NOT NULL", "r.final_sales DESC, r.movie_code")
        case .longestStreak: return ("r.streak_days > 0", "r.streak_days DESC, r.streak_start, r.movie_code")
        case .daysAtNumberOne: return ("r.days_at_one > 0", "r.days_at_one DESC, r.movie_code")
        case .legs: return ("r.legs_listed IS NOT NULL", "r.legs_listed DESC, r.movie_code")
        case .secondWeekendDrop: return ("r.drop_listed IS NOT NULL", "r.drop_listed DESC, r.movie_code")
        }
    }

    private typealias KeptCrossing = (threshold: Int64, earliest: CalendarDate, latest: CalendarDate)

    private func milestones(of codes: [String], on sql: any SQLDatabase) async throws -> [String: [KeptCrossing]] {
        guard !codes.isEmpty else { return [:] }
        let rows = try await sql.raw(
            """
            SELECT movie_code, threshold, earliest, latest FROM film_run_milestones
            WHERE origin = \(bind: origin) AND movie_code IN (\(binds: codes))
            """
        ).all()
        return try Self.group(rows)
    }

    private func allMilestones(on sql: any SQLDatabase) async throws -> [String: [KeptCrossing]] {
        let rows = try await sql.raw(
            """
            SELECT movie_code, threshold, earliest, latest FROM film_run_milestones WHERE origin = \(bind: origin)
            """
        ).all()
        return try Self.group(rows)
    }

    private static func group(_ rows: [any SQLRow]) throws -> [String: [KeptCrossing]] {
        var crossings: [String: [KeptCrossing]] = [:]
        for row in rows {
            crossings[try row.decode(column: "movie_code", as: String.self), default: []].append(
                (
                    try row.decode(column: "threshold", as: Int64.self), try date(row, "earliest"),
                    try date(row, "latest")
                ))
        }
        return crossings
    }

    private static func crossings(_ kept: [KeptCrossing], _ record: FilmRecord) -> [MilestoneCrossing] {
        kept.sorted { $0.threshold < $1.threshold }.map {
            MilestoneCrossing(
                threshold: $0.threshold, earliest: $0.earliest, latest: $0.latest, openDate: record.openDate)
        }
    }

    private static func record(_ row: any SQLRow) throws -> FilmRecord {
        // A reach this version does not know was kept by a newer one sharing the database (a rolling upgrade): the
        // lists read only the record's figures, so it is read as a run without run measures rather than refused.
        let reach = FilmRun.Reach(rawValue: try row.decode(column: "reach", as: String.self)) ?? .noFirstRun
        var streak: FilmRun.Streak?
        let streakDays = try row.decode(column: "streak_days", as: Int.self)
        if streakDays > 0, let start = try optionalDate(row, "streak_start"),
            let end = try optionalDate(row, "streak_end")
        {
            streak = FilmRun.Streak(from: start, to: end, days: streakDays)
        }
        return FilmRecord(
            movieCode: try row.decode(column: "movie_code", as: String.self),
            title: try row.decode(column: "title", as: String.self), openDate: try optionalDate(row, "open_date"),
            reach: reach, milestones: [], finalDate: try optionalDate(row, "final_date"),
            finalAudience: try row.decode(column: "final_audience", as: Int64.self),
            finalSales: try row.decode(column: "final_sales", as: Int64.self),
            openingWeekend: try row.decode(column: "opening_weekend", as: Int64?.self),
            openingWeekendPartial: try row.decode(column: "opening_partial", as: Bool.self),
            secondWeekendDrop: try row.decode(column: "second_drop", as: Double?.self),
            legs: try row.decode(column: "legs", as: Double?.self),
            daysAtNumberOne: try row.decode(column: "days_at_one", as: Int.self), longestStreak: streak,
            daysInTop10: try row.decode(column: "days_in_top10", as: Int.self))
    }

    private static func optionalDate(_ row: any SQLRow, _ column: String) throws -> CalendarDate? {
        guard let text = try row.decode(column: column, as: String?.self) else { return nil }
        guard let date = CalendarDate(text) else {
            throw BoxOfficeError.storage("The kept records are corrupt: \"\(text)\" in \(column) is not a day.")
        }
        return date
    }

    private static func date(_ row: any SQLRow, _ column: String) throws -> CalendarDate {
        guard let date = try optionalDate(row, column) else {
            throw BoxOfficeError.storage("The kept records are corrupt: no day in \(column).")
        }
        return date
    }
}

extension BoxOfficeDatabase {
    /// The films' kept records under `origin`, for the records lists.
    public func recordsRepository(origin: String) -> any RecordsRepository {
        FluentRecordsRepository(database: database, origin: origin)
    }
}
