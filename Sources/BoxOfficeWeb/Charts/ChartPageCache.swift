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

    func page(for key: RenderedPageCache.Key) -> EncodedBody? {
        pages.body(for: key, now: calendar.currentInstant)
    }

    func keep(_ body: EncodedBody, for key: RenderedPageCache.Key, chart: Chart, regionsLoaded: Bool) {
        guard regionsLoaded else { return }
        let now = calendar.currentInstant
        let until = min(charts.freshUntil(chart), now.addingTimeInterval(Self.timeToLive), calendar.nextDayStart)
        pages.store(body, for: key, until: until, now: now)
    }
}
