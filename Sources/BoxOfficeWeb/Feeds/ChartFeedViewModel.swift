import BoxOfficeCore
import BoxOfficeText
import Foundation

/// An Atom feed of stored charts, already formatted for `feed_atom.mustache`: one entry per chart, its top 10 with
/// rank changes as an XHTML table.
typealias ChartFeedViewModel = AtomFeedViewModel<ChartFeedEntry>

/// A chart in the feed.
struct ChartFeedEntry: Sendable {
    struct Row: Sendable {
        var rank: String
        var change: String
        var title: String
        var audience: String
        var total: String
    }

    var id: String
    var title: String
    var updated: String
    var link: String
    var rows: [Row]
}

extension AtomFeedViewModel where Entry == ChartFeedEntry {
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
        let page = isDaily ? "/daily" : "/weekly"
        self.init(
            language: language, id: feeds.feedID(kind: kind), title: isDaily ? t.dailyFeedTitle : t.weeklyFeedTitle,
            subtitle: feeds.source == .sample ? t.sampleNote : nil,
            updated: charts.map(\.fetchedAt).max() ?? feeds.calendar.currentInstant,
            selfLink: link(isDaily ? "/feeds/daily.atom" : "/feeds/weekly.atom", []), alternateLink: link(page, []),
            entries: charts.map { chart in
                let rows = chart.entries.prefix(10).map { entry in
                    ChartFeedEntry.Row(
                        rank: String(entry.rank), change: pages.rankChange(entry.change), title: entry.title,
                        audience: NumberFormatting.thousands(entry.audience),
                        total: NumberFormatting.thousands(entry.audienceTotal))
                }
                return ChartFeedEntry(
                    id: feeds.entryID(for: chart), title: t.entryTitle(for: chart, pages: pages),
                    updated: Self.timestamp(chart.fetchedAt),
                    link: link(page, ["date=\(chart.range.start.isoString)"]), rows: Array(rows))
            })
    }
}
