import BoxOfficeCore
import Hummingbird

/// The log-in and the sign-up form (`diary_login`, `diary_signup`): one form, a username and a password with the page
/// to return to and the reasons the last try failed, posted to `/login` or `/signup`, each linking to the other.
struct AccountFormViewModel: Sendable {
    enum Form: Sendable {
        case login, signup

        var template: String { self == .login ? "diary_login" : "diary_signup" }
    }

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
    /// The other form (sign up from the log-in form, log in from the sign-up form), keeping `next`.
    var otherFormURL: String
    /// The rules the sign-up form states in its fields' `minlength` and `maxlength`.
    var usernameMinimum = DiaryValidation.usernameLength.lowerBound
    var usernameMaximum = DiaryValidation.usernameLength.upperBound
    var passwordMinimum = DiaryValidation.passwordMinimumCharacters

    init(
        _ form: Form, environment: DiaryPageEnvironment, csrf: String, username: String, next: String?,
        errors: [String], flash: String?
    ) {
        let s = environment.strings
        self.s = s
        layout = environment.layout(title: form == .login ? s.loginTitle : s.signupTitle)
        action = environment.link(form == .login ? "/login" : "/signup")
        self.csrf = csrf
        self.username = username
        self.next = SafeRedirect.path(next)
        self.errors = errors
        hasErrors = !errors.isEmpty
        self.flash = flash
        otherFormURL = environment.link(form == .login ? "/signup" : "/login", [("next", SafeRedirect.path(next))])
    }
}

extension PageRenderer {
    /// The log-in or sign-up form with the browser's pre-session CSRF token, setting its cookie when the token is new.
    func renderAccountForm(
        _ form: AccountFormViewModel.Form, _ environment: DiaryPageEnvironment, username: String, next: String?,
        errors: [String], flash: String? = nil, status: HTTPResponse.Status
    ) throws -> Response {
        let csrf = PreSessionCSRF(request: environment.request)
        let viewModel = AccountFormViewModel(
            form, environment: environment, csrf: csrf.token, username: username, next: next, errors: errors,
            flash: flash)
        var response = try render(viewModel, template: form.template, status: status)
        csrf.attach(to: &response)
        return response
    }
}
