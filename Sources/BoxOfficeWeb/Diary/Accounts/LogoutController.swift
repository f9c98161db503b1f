import BoxOfficeCore
import Hummingbird

/// `GET /logout` asks (a link cannot log out: that would let any page log you out); `POST /logout` deletes
/// the session row, so the cookie stops working on every instance, and forgets the cookie.
struct LogoutController<Context: DiarySessionContext>: Sendable {
    let accounts: DiaryAccountService
    let site: PageSite
    let renderer: PageRenderer
    /// The pages' account labels, which forget this session at once.
    let labels: AccountLabels

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("logout") { request, context in
            let environment = DiaryPageEnvironment(request: request, site: site)
            let viewModel = LogoutViewModel(environment: environment, session: try context.requireSession())
            return try renderer.render(viewModel, template: "diary_logout")
        }
        group.post("logout") { request, _ in
            if let value = request.cookies[SessionCookies.sessionName]?.value {
                try await accounts.endSession(cookieValue: value)
                labels.forget(value)
            }
            let environment = DiaryPageEnvironment(request: request, site: site)
            var response = environment.redirect("/login", [("done", "loggedOut")])
            response.setCookie(SessionCookies.expired(SessionCookies.sessionName, request: request))
            return response
        }
    }
}
