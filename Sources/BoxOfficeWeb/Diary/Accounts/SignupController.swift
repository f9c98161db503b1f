import BoxOfficeCore
import BoxOfficeText
import Hummingbird

/// `GET /signup` shows the form; `POST /signup` creates the account (bcrypt), starts a session and opens
/// the (empty) diary. Bad input re-shows the form with a 400 and the reasons; nothing is written.
struct SignupController<Context: DiarySessionContext>: Sendable {
    let accounts: DiaryAccountService
    let site: PageSite
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("signup") { request, context in
            let environment = DiaryPageEnvironment(request: request, site: site)
            let next = request.formParameters.nonEmpty("next")
            if context.session != nil { return environment.afterLogin(next) }
            return try renderer.renderAccountForm(
                .signup, environment, username: "", next: next, errors: [], status: .ok)
        }
        group.post("signup") { request, context in try await signUp(request, context: context) }
    }

    func signUp(_ request: Request, context: Context) async throws -> Response {
        let environment = DiaryPageEnvironment(request: request, site: site)
        let s = environment.strings
        let form = try context.form.decode(AccountForms.Signup.self)
        let username = form.username
        let password = form.password
        let next = form.next
        var errors: [String] = []
        do {
            _ = try DiaryValidation.username(username)
        } catch {
            errors.append(s.usernameRule)
        }
        do {
            try DiaryValidation.newPassword(password)
        } catch {
            errors.append(s.passwordRule)
        }
        if password != form.passwordConfirm { errors.append(s.passwordMismatch) }
        if !errors.isEmpty {
            return try renderer.renderAccountForm(
                .signup, environment, username: username, next: next, errors: errors, status: .badRequest)
        }
        let user: DiaryUser
        do {
            user = try await accounts.signUp(username: username, password: password)
        } catch let error as DiaryError {
            // A taken name (409), too many sign-ups from this address (429) or a full line of password checks (503,
            // both with Retry-After): the form again, with what was typed and the reason.
            switch error {
            case .conflict, .tooManySignups, .busy: break
            case .unauthorized, .tooManyAttempts, .notFound, .exportInProgress, .importInProgress: throw error
            }
            var page = try renderer.renderAccountForm(
                .signup, environment, username: username, next: next,
                errors: [ReasonText(environment.language).diary(error)], status: error.pageStatus)
            if let seconds = error.retryAfterSeconds { page.headers[.retryAfter] = String(seconds) }
            return page
        }
        return try await accounts.startSession(
            for: user, answering: environment.afterLogin(next), request: request, site: site)
    }
}
