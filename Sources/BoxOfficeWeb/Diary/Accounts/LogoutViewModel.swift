import BoxOfficeCore
import Hummingbird

/// The log-out confirmation.
struct LogoutViewModel: Sendable {
    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var nav: DiaryNavViewModel
    var action: String
    var csrf: String
    var cancelURL: String

    init(environment: DiaryPageEnvironment, session: DiarySession) {
        s = environment.strings
        layout = environment.layout(title: s.logOut)
        nav = environment.navigation(session, active: .account)
        action = environment.link("/logout")
        csrf = session.csrfToken
        cancelURL = environment.link("/notes")
    }
}
