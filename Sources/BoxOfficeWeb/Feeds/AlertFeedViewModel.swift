import BoxOfficeCore
import Foundation

/// A person's alerts as an Atom feed (`feed_alerts_atom.mustache`): one entry per alert, newest first, each linking to
/// the film's page.
typealias AlertFeedViewModel = AtomFeedViewModel<AlertFeedEntry>

/// An alert in a person's feed.
struct AlertFeedEntry: Sendable {
    var id: String
    var title: String
    var updated: String
    var link: String
    var summary: String
}

extension AtomFeedViewModel where Entry == AlertFeedEntry {
    /// - Parameter selfPath: the feed's own path (it holds the secret; it goes only into this answer's `rel=self`).
    init(alerts: [Alert], label: String, language: Language, origin: String, selfPath: String, now: Date) {
        let t = FeedStrings.table(for: language)
        let langQuery = language == .english ? "?lang=en" : ""
        self.init(
            language: language,
            // Per person, not per secret: rotating the address keeps the feed the same feed for a reader.
            id: "tag:boxoffice,2024:alerts/\(label)", title: t.alertsFeedTitle,
            updated: alerts.map(\.createdAt).max() ?? now, selfLink: origin + selfPath + langQuery,
            alternateLink: origin + "/notifications" + langQuery,
            entries: alerts.map { alert in
                AlertFeedEntry(
                    id: "tag:boxoffice,2024:alert/\(alert.id.uuidString.lowercased())",
                    title: t.alertTitle(alert.kind, title: alert.title),
                    updated: Self.timestamp(alert.createdAt),
                    link: origin + "/movies/\(alert.movieCode)" + langQuery,
                    summary: "\(alert.date.isoString) · \(t.alertTitle(alert.kind, title: alert.title))")
            })
    }
}
