public import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Archive queries over `charts`, `chart_entries` and `movie_nations`, scoped to one origin.
///
/// Each is one SQL statement that the indexes answer (`charts (origin, kind, range_start)`,
/// `chart_entries (chart_id)`, `chart_entries (movie_code)`, `movie_nations (origin, movie_code)`), and
/// sums are computed by the database, so a year's period chart reads no chart rows into memory.
struct FluentArchiveRepository: ArchiveRepository {
    let database: any Database
    let origin: String

    /// Archive queries read unfiltered charts only.
    private static let unfiltered = ChartFilters.none.key
    private static let daily = ChartKind.daily.rawValue

    func chartStatuses(kind: ChartKind, startingIn range: DateRange) async throws -> [StoredChartStatus] {
        try await StorageFailure.run("read the archive's stored charts", logger: database.logger) {
            let rows = try await database.requireSQL().raw(
                """
                SELECT range_start, range_end, fetched_at FROM charts
                WHERE origin = \(bind: origin) AND kind = \(bind: kind.rawValue) AND filter_key = \(bind: Self.unfiltered)
                  AND range_start >= \(bind: range.start.isoString) AND range_start <= \(bind: range.end.isoString)
                ORDER BY range_start
                """
            ).all()
            return try rows.map { row in
                StoredChartStatus(
                    kind: kind,
                    range: DateRange(
                        start: try Self.date(row, "range_start"), end: try Self.date(row, "range_end")),
                    fetchedAt: try row.decode(column: "fetched_at", as: Date.self))
            }
        }
    }

    func fingerprint(of range: DateRange) async throws -> ArchiveFingerprint {
        try await StorageFailure.run("check the archive for changes", logger: database.logger) {
            let sql = try database.requireSQL()
            let charts = try await sql.raw(
                """
                SELECT COUNT(*) AS charts, MAX(fetched_at) AS latest FROM charts
                WHERE origin = \(bind: origin) AND kind = \(bind: Self.daily) AND filter_key = \(bind: Self.unfiltered)
                  AND range_start >= \(bind: range.start.isoString) AND range_start <= \(bind: range.end.isoString)
                """
            ).first()
            let nations = try await sql.raw(
                """
                SELECT COUNT(*) AS nations, MAX(stored_at) AS latest FROM movie_nations WHERE origin = \(bind: origin)
                """
            ).first()
            return ArchiveFingerprint(
                chartCount: try charts?.decode(column: "charts", as: Int.self) ?? 0,
                latestFetch: try charts?.decode(column: "latest", as: Date?.self),
                nationCount: try nations?.decode(column: "nations", as: Int.self) ?? 0,
                latestNation: try nations?.decode(column: "latest", as: Date?.self))
        }
    }

    func movieTotals(in range: DateRange) async throws -> [ArchivedMovieTotal] {
        try await StorageFailure.run("sum the archive's daily charts", logger: database.logger) {
            // PostgreSQL sums BIGINT as NUMERIC: cast back so both databases answer integers.
            let rows = try await database.requireSQL().raw(
                """
                SELECT e.movie_code AS movie_code, MAX(e.title) AS title, MAX(e.open_date) AS open_date,
                  CAST(SUM(e.audience) AS BIGINT) AS audience, CAST(SUM(e.sales) AS BIGINT) AS sales,
                  COUNT(*) AS days, MIN(e.rank) AS best_rank,
                  MIN(c.range_start) AS first_day, MAX(c.range_start) AS last_day, MAX(n.nation) AS nation
                FROM charts c
                JOIN chart_entries e ON e.chart_id = c.id
                LEFT JOIN movie_nations n ON n.origin = c.origin AND n.movie_code = e.movie_code
                WHERE c.origin = \(bind: origin) AND c.kind = \(bind: Self.daily) AND c.filter_key = \(bind: Self.unfiltered)
                  AND c.range_start >= \(bind: range.start.isoString) AND c.range_start <= \(bind: range.end.isoString)
                GROUP BY e.movie_code
                """
            ).all()
            return try rows.map { row in
                ArchivedMovieTotal(
                    movieCode: try row.decode(column: "movie_code", as: String.self),
                    title: try row.decode(column: "title", as: String.self),
                    openDate: try row.decode(column: "open_date", as: String?.self).flatMap { CalendarDate($0) },
                    audience: try row.decode(column: "audience", as: Int64.self),
                    sales: try row.decode(column: "sales", as: Int64.self),
                    days: try row.decode(column: "days", as: Int.self),
                    bestRank: try row.decode(column: "best_rank", as: Int.self),
                    firstDay: try Self.date(row, "first_day"), lastDay: try Self.date(row, "last_day"),
                    representativeNation: try row.decode(column: "nation", as: String?.self))
            }
        }
    }

