import BoxOfficeCore
import Hummingbird

/// The log-in form.
struct LoginViewModel: Sendable {
    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var action: String
    var csrf: String
    var username: String
    /// The validated page to return to, carried in a hidden field.
    var next: String?
    var errors: [String]
    var hasErrors: Bool
    var flash: String?
    var signupURL: String

    init(
        environment: DiaryPageEnvironment, csrf: String, username: String, next: String?, errors: [String],
        flash: String?
    ) {
        let s = environment.strings
        self.s = s
        layout = environment.layout(title: s.loginTitle)
        action = environment.link("/login")
        self.csrf = csrf
        self.username = username
        self.next = SafeRedirect.path(next)
        self.errors = errors
        hasErrors = !errors.isEmpty
        self.flash = flash
        signupURL = environment.link("/signup", [("next", SafeRedirect.path(next))])
    }
}
