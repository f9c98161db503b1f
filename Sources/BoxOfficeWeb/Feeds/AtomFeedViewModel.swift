import BoxOfficeCore
import Foundation

/// An Atom feed (RFC 4287), already formatted for its template: the feed's own elements, then its entries. A person's
/// alerts (``AlertFeedViewModel``) and the charts (``ChartFeedViewModel``) differ only in their entries.
struct AtomFeedViewModel<Entry: Sendable>: Sendable {
    /// `ko` or `en`, the feed's `xml:lang`.
    var language: String
    var id: String
    var title: String
    var subtitle: String?
    var author: String
    var updated: String
    var selfLink: String
    var alternateLink: String
    var strings: FeedStrings
    var entries: [Entry]

    /// - Parameter updated: when the newest entry changed (or now, when there is none).
    init(
        language: Language, id: String, title: String, subtitle: String? = nil, updated: Date, selfLink: String,
        alternateLink: String, entries: [Entry]
    ) {
        let t = FeedStrings.table(for: language)
        self.language = language == .english ? "en" : "ko"
        self.id = id
        self.title = title
        self.subtitle = subtitle
        author = t.feedAuthor
        self.updated = Self.timestamp(updated)
        self.selfLink = selfLink
        self.alternateLink = alternateLink
        strings = t
        self.entries = entries
    }

    /// RFC 3339 in UTC, whole seconds: `2024-03-16T01:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        Date.ISO8601FormatStyle(timeZone: .gmt).format(date)
    }
}
