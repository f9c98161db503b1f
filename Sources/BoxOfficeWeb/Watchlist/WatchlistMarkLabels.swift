import BoxOfficeCore

/// The words the page script needs to mark a cached page for its reader (from `GET /watchlist/marks`): the header's
/// alerts link and its unread count, a listed film's badge, and the add/remove toggle with what it announces. They
/// are written into every page (the same for everyone), so the script never carries text of its own.
struct WatchlistMarkLabels: Sendable {
    /// "Alerts" / "알림": the header link's word; the script adds the count after it.
    var alertsLink: String
    /// " unread" / "건 읽지 않음": after the count in the link's accessible label ("Alerts 3 unread").
    var unreadSuffix: String
    var alertsURL: String
    var marksURL: String
    var listedBadge: String
    var toggleLabel: String
    var addedAnnouncement: String
    var removedAnnouncement: String
    var toggleFailed: String
    /// Where the toggle posts: `POST /watchlist` adds, `POST /watchlist/{code}/remove` removes.
    var addAction: String

    init(language: Language, explicitLanguage: String?) {
        let w = WatchlistPageStrings.table(for: language)
        alertsLink = w.alertsLink
        unreadSuffix = w.unreadSuffix
        alertsURL = LinkBuilder.link("/notifications", [("lang", explicitLanguage)])
        marksURL = "/watchlist/marks"
        listedBadge = w.listedBadge
        toggleLabel = w.toggleLabel
        addedAnnouncement = w.addedAnnouncement
        removedAnnouncement = w.removedAnnouncement
        toggleFailed = w.toggleFailed
        addAction = "/watchlist"
    }
}
