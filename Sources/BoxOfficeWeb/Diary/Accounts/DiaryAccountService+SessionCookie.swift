import BoxOfficeCore
import Hummingbird

extension DiaryAccountService {
    /// Starts a session for `user` in the database and sets its cookie on `response`, which signs this browser in:
    /// after a log-in, a sign-up, or a changed password (which ended every session, this browser's too). The
    /// browser is remembered too (``SessionCookies/deviceName``), so its later log-ins are counted apart.
    func startSession(for user: DiaryUser, answering response: Response, request: Request, site: PageSite)
        async throws -> Response
    {
        let issued = try await startSession(for: user)
        var response = response
        response.setCookie(
            SessionCookies.session(
                issued.cookieValue, expiresAt: issued.session.expiresAt, now: site.calendar.currentInstant,
                request: request))
        if let device = try await rememberDevice(
            for: user, presented: request.cookies[SessionCookies.deviceName]?.value)
        {
            response.setCookie(SessionCookies.device(device, lifetime: settings.deviceLifetime, request: request))
        }
        return response
    }
}
