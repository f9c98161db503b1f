import Foundation

/// What a user's statistics are made from, as a store keeps it: counts per month, rating, genre, nation and so on,
/// the few top directors, and for a year the notes of its review. ``DiaryStatistics/init(counts:)`` orders and
/// completes them exactly as ``DiaryStatistics/init(notes:year:)`` does from the notes themselves.
public struct DiaryStatisticsCounts: Hashable, Sendable {
    /// The parts of a year in review a store looks up.
    public struct Review: Hashable, Sendable {
        /// The first and the last note of the year, by watched day, then creation, then id.
        public var first: DiaryNote?
        public var last: DiaryNote?
        /// Up to five rated notes, best first, then earliest watched (then creation, then id).
        public var topRated: [DiaryNote]
        /// The most watched of the movies watched more than once in the year (at least the
        /// ``DiaryYearInReview/rewatchedShown`` first by count, then title), each under the title of its first note
        /// that year.
        public var rewatched: [DiaryNamedCount]
        /// How many movies were watched more than once in the year.
        public var rewatchedMovies: Int
        /// Days of the year with at least one note.
        public var daysAtTheMovies: Int

        public init(
            first: DiaryNote?, last: DiaryNote?, topRated: [DiaryNote], rewatched: [DiaryNamedCount],
            rewatchedMovies: Int, daysAtTheMovies: Int
        ) {
            self.first = first
            self.last = last
            self.topRated = topRated
            self.rewatched = rewatched
            self.rewatchedMovies = rewatchedMovies
            self.daysAtTheMovies = daysAtTheMovies
        }
    }

    /// The year the counts are restricted to (by watched date), or `nil` for all time.
    public var year: Int?
    public var noteCount: Int
    /// Distinct movies.
    public var movieCount: Int
    /// Notes per rating, by half stars (1–10); ratings without notes may be missing.
    public var ratings: [Int: Int]
    /// Notes per watched month, `YYYY-MM`; months without notes may be missing.
    public var months: [String: Int]
    /// Notes per genre, nation and director (a movie with two counts once for each; empty names never).
    public var genres: [String: Int]
    public var nations: [String: Int]
    /// At least the ``DiaryStatistics/topDirectorCount`` directors with the most notes (then by name), or all.
    public var topDirectors: [DiaryNamedCount]
    public var korean: DiaryNationShare
    public var places: DiaryPlaceCounts
    /// Present when ``year`` is.
    public var review: Review?

    public init(
        year: Int?, noteCount: Int, movieCount: Int, ratings: [Int: Int], months: [String: Int],
        genres: [String: Int], nations: [String: Int], topDirectors: [DiaryNamedCount], korean: DiaryNationShare,
        places: DiaryPlaceCounts, review: Review?
    ) {
        self.year = year
        self.noteCount = noteCount
        self.movieCount = movieCount
        self.ratings = ratings
        self.months = months
        self.genres = genres
        self.nations = nations
        self.topDirectors = topDirectors
        self.korean = korean
        self.places = places
        self.review = review
    }

    /// The counts of `notes`, or of those watched in `year`: what a store without aggregates (or a test) gives.
    public init(notes allNotes: [DiaryNote], year: Int? = nil) {
        let reference = DiaryStatistics(notes: allNotes, year: year)
        let notes = year.map { year in allNotes.filter { $0.watchedOn.year == year } } ?? allNotes
        var genres: [String: Int] = [:]
        var nations: [String: Int] = [:]
        for note in notes {
            for genre in Set(note.movie.genres) where !genre.isEmpty { genres[genre, default: 0] += 1 }
            for nation in Set(note.movie.nations) where !nation.isEmpty { nations[nation, default: 0] += 1 }
        }
        var ratings: [Int: Int] = [:]
        for entry in reference.ratings where entry.count > 0 { ratings[entry.rating.halves] = entry.count }
        var months: [String: Int] = [:]
        for entry in reference.perMonth where entry.count > 0 { months[entry.month] = entry.count }
        self.init(
            year: year, noteCount: reference.noteCount, movieCount: reference.movieCount, ratings: ratings,
            months: months, genres: genres, nations: nations, topDirectors: reference.topDirectors,
            korean: reference.korean, places: reference.places,
            review: reference.review.map {
                Review(
                    first: $0.first, last: $0.last, topRated: $0.topRated, rewatched: $0.rewatched,
                    rewatchedMovies: $0.rewatchedMovies, daysAtTheMovies: $0.daysAtTheMovies)
            })
    }
}

