public import Foundation

/// A film on a person's watchlist, as stored: when it was added and what was known about it then.
public struct WatchlistEntry: Codable, Hashable, Sendable {
    public var movieCode: String
    public var title: String
    /// The opening date the movie catalog knew when the film was added (`nil` when unknown).
    public var openDate: CalendarDate?
    public var addedAt: Date

    public init(movieCode: String, title: String, openDate: CalendarDate?, addedAt: Date) {
        self.movieCode = movieCode
        self.title = title
        self.openDate = openDate
        self.addedAt = addedAt
    }

    /// The day (in Seoul) the film joined the list: alerts are derived from chart days on or after it.
    public var addedOn: CalendarDate { CalendarDate(addedAt, in: BoxOfficeCalendar.seoul) }
}
