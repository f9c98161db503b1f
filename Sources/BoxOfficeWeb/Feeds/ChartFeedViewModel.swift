import BoxOfficeCore
import Foundation

/// An Atom feed (RFC 4287) of stored charts, already formatted for `feed_atom.mustache`: one entry per chart, its
/// top 10 with rank changes as an XHTML table.
struct ChartFeedViewModel: Sendable {
    struct Row: Sendable {
        var rank: String
        var change: String
        var title: String
        var audience: String
        var total: String
    }

    struct Entry: Sendable {
        var id: String
        var title: String
        var updated: String
        var link: String
        var rows: [Row]
    }

    var language: String
    var id: String
    var title: String
    var author: String
    var updated: String
    var selfLink: String
    var alternateLink: String
    var subtitle: String?
    var strings: FeedStrings
    var entries: [Entry]

    /// - Parameters:
    ///   - kind: `.daily` or `.week`.
    ///   - origin: the site's origin (`https://example.org`), for absolute links.
    ///   - explicitLanguage: `?lang=` to carry into the links, if it was given.
    init(
        kind: ChartKind, charts: [Chart], feeds: ChartFeedService, language: Language, explicitLanguage: Language?,
        origin: String
    ) {
        let t = FeedStrings.table(for: language)
        let pages = PageStrings.table(for: language)
        let langQuery = explicitLanguage.map { "lang=\($0.rawValue)" }
        func link(_ path: String, _ items: [String]) -> String {
            let query = (items + [langQuery].compactMap { $0 }).joined(separator: "&")
            return origin + path + (query.isEmpty ? "" : "?" + query)
        }
        let isDaily = kind == .daily
        self.language = language == .english ? "en" : "ko"
        id = feeds.feedID(kind: kind)
        title = isDaily ? t.dailyFeedTitle : t.weeklyFeedTitle
        author = t.feedAuthor
        strings = t
        subtitle = feeds.source == .sample ? t.sampleNote : nil
        selfLink = link(isDaily ? "/feeds/daily.atom" : "/feeds/weekly.atom", [])
        alternateLink = link(isDaily ? "/daily" : "/weekly", [])
        let newest = charts.map(\.fetchedAt).max() ?? feeds.calendar.currentInstant
        updated = Self.timestamp(newest)
        entries = charts.map { chart in
            let page = isDaily ? "/daily" : "/weekly"
            let rows = chart.entries.prefix(10).map { entry in
                Row(
                    rank: String(entry.rank), change: pages.rankChange(entry.change), title: entry.title,
                    audience: NumberFormatting.thousands(entry.audience),
                    total: NumberFormatting.thousands(entry.audienceTotal))
            }
            return Entry(
                id: feeds.entryID(for: chart), title: t.entryTitle(for: chart, pages: pages),
                updated: Self.timestamp(chart.fetchedAt),
                link: link(page, ["date=\(chart.range.start.isoString)"]), rows: Array(rows))
        }
    }

    /// RFC 3339 in UTC, whole seconds: `2024-03-16T01:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!).format(date)
    }
}
