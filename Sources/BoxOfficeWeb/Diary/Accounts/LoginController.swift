import BoxOfficeCore
import BoxOfficeText
import Hummingbird

/// `GET /login` shows the form; `POST /login` checks the password (throttled by the service), starts a
/// session in the database and sets the `boxoffice_session` cookie, then goes to `next` or the notes.
struct LoginController<Context: DiarySessionContext>: Sendable {
    let accounts: DiaryAccountService
    let site: PageSite
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("login") { request, context in try show(request, context: context) }
        group.post("login") { request, context in try await logIn(request, context: context) }
    }

    func show(_ request: Request, context: Context) throws -> Response {
        let environment = DiaryPageEnvironment(request: request, site: site)
        let next = request.formParameters.nonEmpty("next")
        if context.session != nil { return environment.afterLogin(next) }
        let flash: String?
        switch request.formParameters.nonEmpty("done") {
        case "loggedOut": flash = environment.strings.loggedOut
        case "deleted": flash = environment.strings.accountDeleted
        default: flash = nil
        }
        var response = try renderer.renderAccountForm(
            .login, environment, username: "", next: next, errors: [], flash: flash, status: .ok)
        // The service worker drops the deleted account's notes waiting on this device (sw.js). The cookie stays its
        // ten minutes: a page the worker did not control (a hard reload) must not use it up.
        if let deleted = SessionCookies.deletedAccountLabel(in: request) {
            response.headers[.xBoxOfficeDeletedAccount] = deleted
        }
        return response
    }

    func logIn(_ request: Request, context: Context) async throws -> Response {
        let environment = DiaryPageEnvironment(request: request, site: site)
        let form = try context.form.decode(AccountForms.Login.self)
        let username = form.username
        let next = form.next
        let user: DiaryUser
        do {
            user = try await accounts.logIn(
                username: username, password: form.password,
                device: request.cookies[SessionCookies.deviceName]?.value)
        } catch let error as DiaryError {
            // A wrong password (401), a locked username (429) or a full line of checks (503, both with Retry-After):
            // the form again, with the reason.
            let status: HTTPResponse.Status
            switch error {
            case .unauthorized: status = .unauthorized
            case .tooManyAttempts: status = .tooManyRequests
            case .busy: status = .serviceUnavailable
            case .conflict, .tooManySignups, .notFound, .exportInProgress, .importInProgress: throw error
            }
            var response = try renderer.renderAccountForm(
                .login, environment, username: username, next: next,
                errors: [ReasonText(environment.language).diary(error)], status: status)
            if let seconds = error.retryAfterSeconds { response.headers[.retryAfter] = String(seconds) }
            return response
        }
        return try await accounts.startSession(
            for: user, answering: environment.afterLogin(next), request: request, site: site)
    }
}
