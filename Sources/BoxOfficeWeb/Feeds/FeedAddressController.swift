import BoxOfficeCore
import Foundation
import Hummingbird

/// `GET /account/feeds`; `POST /account/feeds/rotate` (makes a new secret address, revoking the old one, and shows it
/// once); `POST /account/feeds/revoke` (turns the address off).
struct FeedAddressController<Context: DiarySessionContext>: Sendable {
    let addresses: FeedAddressService
    let site: PageSite
    let renderer: PageRenderer
    /// `BOXOFFICE_PUBLIC_URL`, when set: the origin of the addresses shown (else paths, completed by the page script).
    let publicURL: URL?

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("account/feeds") { request, context in
            let environment = DiaryPageEnvironment(request: request, site: site)
            let f = FeedPageStrings.table(for: environment.language)
            let flash: String?
            switch request.formParameters.nonEmpty("done") {
            case "revoked": flash = f.revoked
            default: flash = nil
            }
            return try await render(environment, session: try context.requireSession(), flash: flash)
        }
        group.post("account/feeds/rotate") { request, context in
            let environment = DiaryPageEnvironment(request: request, site: site)
            let session = try context.requireSession()
            let secret = try await addresses.rotate(userID: session.user.id)
            // Without the public address, the path: the page script puts the browser's own origin in front of it.
            let base = FeedOrigin.of(publicURL: publicURL) + "/feeds/u/" + secret
            // Shown here, once: the page is not stored and a reload does not show it again.
            return try await render(
                environment, session: session, flash: FeedPageStrings.table(for: environment.language).rotated,
                newAddress: .init(alertsURL: base + "/alerts.atom", calendarURL: base + "/calendar.ics"))
        }
        group.post("account/feeds/revoke") { request, context in
            let session = try context.requireSession()
            _ = try await addresses.revoke(userID: session.user.id)
            return DiaryPageEnvironment(request: request, site: site).redirect("/account/feeds", [("done", "revoked")])
        }
    }

    private func render(
        _ environment: DiaryPageEnvironment, session: DiarySession, flash: String? = nil,
        newAddress: FeedAddressViewModel.NewAddress? = nil
    ) async throws -> Response {
        let viewModel = FeedAddressViewModel(
            environment: environment, session: session,
            createdAt: try await addresses.addressCreatedAt(userID: session.user.id), flash: flash,
            newAddress: newAddress)
        return try renderer.render(viewModel, template: "diary_feeds")
    }
}
