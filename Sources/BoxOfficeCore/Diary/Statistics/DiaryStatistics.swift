import Foundation

/// A name and how many notes it has (a genre, a nation, a director).
public struct DiaryNamedCount: Codable, Hashable, Sendable {
    public var name: String
    public var count: Int
    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}

/// Notes watched in one month, `YYYY-MM`.
public struct DiaryMonthCount: Codable, Hashable, Sendable {
    public var month: String
    public var count: Int
    public init(month: String, count: Int) {
        self.month = month
        self.count = count
    }
}

/// Notes watched in one year.
public struct DiaryYearCount: Codable, Hashable, Sendable {
    public var year: Int
    public var count: Int
    public init(year: Int, count: Int) {
        self.year = year
        self.count = count
    }
}

/// Notes with one rating.
public struct DiaryRatingCount: Codable, Hashable, Sendable {
    public var rating: StarRating
    public var count: Int
    public init(rating: StarRating, count: Int) {
        self.rating = rating
        self.count = count
    }
}

/// Korean (by representative nation, as KOBIS's K/F filter) against foreign movies.
public struct DiaryNationShare: Codable, Hashable, Sendable {
    public var korean: Int
    public var foreign: Int
    /// Notes whose movie has no nation in KOBIS.
    public var unknown: Int
    /// `korean ÷ (korean + foreign)`, 0…1; `nil` when neither.
    public var koreanShare: Double?

    public init(korean: Int, foreign: Int, unknown: Int) {
        self.korean = korean
        self.foreign = foreign
        self.unknown = unknown
        koreanShare = korean + foreign == 0 ? nil : Double(korean) / Double(korean + foreign)
    }

    enum CodingKeys: String, CodingKey { case korean, foreign, unknown, koreanShare }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(korean, forKey: .korean)
        try c.encode(foreign, forKey: .foreign)
        try c.encode(unknown, forKey: .unknown)
        try c.encode(koreanShare, forKey: .koreanShare)
    }
}

/// Where movies were watched.
public struct DiaryPlaceCounts: Codable, Hashable, Sendable {
    public var cinema: Int
    public var home: Int
    public var unspecified: Int
    public init(cinema: Int, home: Int, unspecified: Int) {
        self.cinema = cinema
        self.home = home
        self.unspecified = unspecified
    }
}

/// A year looked back on: the highlights of the notes watched in it.
public struct DiaryYearInReview: Codable, Hashable, Sendable {
    public var year: Int
    /// The first and the last note of the year (by watched date).
    public var first: DiaryNote?
    public var last: DiaryNote?
    /// The month with the most notes (`YYYY-MM`), the earliest on a tie.
    public var busiestMonth: DiaryMonthCount?
    /// Up to five highest-rated notes, best first (then earliest watched).
    public var topRated: [DiaryNote]
    /// The ``rewatchedShown`` most watched of the movies watched more than once this year, most watched first (then
    /// by title).
    public var rewatched: [DiaryNamedCount]
    /// How many movies were watched more than once this year (``rewatched`` names the first few).
    public var rewatchedMovies: Int
    /// Distinct movies.
    public var movieCount: Int
    /// Days with at least one note.
    public var daysAtTheMovies: Int

    enum CodingKeys: String, CodingKey {
        case year, first, last, busiestMonth, topRated, rewatched, rewatchedMovies, movieCount, daysAtTheMovies
    }

    /// How many rewatched movies a review names: a year in review, not a list of every rewatch.
    public static let rewatchedShown = 10

    public init(
        year: Int, first: DiaryNote?, last: DiaryNote?, busiestMonth: DiaryMonthCount?, topRated: [DiaryNote],
        rewatched: [DiaryNamedCount], rewatchedMovies: Int, movieCount: Int, daysAtTheMovies: Int
    ) {
        self.year = year
        self.first = first
        self.last = last
        self.busiestMonth = busiestMonth
        self.topRated = topRated
        self.rewatched = rewatched
        self.rewatchedMovies = rewatchedMovies
        self.movieCount = movieCount
        self.daysAtTheMovies = daysAtTheMovies
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(year, forKey: .year)
        try c.encode(first, forKey: .first)
        try c.encode(last, forKey: .last)
        try c.encode(busiestMonth, forKey: .busiestMonth)
        try c.encode(topRated, forKey: .topRated)
        try c.encode(rewatched, forKey: .rewatched)
        try c.encode(rewatchedMovies, forKey: .rewatchedMovies)
        try c.encode(movieCount, forKey: .movieCount)
        try c.encode(daysAtTheMovies, forKey: .daysAtTheMovies)
    }
}

