import BoxOfficeCore
import Hummingbird

/// The sign-up form.
struct SignupViewModel: Sendable {
    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var action: String
    var csrf: String
    var username: String
    var next: String?
    var errors: [String]
    var hasErrors: Bool
    var loginURL: String
    var usernameMinimum: Int
    var usernameMaximum: Int
    var passwordMinimum: Int

    init(environment: DiaryPageEnvironment, csrf: String, username: String, next: String?, errors: [String]) {
        let s = environment.strings
        self.s = s
        layout = environment.layout(title: s.signupTitle)
        action = environment.link("/signup")
        self.csrf = csrf
        self.username = username
        self.next = SafeRedirect.path(next)
        self.errors = errors
        hasErrors = !errors.isEmpty
        loginURL = environment.link("/login", [("next", SafeRedirect.path(next))])
        usernameMinimum = DiaryValidation.usernameLength.lowerBound
        usernameMaximum = DiaryValidation.usernameLength.upperBound
        passwordMinimum = DiaryValidation.passwordMinimumCharacters
    }
}