    func trendPoints(movieCode: String) async throws -> [TrendPoint] {
        try await StorageFailure.run("read a movie's archived days", logger: database.logger) {
            let rows = try await database.requireSQL().raw(
                """
                SELECT c.range_start AS day, e.rank AS rank, e.title AS title, e.audience AS audience,
                  e.audience_total AS audience_total, e.sales AS sales, e.screens AS screens, e.shows AS shows
                FROM chart_entries e
                JOIN charts c ON c.id = e.chart_id
                WHERE e.movie_code = \(bind: movieCode) AND c.origin = \(bind: origin) AND c.kind = \(bind: Self.daily)
                  AND c.filter_key = \(bind: Self.unfiltered)
                ORDER BY c.range_start
                """
            ).all()
            return try rows.map { row in
                TrendPoint(
                    date: try Self.date(row, "day"), rank: try row.decode(column: "rank", as: Int.self),
                    title: try row.decode(column: "title", as: String.self),
                    audience: try row.decode(column: "audience", as: Int64.self),
                    audienceTotal: try row.decode(column: "audience_total", as: Int64.self),
                    sales: try row.decode(column: "sales", as: Int64.self),
                    screens: try row.decode(column: "screens", as: Int.self),
                    shows: try row.decode(column: "shows", as: Int.self))
            }
        }
    }

    func movieCodesWithoutNation(in range: DateRange) async throws -> [String] {
        try await StorageFailure.run("find archived films without a nation", logger: database.logger) {
            let rows = try await database.requireSQL().raw(
                """
                SELECT DISTINCT e.movie_code AS movie_code
                FROM charts c
                JOIN chart_entries e ON e.chart_id = c.id
                WHERE c.origin = \(bind: origin) AND c.kind = \(bind: Self.daily) AND c.filter_key = \(bind: Self.unfiltered)
                  AND c.range_start >= \(bind: range.start.isoString) AND c.range_start <= \(bind: range.end.isoString)
                  AND NOT EXISTS (
                    SELECT 1 FROM movie_nations n WHERE n.origin = c.origin AND n.movie_code = e.movie_code
                      AND n.title_pending = \(bind: false))
                ORDER BY e.movie_code
                """
            ).all()
            return try rows.map { try $0.decode(column: "movie_code", as: String.self) }
        }
    }

    func saveRepresentativeNations(_ nations: [String: String]) async throws {
        try await saveRepresentativeNations(nations, englishTitles: [:])
    }

    func englishTitles(of movieCodes: [String]) async throws -> [String: String] {
        guard !movieCodes.isEmpty else { return [:] }
        return try await StorageFailure.run("read films' English titles", logger: database.logger) {
            var titles: [String: String] = [:]
            // At most 100 codes a statement, as the nations are written.
            for start in stride(from: 0, to: movieCodes.count, by: 100) {
                let codes = movieCodes[start..<min(movieCodes.count, start + 100)]
                let rows = try await database.requireSQL().select().columns("movie_code", "title_english")
                    .from(MovieNationModel.schema)
                    .where("origin", .equal, SQLBind(origin))
                    .where("movie_code", .in, SQLBind.group(Array(codes)))
                    .where("title_english", .isNot, SQLLiteral.null)
                    .all()
                for row in rows {
                    titles[try row.decode(column: "movie_code", as: String.self)] = try row.decode(
                        column: "title_english", as: String.self)
                }
            }
            return titles
        }
    }

    func saveNoDetails(movieCode: String) async throws {
        let kept = try await StorageFailure.run("store a film without details", logger: database.logger) {
            // A film looked up again for its title has a nation here, or one another instance stored meanwhile: no
            // answer of no details forgets it.
            try await database.requireSQL().update(MovieNationModel.schema)
                .set("title_pending", to: SQLBind(false))
                .where("origin", .equal, SQLBind(origin))
                .where("movie_code", .equal, SQLBind(movieCode))
                .where("nation", .notEqual, SQLBind(""))
                .returning("movie_code")
                .all()
        }
        if kept.isEmpty { try await saveRepresentativeNation("", movieCode: movieCode) }
    }