/// A user's diary in numbers, computed from notes alone (no KOBIS calls): the JSON of `GET /api/v1/stats`.
///
/// Genres, nations and directors come from each note's movie snapshot; a movie with two genres counts once
/// for each. Lists are ordered by count, then name.
public struct DiaryStatistics: Codable, Hashable, Sendable {
    /// The year the figures are restricted to (by watched date), or `nil` for all time.
    public var year: Int?
    public var noteCount: Int
    /// Distinct movies.
    public var movieCount: Int
    /// The mean rating of rated notes, in stars, rounded to 2 decimals.
    public var averageRating: Double?
    /// Every half-star step from 0.5 to 5 with its count.
    public var ratings: [DiaryRatingCount]
    /// Every month from the first note's to the last note's (or the 12 months of ``year``), zeros included.
    public var perMonth: [DiaryMonthCount]
    /// Notes per watched year, oldest first.
    public var perYear: [DiaryYearCount]
    public var perGenre: [DiaryNamedCount]
    public var perNation: [DiaryNamedCount]
    public var korean: DiaryNationShare
    /// The ten directors with the most notes.
    public var topDirectors: [DiaryNamedCount]
    public var places: DiaryPlaceCounts
    /// Present when ``year`` is.
    public var review: DiaryYearInReview?

    public static let topDirectorCount = 10
    /// The most genres and nations listed, those with the most notes: more than there are countries, but a file's
    /// made-up names cannot make the answer as long as they like (a review's import made it 43 MB).
    public static let namedListLimit = 200

    /// Computes the statistics of `notes`, or of those watched in `year`.
    public init(notes allNotes: [DiaryNote], year: Int? = nil) {
        let notes = year.map { year in allNotes.filter { $0.watchedOn.year == year } } ?? allNotes
        self.year = year
        noteCount = notes.count
        movieCount = Set(notes.map(\.movieCode)).count

        let rated = notes.compactMap(\.rating)
        if rated.isEmpty {
            averageRating = nil
        } else {
            let halves = Double(rated.reduce(0) { $0 + $1.halves })
            averageRating = (halves / Double(rated.count) * 50).rounded() / 100
        }
        var ratingCounts: [Int: Int] = [:]
        for rating in rated { ratingCounts[rating.halves, default: 0] += 1 }
        ratings = (1...10).map { DiaryRatingCount(rating: StarRating(halves: $0)!, count: ratingCounts[$0] ?? 0) }

        var monthCounts: [String: Int] = [:]
        var yearCounts: [Int: Int] = [:]
        for note in notes {
            monthCounts[Self.monthKey(note.watchedOn), default: 0] += 1
            yearCounts[note.watchedOn.year, default: 0] += 1
        }
        var months: [String] = []
        if let year {
            months = (1...12).map { String(format: "%04d-%02d", year, $0) }
        } else if let first = notes.map(\.watchedOn).min(), let last = notes.map(\.watchedOn).max() {
            var (y, m) = (first.year, first.month)
            while (y, m) <= (last.year, last.month) {
                months.append(String(format: "%04d-%02d", y, m))
                (y, m) = m == 12 ? (y + 1, 1) : (y, m + 1)
            }
        }
        perMonth = months.map { DiaryMonthCount(month: $0, count: monthCounts[$0] ?? 0) }
        perYear = yearCounts.map { DiaryYearCount(year: $0.key, count: $0.value) }.sorted { $0.year < $1.year }

        perGenre = Array(Self.ranked(notes.flatMap { Set($0.movie.genres) }).prefix(Self.namedListLimit))
        perNation = Array(Self.ranked(notes.flatMap { Set($0.movie.nations) }).prefix(Self.namedListLimit))
        topDirectors = Array(Self.ranked(notes.flatMap { Set($0.movie.directors) }).prefix(Self.topDirectorCount))
        korean = DiaryNationShare(
            korean: notes.count(where: { $0.movie.isKorean == true }),
            foreign: notes.count(where: { $0.movie.isKorean == false }),
            unknown: notes.count(where: { $0.movie.isKorean == nil }))
        places = DiaryPlaceCounts(
            cinema: notes.count(where: { $0.place == .cinema }), home: notes.count(where: { $0.place == .home }),
            unspecified: notes.count(where: { $0.place == nil }))
        review = year.map { Self.review(of: notes, year: $0, perMonth: perMonth) }
    }

