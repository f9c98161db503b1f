import BoxOfficeCore
import Foundation
import Hummingbird

/// How the chart pages use the ``RenderedPageCache``: a page is kept while its chart cannot change
/// (settled, or provisional within its time to live), at most five minutes (the region list and other
/// slow-moving parts get a chance to change), and never past midnight in Seoul (the default date and the
/// pickers' limits move on then). Pages rendered without the region list or from a stale chart are not kept.
struct ChartPageCache: Sendable {
    static let timeToLive: TimeInterval = 5 * 60

    let pages: RenderedPageCache
    let charts: ChartService

    private var calendar: BoxOfficeCalendar { charts.calendar }

    func key(for request: Request, language: Language, view: ChartViewPreference) -> RenderedPageCache.Key {
        RenderedPageCache.Key(
            path: request.uri.path, query: request.uri.query ?? "", language: language, variant: view.mode.rawValue)
    }

    /// The kept page for `key`, or the one `make` makes (identical requests at once share it).
    func page(for key: RenderedPageCache.Key, make: () async throws -> RenderedPageCache.Made) async throws
        -> EncodedBody
    {
        try await pages.page(for: key, now: calendar.currentInstant, make: make)
    }

    /// Until when a page made from `chart` is kept, or `nil` when it is not (rendered without the region list).
    func until(_ chart: Chart, regionsLoaded: Bool) -> Date? {
        guard regionsLoaded else { return nil }
        let now = calendar.currentInstant
        return min(charts.freshUntil(chart), now.addingTimeInterval(Self.timeToLive), calendar.nextDayStart)
    }
}