    func saveRepresentativeNations(_ nations: [String: String], englishTitles: [String: String]) async throws {
        guard !nations.isEmpty else { return }
        try await StorageFailure.run("store movies' nations", logger: database.logger) {
            let films = nations.sorted { $0.key < $1.key }
            let storedAt = Date()
            // Multi-row upserts of at most 100 films (700 bound values, well under every driver's limit), in one
            // transaction, so that all are stored or none, with the diary versions and the diaries' kept counts the
            // new nations change (``DiaryNationFold``: its lock first, then the people's rows, then their counts,
            // the order of a diary change).
            let chunks = stride(from: 0, to: films.count, by: 100).map { films[$0..<min(films.count, $0 + 100)] }
            try await database.transaction { transaction in
                try await DiaryNationFold.lockExclusive(on: transaction)
                var changed: [String] = []
                for chunk in chunks { changed += try await changedNations(chunk, on: transaction) }
                let noted = try await DiaryNationChanges.raiseVersions(movieCodes: changed, on: transaction)
                // The changed movies' notes without a nation leave the nations stored now and join the new ones.
                let moved = changed.filter { noted.contains($0) }
                let folded = try await DiaryNationFold.origin(on: transaction)
                let moves = !moved.isEmpty && folded == origin
                if moves {
                    try await DiaryNationFold.move(origin: origin, sign: -1, movieCodes: moved, on: transaction)
                }
                for chunk in chunks {
                    try await upsertNations(chunk, englishTitles: englishTitles, storedAt: storedAt, on: transaction)
                }
                // The kept market's Korean and unknown-nation sales of the days these films charted.
                try await MarketDayRows.refreshNations(movieCodes: changed, origin: origin, on: transaction)
                if moves {
                    try await DiaryNationFold.move(origin: origin, sign: 1, movieCodes: moved, on: transaction)
                }
            }
        }
    }

    /// The films of `films` whose nation is new or different.
    private func changedNations(
        _ films: ArraySlice<(key: String, value: String)>, on database: any Database
    ) async throws -> [String] {
        let rows = try await database.requireSQL().select().columns("movie_code", "nation")
            .from(MovieNationModel.schema)
            .where("origin", .equal, SQLBind(origin))
            .where("movie_code", .in, SQLBind.group(films.map(\.key)))
            .all()
        var stored: [String: String] = [:]
        for row in rows {
            stored[try row.decode(column: "movie_code", as: String.self)] = try row.decode(
                column: "nation", as: String.self)
        }
        return films.filter { stored[$0.key] != $0.value }.map(\.key)
    }

    /// Writes the films' nations and English titles; a film given no title keeps the one stored before. Either way
    /// the film has been read since titles were kept, so none waits for its title any more.
    private func upsertNations(
        _ films: ArraySlice<(key: String, value: String)>, englishTitles: [String: String], storedAt: Date,
        on database: any Database
    ) async throws {
        let rows = films.map { code, nation -> [any SQLExpression] in
            [
                SQLBind(UUID()), SQLBind(origin), SQLBind(code), SQLBind(nation), SQLBind(englishTitles[code]),
                SQLBind(false), SQLBind(storedAt),
            ]
        }
        try await database.requireSQL()
            .insert(into: MovieNationModel.schema)
            .columns("id", "origin", "movie_code", "nation", "title_english", "title_pending", "stored_at")
            .rows(rows)
            .onConflict(with: ["origin", "movie_code"]) {
                $0.set(excludedValueOf: "nation")
                    .set(excludedValueOf: "title_pending")
                    .set(excludedValueOf: "stored_at")
                    .set(
                        "title_english",
                        to: SQLFunction(
                            "COALESCE",
                            args: SQLExcludedColumn("title_english"),
                            SQLColumn("title_english", table: MovieNationModel.schema)))
            }
            .run()
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
    /// Archive queries over the charts stored under `origin`.
    public func archiveRepository(origin: String) -> any ArchiveRepository {
        FluentArchiveRepository(database: database, origin: origin)
    }
}
