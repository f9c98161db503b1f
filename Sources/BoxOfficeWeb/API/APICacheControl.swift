import BoxOfficeCore
import Foundation

/// The `Cache-Control` of a public `/api/v1` answer: `public, max-age=N` until its figures may change, at most
/// ``timeToLive`` (slow-moving parts such as the region list get a chance to change) and never past midnight in
/// Seoul (answers without a date move on then); `no-cache` when they may change at any time.
/// ``KeptAPIAnswerMiddleware`` keeps an answer for exactly that long.
struct APICacheControl: Sendable {
    static let timeToLive: TimeInterval = 5 * 60
    static let noCache = "no-cache"

    let calendar: BoxOfficeCalendar

    /// The header for an answer whose figures stay as they are until `until` (`nil`: they may change at any time).
    func value(until: Date?) -> String {
        guard let until else { return Self.noCache }
        let now = calendar.currentInstant
        let end = min(until, now.addingTimeInterval(Self.timeToLive), calendar.nextDayStart)
        let seconds = Int(end.timeIntervalSince(now).rounded(.down))
        return seconds > 0 ? "public, max-age=\(seconds)" : Self.noCache
    }

    /// The seconds of `max-age` in a `public` header value, or `nil` (not public, no positive age, malformed).
    static func publicMaxAge(_ value: String?) -> Int? {
        guard let value, value.hasPrefix("public, max-age=") else { return nil }
        guard let seconds = Int(value.dropFirst("public, max-age=".count)), seconds > 0 else { return nil }
        return seconds
    }
}
