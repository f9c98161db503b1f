import BoxOfficeCore
import Hummingbird

extension DiaryAccountService {
    /// Starts a session for `user` in the database and sets its cookie on `response`, which signs this browser in:
    /// after a log-in, a sign-up, or a changed password (which ended every session, this browser's too).
    func startSession(for user: DiaryUser, answering response: Response, request: Request, site: PageSite)
        async throws -> Response
    {
        let issued = try await startSession(for: user)
        var response = response
        response.setCookie(
            SessionCookies.session(
                issued.cookieValue, expiresAt: issued.session.expiresAt, now: site.calendar.currentInstant,
                request: request))
        return response
    }
}
