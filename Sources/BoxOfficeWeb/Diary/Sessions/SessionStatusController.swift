import BoxOfficeCore
import Hummingbird

/// `GET /session`: who the browser's session cookie signs in, as JSON, never stored (`no-store`, set by
/// ``DiarySessionMiddleware``): `{"signedIn": false}`, or `{"signedIn": true, "username": …, "admin": …,
/// "csrfToken": …}`. The page script reads it to fill in the header's per-person links (so kept pages are the same
/// for everyone), to label what the service worker keeps for offline reading with the account, and to send the
/// current CSRF token (`X-CSRF-Token`) with notes written offline. Same-origin only: nothing lets another site read it.
struct SessionStatusController<Context: DiarySessionContext>: Sendable {
    let administrators: any AdministratorRepository

    struct Status: Encodable, Sendable {
        var signedIn: Bool
        var username: String?
        var admin: Bool?
        var csrfToken: String?
    }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("session") { _, context in try await status(context.session) }
    }

    func status(_ session: DiarySession?) async throws -> Response {
        guard let session else { return try ResponseBuilders.json(Status(signedIn: false)) }
        let admin = try await administrators.isAdministrator(userID: session.user.id)
        return try ResponseBuilders.json(
            Status(signedIn: true, username: session.user.username, admin: admin, csrfToken: session.csrfToken))
    }
}