extension DiaryStatistics {
    /// The statistics a store's counts make: the same figures, orders and ties as ``init(notes:year:)`` on the
    /// notes they were counted from.
    public init(counts: DiaryStatisticsCounts) {
        year = counts.year
        noteCount = counts.noteCount
        movieCount = counts.movieCount
        let rated = counts.ratings.values.reduce(0, +)
        if rated == 0 {
            averageRating = nil
        } else {
            let halves = Double(counts.ratings.reduce(0) { $0 + $1.key * $1.value })
            averageRating = (halves / Double(rated) * 50).rounded() / 100
        }
        ratings = (1...10).map { DiaryRatingCount(rating: StarRating(halves: $0)!, count: counts.ratings[$0] ?? 0) }

        let noted = counts.months.filter { $0.value > 0 }
        var months: [String] = []
        if let year = counts.year {
            months = (1...12).map { String(format: "%04d-%02d", year, $0) }
        } else if let first = noted.keys.min().flatMap(Self.yearAndMonth),
            let end = noted.keys.max().flatMap(Self.yearAndMonth)
        {
            var (y, m) = first
            while (y, m) <= end {
                months.append(String(format: "%04d-%02d", y, m))
                (y, m) = m == 12 ? (y + 1, 1) : (y, m + 1)
            }
        }
        perMonth = months.map { DiaryMonthCount(month: $0, count: noted[$0] ?? 0) }
        var yearCounts: [Int: Int] = [:]
        for (month, count) in noted {
            if let parsed = Self.yearAndMonth(month) { yearCounts[parsed.0, default: 0] += count }
        }
        perYear = yearCounts.map { DiaryYearCount(year: $0.key, count: $0.value) }.sorted { $0.year < $1.year }

        perGenre = Array(Self.ranked(counts.genres).prefix(Self.namedListLimit))
        perNation = Array(Self.ranked(counts.nations).prefix(Self.namedListLimit))
        topDirectors = Array(
            counts.topDirectors.filter { $0.count > 0 && !$0.name.isEmpty }.sorted(by: Self.moreFirst)
                .prefix(Self.topDirectorCount))
        korean = counts.korean
        places = counts.places
        review = counts.year.map { year in
            let parts = counts.review
            return DiaryYearInReview(
                year: year, first: parts?.first, last: parts?.last,
                busiestMonth: perMonth.filter { $0.count > 0 }.max(by: Self.fewerNotes),
                topRated: Array((parts?.topRated ?? []).prefix(5)),
                rewatched: Array(
                    (parts?.rewatched ?? []).filter { $0.count > 1 }.sorted(by: Self.moreFirst)
                        .prefix(DiaryYearInReview.rewatchedShown)),
                rewatchedMovies: parts?.rewatchedMovies ?? 0, movieCount: counts.movieCount,
                daysAtTheMovies: parts?.daysAtTheMovies ?? 0)
        }
    }

    static func ranked(_ counts: [String: Int]) -> [DiaryNamedCount] {
        counts.filter { $0.value > 0 && !$0.key.isEmpty }.map { DiaryNamedCount(name: $0.key, count: $0.value) }
            .sorted(by: moreFirst)
    }

    /// `YYYY-MM` as numbers.
    static func yearAndMonth(_ month: String) -> (Int, Int)? {
        let parts = month.split(separator: "-")
        guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]) else { return nil }
        return (year, month)
    }
}
