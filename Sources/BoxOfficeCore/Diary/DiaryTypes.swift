public import Foundation
import KOBIS

/// A diary account. Never carries the password hash: see ``DiaryCredentials``.
public struct DiaryUser: Codable, Hashable, Sendable {
    public var id: UUID
    /// The name as the user typed it at sign-up (uniqueness ignores case).
    public var username: String
    public var createdAt: Date

    public init(id: UUID, username: String, createdAt: Date) {
        self.id = id
        self.username = username
        self.createdAt = createdAt
    }
}

/// A user together with the stored password hash, for logging in. Only the service sees this.
public struct DiaryCredentials: Sendable, Hashable {
    public var user: DiaryUser
    public var passwordHash: String

    public init(user: DiaryUser, passwordHash: String) {
        self.user = user
        self.passwordHash = passwordHash
    }
}

/// An API token as listed to its owner: never the secret itself, which is shown once at creation.
public struct DiaryToken: Codable, Hashable, Sendable {
    public var id: UUID
    /// A label the owner chose (e.g. "laptop script").
    public var name: String
    public var createdAt: Date
    /// When the token was last used, to the nearest ``DiaryService/Settings/tokenUseResolution``.
    public var lastUsedAt: Date?

    public init(id: UUID, name: String, createdAt: Date, lastUsedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }

    enum CodingKeys: String, CodingKey { case id, name, createdAt, lastUsedAt }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(lastUsedAt, forKey: .lastUsedAt)
    }
}

/// A signed-in browser session, stored in the database so every instance shares it.
/// The cookie value is a secret; only its SHA-256 is stored.
public struct DiarySession: Hashable, Sendable {
    public var id: UUID
    public var user: DiaryUser
    /// The token forms must echo back (CSRF protection); not secret from the page itself.
    public var csrfToken: String
    public var createdAt: Date
    public var expiresAt: Date

    public init(id: UUID, user: DiaryUser, csrfToken: String, createdAt: Date, expiresAt: Date) {
        self.id = id
        self.user = user
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// A user-made category ("genre") that notes can be filed under.
public struct DiaryCategory: Codable, Hashable, Sendable {
    public var id: UUID
    public var name: String
    /// Hidden categories stay (with their notes) but lists and pickers may leave them out.
    public var visible: Bool
    /// The category's place in the user's order, from 0.
    public var position: Int
    /// How many notes are filed under it.
    public var noteCount: Int

    public init(id: UUID, name: String, visible: Bool = true, position: Int = 0, noteCount: Int = 0) {
        self.id = id
        self.name = name
        self.visible = visible
        self.position = position
        self.noteCount = noteCount
    }
}

/// Where a movie was watched.
public enum DiaryPlace: String, Codable, Hashable, Sendable, CaseIterable {
    case cinema
    case home
}

/// A rating in half stars from 0.5 to 5, kept as a whole number of halves (1–10) so it never
/// drifts through floating point. Encodes as a number of stars (`4.5`).
public struct StarRating: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Half stars, 1…10.
    public let halves: Int

    /// `nil` unless `halves` is 1…10.
    public init?(halves: Int) {
        guard (1...10).contains(halves) else { return nil }
        self.halves = halves
    }

    /// `nil` unless `stars` is 0.5, 1, 1.5 … 5.
    public init?(stars: Double) {
        guard stars.isFinite else { return nil }
        let doubled = stars * 2
        guard doubled == doubled.rounded(), let halves = Int(exactly: doubled) else { return nil }
        self.init(halves: halves)
    }

    /// The rating in stars: 0.5 … 5.
    public var stars: Double { Double(halves) / 2 }

    /// `4.5`, `3` (no trailing `.0`).
    public var description: String { halves % 2 == 0 ? String(halves / 2) : "\(halves / 2).5" }

    public static func < (lhs: StarRating, rhs: StarRating) -> Bool { lhs.halves < rhs.halves }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let stars = try container.decode(Double.self)
        guard let rating = StarRating(stars: stars) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a rating is 0.5 to 5 in half stars, not \(stars)")
        }
        self = rating
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(stars)
    }
}

/// What a note remembers about its movie, copied from KOBIS when the note was made, so lists can be
/// sorted and statistics computed without calling KOBIS again.
public struct MovieSnapshot: Codable, Hashable, Sendable {
    /// The year the movie opened in Korea, else its production year.
    public var releaseYear: Int?
    public var titleEnglish: String
    public var genres: [String]
    /// The nations in KOBIS's order; the first is the representative one.
    public var nations: [String]
    public var directors: [String]

    public init(
        releaseYear: Int? = nil, titleEnglish: String = "", genres: [String] = [], nations: [String] = [],
        directors: [String] = []
    ) {
        self.releaseYear = releaseYear
        self.titleEnglish = titleEnglish
        self.genres = genres
        self.nations = nations
        self.directors = directors
    }

    /// The snapshot of a movie's details.
    public init(_ movie: Movie) {
        self.init(
            releaseYear: movie.openDate?.year ?? movie.productionYear, titleEnglish: movie.titleEnglish,
            genres: movie.genres, nations: movie.nations, directors: movie.directors.map(\.name))
    }

    /// The snapshot of a search hit (movie lists carry everything the diary needs).
    public init(_ summary: MovieSummary) {
        self.init(
            releaseYear: summary.openDate?.year ?? summary.productionYear, titleEnglish: summary.titleEnglish,
            genres: summary.genres, nations: summary.nations, directors: summary.directors)
    }