    enum CodingKeys: String, CodingKey {
        case year, noteCount, movieCount, averageRating, ratings, perMonth, perYear, perGenre, perNation, korean
        case topDirectors, places, review
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(year, forKey: .year)
        try c.encode(noteCount, forKey: .noteCount)
        try c.encode(movieCount, forKey: .movieCount)
        try c.encode(averageRating, forKey: .averageRating)
        try c.encode(ratings, forKey: .ratings)
        try c.encode(perMonth, forKey: .perMonth)
        try c.encode(perYear, forKey: .perYear)
        try c.encode(perGenre, forKey: .perGenre)
        try c.encode(perNation, forKey: .perNation)
        try c.encode(korean, forKey: .korean)
        try c.encode(topDirectors, forKey: .topDirectors)
        try c.encode(places, forKey: .places)
        try c.encode(review, forKey: .review)
    }

    static func monthKey(_ date: CalendarDate) -> String { String(format: "%04d-%02d", date.year, date.month) }

    /// Counts of each name, most first, then by name.
    static func ranked(_ names: [String]) -> [DiaryNamedCount] {
        var counts: [String: Int] = [:]
        for name in names where !name.isEmpty { counts[name, default: 0] += 1 }
        return counts.map { DiaryNamedCount(name: $0.key, count: $0.value) }.sorted(by: moreFirst)
    }

    static func moreFirst(_ lhs: DiaryNamedCount, _ rhs: DiaryNamedCount) -> Bool {
        lhs.count != rhs.count ? lhs.count > rhs.count : lhs.name < rhs.name
    }

    static func watchedFirst(_ lhs: DiaryNote, _ rhs: DiaryNote) -> Bool {
        lhs.watchedOn != rhs.watchedOn ? lhs.watchedOn < rhs.watchedOn : lhs.createdAt < rhs.createdAt
    }

    /// For `max`: the month with more notes, the earlier one on a tie.
    static func fewerNotes(_ lhs: DiaryMonthCount, _ rhs: DiaryMonthCount) -> Bool {
        lhs.count != rhs.count ? lhs.count < rhs.count : lhs.month > rhs.month
    }

    static func betterRated(_ lhs: DiaryNote, _ rhs: DiaryNote) -> Bool {
        let left = lhs.rating?.halves ?? 0
        let right = rhs.rating?.halves ?? 0
        return left != right ? left > right : lhs.watchedOn < rhs.watchedOn
    }

    static func review(of notes: [DiaryNote], year: Int, perMonth: [DiaryMonthCount]) -> DiaryYearInReview {
        let chronological = notes.sorted(by: watchedFirst)
        let busiest = perMonth.filter { $0.count > 0 }.max(by: fewerNotes)
        let topRated = notes.filter { $0.rating != nil }.sorted(by: betterRated)
        var titles: [String: String] = [:]
        var viewings: [String: Int] = [:]
        for note in chronological {
            if titles[note.movieCode] == nil { titles[note.movieCode] = note.title }
            viewings[note.movieCode, default: 0] += 1
        }
        var rewatched: [DiaryNamedCount] = []
        for (code, count) in viewings where count > 1 {
            rewatched.append(DiaryNamedCount(name: titles[code] ?? code, count: count))
        }
        rewatched.sort(by: moreFirst)
        return DiaryYearInReview(
            year: year, first: chronological.first, last: chronological.last, busiestMonth: busiest,
            topRated: Array(topRated.prefix(5)), rewatched: Array(rewatched.prefix(DiaryYearInReview.rewatchedShown)),
            rewatchedMovies: rewatched.count, movieCount: Set(notes.map(\.movieCode)).count,
            daysAtTheMovies: Set(notes.map(\.watchedOn)).count)
    }
}
