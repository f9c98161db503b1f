import BoxOfficeCore
import Hummingbird

/// `GET /session`: who the browser's session cookie signs in, as JSON, never stored (`no-store`, set by
/// ``DiarySessionMiddleware``): `{"signedIn": false}`, or `{"signedIn": true, "username": …, "admin": …,
/// "csrfToken": …, "account": …, "expiresAt": …}`. The page script reads it to fill in the header's per-person links
/// (so kept pages are the same for everyone); the service worker reads the account label (the `X-BoxOffice-Account`
/// of the diary's pages) to send notes written offline only for the account that wrote them, with the current CSRF
/// token (`X-CSRF-Token`), and the expiry to stop showing private copies once the session is over. Same-origin only:
/// nothing lets another site read it.
struct SessionStatusController<Context: DiarySessionContext>: Sendable {
    let administrators: any AdministratorRepository

    struct Status: Encodable, Sendable {
        var signedIn: Bool
        var username: String?
        var admin: Bool?
        var csrfToken: String?
        /// ``DiarySessionMiddleware/accountLabel(_:)``: the same for every session of the account.
        var account: String?
        /// When the session ends unless it is used again (RFC 3339, UTC).
        var expiresAt: String?
    }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("session") { _, context in try await status(context.session) }
    }

    func status(_ session: DiarySession?) async throws -> Response {
        guard let session else { return try ResponseBuilders.json(Status(signedIn: false)) }
        let admin = try await administrators.isAdministrator(userID: session.user.id)
        return try ResponseBuilders.json(
            Status(
                signedIn: true, username: session.user.username, admin: admin, csrfToken: session.csrfToken,
                account: DiarySessionMiddleware<Context>.accountLabel(session.user),
                expiresAt: DiarySessionMiddleware<Context>.expiryText(session.expiresAt)))
    }
}
