import BoxOfficeCore
import Foundation

/// A person's alerts as an Atom feed (`feed_alerts_atom.mustache`): one entry per alert, newest first, each linking to
/// the film's page.
struct AlertFeedViewModel: Sendable {
    struct Entry: Sendable {
        var id: String
        var title: String
        var updated: String
        var link: String
        var summary: String
    }

    var language: String
    var id: String
    var title: String
    var author: String
    var updated: String
    var selfLink: String
    var alternateLink: String
    var entries: [Entry]

    /// - Parameter selfPath: the feed's own path (it holds the secret; it goes only into this answer's `rel=self`).
    init(alerts: [Alert], userID: UUID, language: Language, origin: String, selfPath: String, now: Date) {
        let t = FeedStrings.table(for: language)
        let langQuery = language == .english ? "?lang=en" : ""
        self.language = language == .english ? "en" : "ko"
        // Per person, not per secret: rotating the address keeps the feed the same feed for a reader.
        id = "tag:boxoffice,2024:alerts/\(userID.uuidString.lowercased())"
        title = t.alertsFeedTitle
        author = t.feedAuthor
        updated = ChartFeedViewModel.timestamp(alerts.map(\.createdAt).max() ?? now)
        selfLink = origin + selfPath + langQuery
        alternateLink = origin + "/notifications" + langQuery
        entries = alerts.map { alert in
            Entry(
                id: "tag:boxoffice,2024:alert/\(alert.id.uuidString.lowercased())",
                title: t.alertTitle(alert.kind, title: alert.title),
                updated: ChartFeedViewModel.timestamp(alert.createdAt),
                link: origin + "/movies/\(alert.movieCode)" + langQuery,
                summary: "\(alert.date.isoString) · \(t.alertTitle(alert.kind, title: alert.title))")
        }
    }
}