    /// KOBIS names Korea `한국`; the first nation is the representative one, as in KOBIS's K/F filter.
    public static let koreaName = KOBISWireVocabulary.koreaNationName

    /// Whether the representative nation is Korea; `nil` when KOBIS gave no nation.
    public var isKorean: Bool? { nations.first.map { $0 == Self.koreaName } }
}

/// A note about one viewing of one movie.
///
/// JSON: `id, movieCode, title, watchedOn (YYYY-MM-DD), memo, rating (stars or null), categoryId (or null),
/// place (cinema|home|null), createdAt, updatedAt, releaseYear, titleEnglish, genres, nations, directors,
/// chartDate, chartRank`. Absent values are written as `null`.
public struct DiaryNote: Codable, Hashable, Sendable {
    public var id: UUID
    public var movieCode: String
    public var title: String
    /// The day it was watched: a calendar day, never shifted by time zones.
    public var watchedOn: CalendarDate
    public var memo: String
    public var rating: StarRating?
    public var categoryId: UUID?
    public var place: DiaryPlace?
    public var createdAt: Date
    public var updatedAt: Date
    public var movie: MovieSnapshot
    /// The chart day the note was made from (e.g. a row of the daily chart), if any.
    public var chartDate: CalendarDate?
    /// The rank the movie had on that chart.
    public var chartRank: Int?

    public init(
        id: UUID, movieCode: String, title: String, watchedOn: CalendarDate, memo: String = "",
        rating: StarRating? = nil, categoryId: UUID? = nil, place: DiaryPlace? = nil, createdAt: Date,
        updatedAt: Date? = nil, movie: MovieSnapshot = MovieSnapshot(), chartDate: CalendarDate? = nil,
        chartRank: Int? = nil
    ) {
        self.id = id
        self.movieCode = movieCode
        self.title = title
        self.watchedOn = watchedOn
        self.memo = memo
        self.rating = rating
        self.categoryId = categoryId
        self.place = place
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.movie = movie
        self.chartDate = chartDate
        self.chartRank = chartRank
    }

    enum CodingKeys: String, CodingKey {
        case id, movieCode, title, watchedOn, memo, rating, categoryId, place, createdAt, updatedAt
        case releaseYear, titleEnglish, genres, nations, directors, chartDate, chartRank
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(UUID.self, forKey: .id)
        movieCode = try c.decode(String.self, forKey: .movieCode)
        title = try c.decode(String.self, forKey: .title)
        watchedOn = try c.decode(CalendarDate.self, forKey: .watchedOn)
        memo = try c.decodeIfPresent(String.self, forKey: .memo) ?? ""
        rating = try c.decodeIfPresent(StarRating.self, forKey: .rating)
        categoryId = try c.decodeIfPresent(UUID.self, forKey: .categoryId)
        place = try c.decodeIfPresent(DiaryPlace.self, forKey: .place)
        createdAt = try c.decode(Date.self, forKey: .createdAt)
        updatedAt = try c.decodeIfPresent(Date.self, forKey: .updatedAt) ?? createdAt
        movie = MovieSnapshot(
            releaseYear: try c.decodeIfPresent(Int.self, forKey: .releaseYear),
            titleEnglish: try c.decodeIfPresent(String.self, forKey: .titleEnglish) ?? "",
            genres: try c.decodeIfPresent([String].self, forKey: .genres) ?? [],
            nations: try c.decodeIfPresent([String].self, forKey: .nations) ?? [],
            directors: try c.decodeIfPresent([String].self, forKey: .directors) ?? [])
        chartDate = try c.decodeIfPresent(CalendarDate.self, forKey: .chartDate)
        chartRank = try c.decodeIfPresent(Int.self, forKey: .chartRank)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(movieCode, forKey: .movieCode)
        try c.encode(title, forKey: .title)
        try c.encode(watchedOn, forKey: .watchedOn)
        try c.encode(memo, forKey: .memo)
        try c.encode(rating, forKey: .rating)
        try c.encode(categoryId, forKey: .categoryId)
        try c.encode(place, forKey: .place)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
        try c.encode(movie.releaseYear, forKey: .releaseYear)
        try c.encode(movie.titleEnglish, forKey: .titleEnglish)
        try c.encode(movie.genres, forKey: .genres)
        try c.encode(movie.nations, forKey: .nations)
        try c.encode(movie.directors, forKey: .directors)
        try c.encode(chartDate, forKey: .chartDate)
        try c.encode(chartRank, forKey: .chartRank)
    }

    /// The key under which an exact duplicate is recognized: same movie, same day.
    public var duplicateKey: DiaryNoteKey { DiaryNoteKey(movieCode: movieCode, watchedOn: watchedOn) }
}

/// A movie and a day: two notes with the same key are exact duplicates (rewatches on other days are not).
public struct DiaryNoteKey: Hashable, Sendable {
    public var movieCode: String
    public var watchedOn: CalendarDate
    public init(movieCode: String, watchedOn: CalendarDate) {
        self.movieCode = movieCode
        self.watchedOn = watchedOn
    }
}

/// One page of a note list.
public struct NotePage: Codable, Hashable, Sendable {
    public var notes: [DiaryNote]
    /// Notes matching the filter, on every page.
    public var total: Int
    public var page: Int
    public var perPage: Int

    public init(notes: [DiaryNote], total: Int, page: Int, perPage: Int) {
        self.notes = notes
        self.total = total
        self.page = page
        self.perPage = perPage
    }

    public var pageCount: Int { max(1, (total + perPage - 1) / perPage) }
    public var hasNextPage: Bool { page < pageCount }
}
