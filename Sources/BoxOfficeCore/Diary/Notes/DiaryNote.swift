public import Foundation

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
