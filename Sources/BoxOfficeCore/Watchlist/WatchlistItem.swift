public import Foundation

/// A watchlist row with its ``WatchState``: the JSON of `GET /api/v1/watchlist` is
/// `{"movieCode","title","addedAt","openDate","state"}` (plus `rank`, `daysSinceOpening`, `audienceTotal` when
/// charted).
public struct WatchlistItem: Hashable, Sendable {
    public var movieCode: String
    public var title: String
    public var addedAt: Date
    public var openDate: CalendarDate?
    public var state: WatchState

    public init(movieCode: String, title: String, addedAt: Date, openDate: CalendarDate?, state: WatchState) {
        self.movieCode = movieCode
        self.title = title
        self.addedAt = addedAt
        self.openDate = openDate
        self.state = state
    }

    public init(_ entry: WatchlistEntry, state: WatchState) {
        self.init(
            movieCode: entry.movieCode, title: entry.title, addedAt: entry.addedAt, openDate: entry.openDate,
            state: state)
    }
}
