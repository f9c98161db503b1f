import BoxOfficeCore
import Hummingbird

/// The CSRF token of the forms shown before a session exists (sign up, log in): the one in the browser's
/// `boxoffice_csrf` cookie, or a new one that the response must set.
struct PreSessionCSRF: Sendable {
    var token: String
    /// Set when the browser had no valid token yet.
    var cookie: Cookie?

    init(request: Request) {
        if let existing = SessionCookies.preSessionToken(in: request) {
            token = existing
            cookie = nil
        } else {
            token = SecretToken.generate()
            cookie = SessionCookies.preSession(token, request: request)
        }
    }

    /// Adds the cookie to `response` when the token is new.
    func attach(to response: inout Response) {
        if let cookie { response.setCookie(cookie) }
    }
}

extension DiaryPageEnvironment {
    /// Where to go after logging in or signing up: the validated `next`, else the notes.
    func afterLogin(_ next: String?) -> Response {
        if let next = SafeRedirect.path(next) { return .redirect(to: next, type: .normal) }
        return redirect("/notes")
    }
}
