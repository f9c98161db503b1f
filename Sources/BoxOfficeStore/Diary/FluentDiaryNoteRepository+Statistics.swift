import BoxOfficeCore
import FluentKit
import FluentSQL
import Foundation
import SQLKit

extension FluentDiaryNoteRepository {
    /// Reads the user's kept counts (``DiaryStatCounts``): one indexed range for the small dimensions (origins
    /// already resolved against `movie_nations` of `nationOrigin`, see ``DiaryNationFold``), the most counted
    /// genres and nations and the ten top directors from the rank index, and for a year a few LIMIT queries for its
    /// review and its rewatched movies from the kept first notes (``DiaryYearFirstNotes``). No query reads every
    /// note, nor every note of the year.
    func statisticsCounts(userID: UUID, year: Int?) async throws -> DiaryStatisticsCounts {
        try await StorageFailure.run("read statistics", logger: database.logger) {
            try await DiaryNationFold.ensure(origin: nationOrigin, on: database)
            return try await Self.statisticsCounts(userID: userID, year: year, on: database)
        }
    }

    private typealias Dimension = DiaryStatCounts.Dimension

    private static func statisticsCounts(
        userID: UUID, year: Int?, on database: any Database
    ) async throws -> DiaryStatisticsCounts {
        let sql = try database.requireSQL()
        let stored = year ?? 0
        let small = [
            Dimension.notes, Dimension.month, Dimension.rating, Dimension.origin, Dimension.place, Dimension.distinct,
        ]
        var counts: [String: [String: Int]] = [:]
        for row in try await counted(userID: userID, year: stored, on: sql)
            .where("dimension", .in, SQLBind.group(small))
            .all()
        {
            let dimension = try row.decode(column: "dimension", as: String.self)
            counts[dimension, default: [:]][try row.decode(column: "item", as: String.self)] = try row.decode(
                column: "count", as: Int.self)
        }
        // Genres and nations are few in any real diary, but a file's names are its own: the most counted only.
        for dimension in [Dimension.genre, Dimension.nation] {
            for row in try await counted(userID: userID, year: stored, on: sql)
                .where("dimension", .equal, SQLBind(dimension))
                .orderBy("count", .descending).orderBy("item", .ascending)
                .limit(DiaryStatistics.namedListLimit)
                .all()
            {
                counts[dimension, default: [:]][try row.decode(column: "item", as: String.self)] = try row.decode(
                    column: "count", as: Int.self)
            }
        }
        func count(_ dimension: String, _ item: String) -> Int { counts[dimension]?[item] ?? 0 }

        let topDirectors = try await counted(userID: userID, year: stored, on: sql)
            .where("dimension", .equal, SQLBind(Dimension.director))
            .orderBy("count", .descending).orderBy("item", .ascending)
            .limit(DiaryStatistics.topDirectorCount)
            .all()
            .map {
                DiaryNamedCount(
                    name: try $0.decode(column: "item", as: String.self),
                    count: try $0.decode(column: "count", as: Int.self))
            }

        var ratings: [Int: Int] = [:]
        for (item, notes) in counts[Dimension.rating] ?? [:] {
            if let halves = Int(item) { ratings[halves] = notes }
        }
        var review: DiaryStatisticsCounts.Review?
        if let year {
            review = try await Self.review(
                userID: userID, year: year, ratings: ratings, days: count(Dimension.distinct, Dimension.day),
                on: database)
        }
        return DiaryStatisticsCounts(
            year: year, noteCount: count(Dimension.notes, ""), movieCount: count(Dimension.distinct, Dimension.movie),
            ratings: ratings, months: counts[Dimension.month] ?? [:], genres: counts[Dimension.genre] ?? [:],
            nations: counts[Dimension.nation] ?? [:], topDirectors: topDirectors,
            korean: DiaryNationShare(
                korean: count(Dimension.origin, "korean"), foreign: count(Dimension.origin, "foreign"),
                unknown: count(Dimension.origin, "unknown")),
            places: DiaryPlaceCounts(
                cinema: count(Dimension.place, DiaryPlace.cinema.rawValue),
                home: count(Dimension.place, DiaryPlace.home.rawValue),
                unspecified: count(Dimension.place, "unspecified")),
            review: review)
    }

    /// The user's positive counts in `year` (0: all time); callers narrow the dimension.
    private static func counted(userID: UUID, year: Int, on sql: any SQLDatabase) -> SQLSelectBuilder {
        sql.select().column("dimension").column("item").column("count")
            .from(DiaryStatCounts.schema)
            .where("user_id", .equal, SQLBind(userID))
            .where("year", .equal, SQLBind(year))
            .where("count", .greaterThan, SQLBind(0))
    }

    private static func review(
        userID: UUID, year: Int, ratings: [Int: Int], days: Int, on database: any Database
    ) async throws -> DiaryStatisticsCounts.Review {
        func inYear() -> QueryBuilder<DiaryNoteModel> {
            DiaryNoteModel.query(on: database).filter(\.$userID == userID)
                .filter(\.$watchedOn >= String(format: "%04d-01-01", year))
                .filter(\.$watchedOn <= String(format: "%04d-12-31", year))
        }
        let first = try await fetch(inYear().sort(\.$watchedOn).sort(\.$createdAt).sort(\.$id).limit(1)).first
        let last = try await fetch(
            inYear().sort(\.$watchedOn, .descending).sort(\.$createdAt, .descending).sort(\.$id, .descending).limit(1)
        ).first
        // Best first: one seek per rating the year has, from the highest, until five notes.
        var topRated: [DiaryNote] = []
        for halves in ratings.keys.sorted(by: >) where topRated.count < 5 {
            topRated += try await fetch(
                inYear().filter(\.$ratingHalves == halves).sort(\.$watchedOn).sort(\.$createdAt).sort(\.$id)
                    .limit(5 - topRated.count))
        }

        // The most watched movies under the title of their first note of the year, both kept, in the review's order:
        // the database ranks them (titles compared by code point, as Swift compares them) and answers only the few
        // the review names, however many movies were rewatched. Every counted movie has its first note kept; the
        // code stands in should one be missing.
        let sql = try database.requireSQL()
        let byCodePoint = sql.dialect.name == "postgresql" ? #" COLLATE "C""# : ""
        let rewatchedRows = """
            FROM diary_stat_counts s
            LEFT JOIN diary_year_first_notes f ON f.user_id = s.user_id AND f.year = s.year AND f.movie_code = s.item
            WHERE s.user_id = \(bind: userID) AND s.year = \(bind: year) AND s.dimension = \(bind: Dimension.movie)
            AND s.count > 1
            """ as SQLQueryString
        var rewatched: [DiaryNamedCount] = []
        for row in try await sql.raw(
            """
            SELECT COALESCE(f.title, s.item) AS name, s.count AS count \(rewatchedRows)
            ORDER BY s.count DESC, COALESCE(f.title, s.item)\(unsafeRaw: byCodePoint) LIMIT \(unsafeRaw: String(DiaryYearInReview.rewatchedShown))
            """
        ).all() {
            rewatched.append(
                DiaryNamedCount(
                    name: try row.decode(column: "name", as: String.self),
                    count: try row.decode(column: "count", as: Int.self)))
        }
        let rewatchedMovies =
            try await sql.raw("SELECT COUNT(*) AS n \(rewatchedRows)").first()?.decode(column: "n", as: Int.self) ?? 0
        return DiaryStatisticsCounts.Review(
            first: first, last: last, topRated: topRated,
            rewatched: rewatched, rewatchedMovies: rewatchedMovies,
            daysAtTheMovies: days)
    }
}
