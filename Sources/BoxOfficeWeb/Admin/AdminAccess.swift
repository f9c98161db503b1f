import BoxOfficeCore
import Hummingbird

/// Lets only administrators through; a signed-in account without the role gets a 403 page. Runs after
/// ``RequireSessionMiddleware`` (anonymous requests have gone to the log-in page) and before the CSRF check,
/// so a non-administrator learns nothing more than "not for you". The role is read on every request, so a
/// revoked administrator is refused at once.
struct RequireAdministratorMiddleware<Context: DiarySessionContext>: RouterMiddleware {
    let administrators: any AdministratorRepository

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let session = try context.requireSession()
        guard try await administrators.isAdministrator(userID: session.user.id) else {
            throw HTTPError(.forbidden, message: AdminStrings.table(for: Language(request: request)).forbidden)
        }
        return try await next(request, context)
    }
}

/// The header's link to the administrator's pages, shown only to administrators (pages that know the
/// signed-in account and its role set it; the header template finds it on the page's view model).
struct AdminLinkViewModel: Sendable {
    var label: String
    var url: String
    var isActive: Bool

    init(language: Language, explicitLanguage: String?, isActive: Bool) {
        label = AdminStrings.table(for: language).adminLink
        url = LinkBuilder.link("/admin/backfill", [("lang", explicitLanguage)])
        self.isActive = isActive
    }
}
