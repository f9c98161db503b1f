import BoxOfficeCore
import Foundation
import Hummingbird

/// How film pages (`/movies/{code}` and its `trend.csv`) and search pages (`/movies?q=`) use the
/// ``RenderedPageCache``. A film's details change
/// rarely and its run grows by a day at most once a day, when the keeper (on any instance) stores a new chart: a
/// film seen in the archive in the last two weeks, or not yet, is kept five minutes; an older run is kept an hour
/// (the keeper may still be filling old days). Never past midnight in Seoul. A page whose run could not be read is
/// not kept.
struct MoviePageCache: Sendable {
    static let recentTimeToLive: TimeInterval = 5 * 60
    static let settledTimeToLive: TimeInterval = 60 * 60
    /// A run whose last archived day is at least this many days old is taken as over.
    static let settledAfterDays = 14

    let pages: RenderedPageCache
    let calendar: BoxOfficeCalendar

    func key(for request: Request, language: Language, variant: String = "") -> RenderedPageCache.Key {
        RenderedPageCache.Key(
            path: request.uri.path, query: request.uri.query ?? "", language: language, variant: variant)
    }

    /// The kept page for `key`, or the one `make` makes (identical requests at once share it).
    func page(for key: RenderedPageCache.Key, make: () async throws -> RenderedPageCache.Made) async throws
        -> EncodedBody
    {
        try await pages.page(for: key, now: calendar.currentInstant, make: make)
    }

    /// Until when a page made from `trend` is kept.
    func until(trend: MovieTrend) -> Date {
        let isSettled = trend.points.last.map { $0.date.days(to: calendar.today) >= Self.settledAfterDays } ?? false
        let timeToLive = isSettled ? Self.settledTimeToLive : Self.recentTimeToLive
        return min(calendar.currentInstant.addingTimeInterval(timeToLive), calendar.nextDayStart)
    }

    /// Until when a search's page is kept: five minutes (KOBIS's answer is stored for a day), never past midnight in
    /// Seoul.
    var searchUntil: Date {
        min(calendar.currentInstant.addingTimeInterval(Self.recentTimeToLive), calendar.nextDayStart)
    }
}
