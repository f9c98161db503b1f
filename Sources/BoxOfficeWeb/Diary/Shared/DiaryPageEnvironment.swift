import BoxOfficeCore
import Foundation
import Hummingbird

/// What every diary page is built from: the shared page environment with the diary's strings.
typealias DiaryPageEnvironment = PageEnvironment<DiaryPageStrings>

extension PageEnvironment where Strings == DiaryPageStrings {
    init(request: Request, site: PageSite) {
        self.init(request: request, site: site, strings: DiaryPageStrings.table(for:))
    }

    /// The diary's own navigation for a signed-in page.
    func navigation(_ session: DiarySession, active: DiaryNavViewModel.Section) -> DiaryNavViewModel {
        DiaryNavViewModel(session: session, active: active, environment: self)
    }
}

/// The diary's sub-navigation: who is signed in, the diary sections, and the log-out button (a form post).
struct DiaryNavViewModel: Sendable {
    enum Section: Sendable { case notes, newNote, watchlist, notifications, categories, stats, transfer, account }

    struct Item: Sendable {
        var label: String
        var url: String
        var isActive: Bool
    }

    var username: String
    var signedInAs: String
    var items: [Item]
    var logoutAction: String
    var logoutLabel: String
    var csrf: String
    var label: String
    /// The account's label (`X-BoxOffice-Account`): the offline-notes script files a note written here under it, and
    /// lists and sends only this account's notes.
    var account: String

    init(session: DiarySession, active: Section, environment: DiaryPageEnvironment) {
        let s = environment.strings
        let w = WatchlistPageStrings.table(for: environment.language)
        username = session.user.username
        signedInAs = s.signedInAs
        label = s.diaryNavLabel
        items = [
            Item(label: s.navNotes, url: environment.link("/notes"), isActive: active == .notes),
            Item(label: s.navNewNote, url: environment.link("/notes/new"), isActive: active == .newNote),
            Item(label: w.watchlistTitle, url: environment.link("/watchlist"), isActive: active == .watchlist),
            Item(
                label: w.notificationsTitle, url: environment.link("/notifications"), isActive: active == .notifications
            ),
            Item(label: s.navCategories, url: environment.link("/categories"), isActive: active == .categories),
            Item(label: s.navStats, url: environment.link("/stats"), isActive: active == .stats),
            Item(label: s.navTransfer, url: environment.link("/import-export"), isActive: active == .transfer),
            Item(label: s.navAccount, url: environment.link("/account"), isActive: active == .account),
        ]
        logoutAction = environment.link("/logout")
        logoutLabel = s.logOut
        csrf = session.csrfToken
        account = DiarySessionMiddleware<DiaryPageContext>.accountLabel(session.user)
    }
}

/// The header's diary link on every page: "my diary" for everyone, so a kept page is the same for every reader (without
/// a session, `/notes` leads to the log-in page). The page script asks `GET /session` and turns it into "log in" for a
/// reader who is not signed in.
struct DiaryHeaderLinkViewModel: Sendable {
    var label: String
    var url: String
    var isActive: Bool
    /// What the page script shows instead when `GET /session` answers that nobody is signed in.
    var signedOutLabel: String
    var signedOutURL: String
    /// "Add to my diary", for the movie page and chart rows.
    var addLabel: String
    /// "Add to watchlist", for the movie page.
    var watchlistLabel: String
    /// `&lang=en` when the address chose the language, for links written in templates.
    var languageSuffix: String
    /// What the page script marks the page with for a signed-in reader (its watchlist, the unread alerts).
    var marks: WatchlistMarkLabels

    init(request: Request, language: Language) {
        let s = DiaryPageStrings.table(for: language)
        let explicit = Language.explicitParameter(in: request)?.rawValue
        label = s.myDiary
        url = LinkBuilder.link("/notes", [("lang", explicit)])
        signedOutLabel = s.logIn
        signedOutURL = LinkBuilder.link("/login", [("lang", explicit)])
        let path = request.uri.path
        isActive = Self.diaryPaths.contains { path == $0 || path.hasPrefix($0 + "/") }
        addLabel = s.addToDiary
        watchlistLabel = WatchlistPageStrings.table(for: language).add
        languageSuffix = explicit.map { "&lang=\($0)" } ?? ""
        marks = WatchlistMarkLabels(language: language, explicitLanguage: explicit)
    }

    static let diaryPaths = [
        "/notes", "/categories", "/stats", "/account", "/import-export", "/login", "/signup", "/logout", "/watchlist",
        "/notifications",
    ]
}
