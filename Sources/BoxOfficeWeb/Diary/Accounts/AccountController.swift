import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// `GET /account`; `POST /account/password` (changes it, which ends every other session and, with its box ticked,
/// revokes every API token, then starts a new session for this browser); `POST /account/tokens` (creates an API
/// token and shows it once); `POST /account/tokens/{id}/revoke`; `POST /account/watchlist` (what logging a note does
/// to a watchlisted film); `POST /account/delete` (the account and all it keeps, once its password is confirmed).
struct AccountController<Context: DiarySessionContext>: Sendable {
    let accounts: DiaryAccountService
    let administrators: any AdministratorRepository
    let watchlist: WatchlistService
    let site: PageSite
    let renderer: PageRenderer
    /// The pages' account labels, forgotten when sessions end here (a new password, a deleted account).
    let labels: AccountLabels

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("account") { request, context in
            let environment = DiaryPageEnvironment(request: request, site: site)
            let flash: String?
            switch request.formParameters.nonEmpty("done") {
            case "password": flash = environment.strings.passwordChanged
            case "passwordAndTokens": flash = environment.strings.passwordChangedTokensRevoked
            case "revoked": flash = environment.strings.tokenRevoked
            case "watchlist": flash = WatchlistPageStrings.table(for: environment.language).removalSaved
            default: flash = nil
            }
            return try await render(environment, session: try context.requireSession(), flash: flash)
        }
        group.post("account/password") { request, context in
            try await changePassword(request, context: context)
        }
        group.post("account/tokens") { request, context in
            try await createToken(request, context: context)
        }
        group.post("account/delete") { request, context in
            try await deleteAccount(request, context: context)
        }
        group.post("account/watchlist") { request, context in
            let session = try context.requireSession()
            let text = try context.form.decode(AccountForms.WatchlistRemoval.self).removal
            guard let preference = WatchlistRemovalPreference(rawValue: text) else {
                throw BoxOfficeError.invalid(
                    "removal", .oneOf(WatchlistRemovalPreference.allCases.map(\.rawValue)), value: text)
            }
            try await watchlist.setRemovalPreference(preference, userID: session.user.id)
            return DiaryPageEnvironment(request: request, site: site).redirect("/account", [("done", "watchlist")])
        }
        group.post("account/tokens/{id}/revoke") { request, context in
            let session = try context.requireSession()
            let text = context.parameters.get("id") ?? ""
            guard let id = UUID(uuidString: text) else {
                throw DiaryError.notFound(.apiToken(text))
            }
            try await accounts.revokeToken(id: id, for: session.user)
            return DiaryPageEnvironment(request: request, site: site).redirect(
                "/account", [("done", "revoked")])
        }
    }

    func changePassword(_ request: Request, context: Context) async throws -> Response {
        let environment = DiaryPageEnvironment(request: request, site: site)
        let s = environment.strings
        let session = try context.requireSession()
        let form = try context.form.decode(AccountForms.PasswordChange.self)
        let new = form.newPassword
        var errors: [String] = []
        do {
            try DiaryValidation.newPassword(new)
        } catch {
            errors.append(s.passwordRule)
        }
        if new != form.newPasswordConfirm { errors.append(s.passwordMismatch) }
        if errors.isEmpty {
            do {
                try await accounts.changePassword(
                    for: session.user, current: form.currentPassword, new: new, revokingTokens: form.revokeTokens)
                labels.forgetAll()
            } catch let error as DiaryError {
                return Self.refusing(
                    error,
                    try await render(
                        environment, session: session, passwordErrors: [ReasonText(environment.language).diary(error)],
                        status: Self.status(of: error)))
            }
        }
        guard errors.isEmpty else {
            return try await render(environment, session: session, passwordErrors: errors, status: .badRequest)
        }
        // Changing the password ended every session, this one too: keep this browser signed in.
        let done = form.revokeTokens ? "passwordAndTokens" : "password"
        return try await accounts.startSession(
            for: session.user, answering: environment.redirect("/account", [("done", done)]), request: request,
            site: site)
    }

    /// Deletes the account once its password is confirmed; the session went with it, so the cookie is forgotten.
    func deleteAccount(_ request: Request, context: Context) async throws -> Response {
        let environment = DiaryPageEnvironment(request: request, site: site)
        let session = try context.requireSession()
        let form = try context.form.decode(AccountForms.DeleteAccount.self)
        guard form.confirmed else {
            return try await render(
                environment, session: session, deleteErrors: [environment.strings.deleteAccountUnconfirmed],
                status: .badRequest)
        }
        do {
            try await accounts.deleteAccount(session.user, password: form.password)
            labels.forgetAll()
        } catch let error as DiaryError {
            return Self.refusing(
                error,
                try await render(
                    environment, session: session, deleteErrors: [ReasonText(environment.language).diary(error)],
                    status: Self.status(of: error)))
        }
        var response = environment.redirect("/login", [("done", "deleted")])
        response.setCookie(SessionCookies.expired(SessionCookies.sessionName, request: request))
        // Notes this device keeps for the account can never be sent now: the log-in page says whose to drop.
        response.setCookie(
            SessionCookies.deletedAccount(
                DiarySessionMiddleware<Context>.accountLabel(session.user), request: request))
        return response
    }

    /// A refused password check: 429 when the log-in window is full, 503 when the server's checks are, else 400.
    private static func status(of error: DiaryError) -> HTTPResponse.Status {
        // A wrong password is the form's own mistake; the rest (a full window, a full line) as any page says them.
        if case .unauthorized = error { return .badRequest }
        return error.pageStatus
    }

    /// `page` with the `Retry-After` a full log-in window gives, as the log-in page answers.
    private static func refusing(_ error: DiaryError, _ page: Response) -> Response {
        guard let seconds = error.retryAfterSeconds else { return page }
        var page = page
        page.headers[.retryAfter] = String(seconds)
        return page
    }

    func createToken(_ request: Request, context: Context) async throws -> Response {
        let environment = DiaryPageEnvironment(request: request, site: site)
        let session = try context.requireSession()
        let name = try context.form.decode(AccountForms.NewToken.self).name
        let issued: DiaryAccountService.IssuedToken
        do {
            issued = try await accounts.issueToken(for: session.user, name: name)
        } catch BoxOfficeError.invalid(let problem) {
            // The name's rule in the form's words; anything else (the account's token limit) as the core says it.
            let words =
                problem.field == "name"
                ? environment.strings.tokenNameRule : ReasonText(environment.language).input(problem)
            return try await render(
                environment, session: session, tokenErrors: [words], tokenName: name, status: .badRequest)
        }
        // Shown here, once: the page is not stored (no-store) and a reload does not show it again.
        return try await render(
            environment, session: session,
            newToken: AccountViewModel.NewToken(name: issued.token.name, secret: issued.secret))
    }

    private func render(
        _ environment: DiaryPageEnvironment, session: DiarySession, flash: String? = nil, passwordErrors: [String] = [],
        tokenErrors: [String] = [], tokenName: String = "", newToken: AccountViewModel.NewToken? = nil,
        deleteErrors: [String] = [], status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let tokens = try await accounts.tokens(for: session.user)
        var viewModel = AccountViewModel(
            environment: environment, session: session, tokens: tokens, flash: flash, passwordErrors: passwordErrors,
            tokenErrors: tokenErrors, tokenName: tokenName, newToken: newToken, deleteErrors: deleteErrors)
        viewModel.removal = WatchlistRemovalViewModel(
            environment: environment, preference: try await watchlist.removalPreference(userID: session.user.id))
        // Administrators get the header link to their pages (Pages/Admin).
        if try await administrators.isAdministrator(userID: session.user.id) {
            viewModel.adminLink = AdminLinkViewModel(
                language: environment.language, explicitLanguage: environment.explicitLanguage, isActive: false)
        }
        return try renderer.render(viewModel, template: "diary_account", status: status)
    }
}
