public import Foundation

/// A note to create. Values are already parsed (see ``DiaryValidation``); the service checks them again.
public struct NoteDraft: Sendable, Hashable {
    /// The KOBIS movie code; the movie's details are looked up when the note is created.
    public var movieCode: String
    /// `nil` takes the movie's title from KOBIS.
    public var title: String?
    public var watchedOn: CalendarDate
    public var memo: String
    public var rating: StarRating?
    public var categoryId: UUID?
    public var place: DiaryPlace?
    /// The chart the note was started from (a chart row), if any.
    public var chartDate: CalendarDate?
    public var chartRank: Int?

    public init(
        movieCode: String, title: String? = nil, watchedOn: CalendarDate, memo: String = "", rating: StarRating? = nil,
        categoryId: UUID? = nil, place: DiaryPlace? = nil, chartDate: CalendarDate? = nil, chartRank: Int? = nil
    ) {
        self.movieCode = movieCode
        self.title = title
        self.watchedOn = watchedOn
        self.memo = memo
        self.rating = rating
        self.categoryId = categoryId
        self.place = place
        self.chartDate = chartDate
        self.chartRank = chartRank
    }
}
