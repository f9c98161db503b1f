import BoxOfficeCore
import Foundation

/// `GET /watchlist`: the user's films with their state, sort links and a remove button each.
struct WatchlistViewModel: Sendable {
    struct Item: Sendable {
        var title: String
        var movieURL: String
        var stateText: String
        var openDate: String
        var addedOn: String
        var removeAction: String
        var removeLabel: String
    }

    struct SortLink: Sendable {
        var label: String
        var url: String
        var isActive: Bool
    }

    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var w: WatchlistPageStrings
    var nav: DiaryNavViewModel
    var items: [Item]
    var isEmpty: Bool
    var sorts: [SortLink]
    var csrf: String
    var next: String
    /// The Letterboxd import form below the list.
    var importForm: WatchlistImportFormViewModel

    init(environment: DiaryPageEnvironment, session: DiarySession, items: [WatchlistItem], sort: WatchlistSort) {
        s = environment.strings
        let w = WatchlistPageStrings.table(for: environment.language)
        self.w = w
        layout = environment.layout(title: w.watchlistTitle)
        nav = environment.navigation(session, active: .watchlist)
        csrf = session.csrfToken
        next = environment.link("/watchlist", [("sort", sort == .added ? nil : sort.rawValue)])
        importForm = WatchlistImportFormViewModel(environment: environment, session: session)
        self.items = items.map { item in
            Item(
                title: item.title, movieURL: environment.link("/movies/\(item.movieCode)"),
                stateText: w.state(item.state), openDate: item.openDate?.isoString ?? w.unknownDate,
                addedOn: CalendarDate(item.addedAt, in: BoxOfficeCalendar.seoul).isoString,
                removeAction: environment.link("/watchlist/\(item.movieCode)/remove"),
                removeLabel: "\(w.remove): \(item.title)")
        }
        isEmpty = items.isEmpty
        sorts = [(WatchlistSort.added, w.sortAdded), (.openDate, w.sortOpenDate), (.title, w.sortTitle)].map {
            SortLink(
                label: $0.1, url: environment.link("/watchlist", [("sort", $0.0.rawValue)]), isActive: $0.0 == sort)
        }
    }
}

/// `GET /notifications`: the user's alerts, newest first; those unread until this visit are marked new.
struct NotificationsViewModel: Sendable {
    struct Item: Sendable {
        var id: String
        var text: String
        var title: String
        var movieURL: String
        var date: String
        var isUnread: Bool
    }

    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var w: WatchlistPageStrings
    var nav: DiaryNavViewModel
    var items: [Item]
    var isEmpty: Bool
    /// The form that marks the shown alerts read (`POST /notifications/read`), when any is unread: opening the page
    /// changes nothing by itself (a link from another site could open it).
    var markRead: MarkRead?

    struct MarkRead: Sendable {
        var action: String
        var csrf: String
        /// The unread alerts shown, comma-separated; empty when the list is full (then every alert is marked).
        var ids: String
        var label: String
    }

    init(environment: DiaryPageEnvironment, session: DiarySession, alerts: [Alert], isFull: Bool) {
        s = environment.strings
        let w = WatchlistPageStrings.table(for: environment.language)
        self.w = w
        layout = environment.layout(title: w.notificationsTitle)
        nav = environment.navigation(session, active: .notifications)
        items = alerts.map {
            Item(
                id: $0.id.uuidString, text: w.alert($0.kind), title: $0.title,
                movieURL: environment.link("/movies/\($0.movieCode)"), date: $0.date.isoString, isUnread: !$0.read)
        }
        isEmpty = alerts.isEmpty
        let unread = alerts.filter { !$0.read }
        if !unread.isEmpty {
            markRead = MarkRead(
                action: environment.link("/notifications/read"), csrf: session.csrfToken,
                ids: isFull ? "" : unread.map(\.id.uuidString).joined(separator: ","), label: w.markRead)
        }
    }
}

/// `GET /watchlist/add?movie=…`: the form that adds a film, for readers without the page script (cached movie pages
/// carry no CSRF token, so their link leads here).
struct WatchlistAddViewModel: Sendable {
    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var w: WatchlistPageStrings
    var nav: DiaryNavViewModel
    var title: String
    var movieCode: String
    var action: String
    var csrf: String
    var next: String
    var cancelURL: String

    init(environment: DiaryPageEnvironment, session: DiarySession, movie: Movie) {
        s = environment.strings
        w = WatchlistPageStrings.table(for: environment.language)
        layout = environment.layout(title: w.add)
        nav = environment.navigation(session, active: .watchlist)
        title = movie.title
        movieCode = movie.code
        action = environment.link("/watchlist")
        csrf = session.csrfToken
        next = environment.link("/movies/\(movie.code)")
        cancelURL = next
    }
}
