public import Foundation

/// One note read from an import file, with every field checked, before it is matched and stored.
public struct DiaryImportRow: Sendable, Hashable {
    /// Where it is in the file: the CSV line it starts on, or its position in the JSON `notes` array (from 1).
    public var row: Int
    /// The note's id in the file (own formats); kept when free, so re-imports are recognized.
    public var id: UUID?
    /// The KOBIS code; `nil` in Letterboxd files, whose rows are matched by title and year.
    public var movieCode: String?
    public var title: String
    /// Letterboxd's `Year`, or the snapshot's release year.
    public var year: Int?
    public var watchedOn: CalendarDate
    public var memo: String
    public var rating: StarRating?
    public var place: DiaryPlace?
    /// The category named in the file (own formats), if any.
    public var categoryName: String?
    /// Letterboxd tags (the first becomes the category, see `BoxOfficeCodecs.LetterboxdCodec`).
    public var tags: [String]
    public var createdAt: Date?
    public var updatedAt: Date?
    public var snapshot: MovieSnapshot?
    public var chartDate: CalendarDate?
    public var chartRank: Int?

    public init(
        row: Int, id: UUID? = nil, movieCode: String? = nil, title: String, year: Int? = nil, watchedOn: CalendarDate,
        memo: String = "", rating: StarRating? = nil, place: DiaryPlace? = nil, categoryName: String? = nil,
        tags: [String] = [], createdAt: Date? = nil, updatedAt: Date? = nil, snapshot: MovieSnapshot? = nil,
        chartDate: CalendarDate? = nil, chartRank: Int? = nil
    ) {
        self.row = row
        self.id = id
        self.movieCode = movieCode
        self.title = title
        self.year = year
        self.watchedOn = watchedOn
        self.memo = memo
        self.rating = rating
        self.place = place
        self.categoryName = categoryName
        self.tags = tags
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.snapshot = snapshot
        self.chartDate = chartDate
        self.chartRank = chartRank
    }
}
