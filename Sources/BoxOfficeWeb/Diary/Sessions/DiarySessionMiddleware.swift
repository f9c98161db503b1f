import BoxOfficeCore
import Foundation
import Hummingbird

/// Finds the session named by the `boxoffice_session` cookie (in the database, so any instance can serve
/// it) and puts it into the context. On the way out it marks the response `Cache-Control: no-store` (diary
/// pages are private) and labels it with the account it was made for (`X-BoxOffice-Account`, for the service
/// worker's private copies, and the session's expiry in `X-BoxOffice-Session-Expires`), renews the cookie when the
/// service extended the session, forgets a cookie whose session is gone. ``DiaryError``s go on to the app's error middleware (403, 404, 409, 429 pages).
struct DiarySessionMiddleware<Context: DiarySessionContext>: RouterMiddleware {
    let diary: DiaryAccountService
    let calendar: BoxOfficeCalendar

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var context = context
        let cookieValue = request.cookies[SessionCookies.sessionName]?.value
        if let cookieValue, !cookieValue.isEmpty {
            let found = try await diary.activeSession(cookieValue: cookieValue)
            context.session = found?.session
            context.diaryVersion = found?.diaryVersion
        }
        var response = try await next(request, context)
        response.headers[.cacheControl] = "no-store"
        // Whom the page was made for, so the service worker keeps private copies per account and drops them when
        // another account, or none, answers.
        response.headers[Self.accountHeader] = Self.accountLabel(of: context.session)
        // And until when: the worker shows no private copy after it, whoever opens the page offline.
        if let session = context.session { response.headers[Self.expiresHeader] = Self.expiryText(session.expiresAt) }
        setSignedInHint(on: &response, request: request, session: context.session)
        if let cookieValue, !cookieValue.isEmpty, !SessionCookies.sets(SessionCookies.sessionName, in: response) {
            if let session = context.session {
                // The service pushes the expiry forward when a session is used in the second half of its life.
                let now = calendar.currentInstant
                if session.expiresAt.timeIntervalSince(now) > diary.settings.sessionLifetime - 1 {
                    response.setCookie(
                        SessionCookies.session(cookieValue, expiresAt: session.expiresAt, now: now, request: request))
                }
            } else {
                response.setCookie(SessionCookies.expired(SessionCookies.sessionName, request: request))
            }
        }
        return response
    }

    /// Keeps ``SessionCookies/signedInHintName`` in step with the session: set with a log-in (the handler set the
    /// session cookie) or when a signed-in browser lacks it, forgotten with a log-out or a session that is gone.
    private func setSignedInHint(on response: inout Response, request: Request, session: DiarySession?) {
        let hinted = request.cookies[SessionCookies.signedInHintName]?.value == "1"
        let setCookies = response.headers[values: .setCookie]
        let sessionCookie = setCookies.first { $0.hasPrefix(SessionCookies.sessionName + "=") }
        let now = calendar.currentInstant
        if let sessionCookie {
            if sessionCookie.hasPrefix(SessionCookies.sessionName + "=;") {
                response.setCookie(SessionCookies.expired(SessionCookies.signedInHintName, request: request))
            } else {
                // A new session: the handler's cookie lasts the service's session lifetime.
                let expiresAt = now.addingTimeInterval(diary.settings.sessionLifetime)
                response.setCookie(SessionCookies.signedInHint(expiresAt: expiresAt, now: now, request: request))
            }
        } else if let session, !hinted {
            response.setCookie(SessionCookies.signedInHint(expiresAt: session.expiresAt, now: now, request: request))
        } else if session == nil, hinted {
            response.setCookie(SessionCookies.expired(SessionCookies.signedInHintName, request: request))
        }
    }

    static var accountHeader: HTTPFields.Element.Name { .xBoxOfficeAccount }
    static var expiresHeader: HTTPFields.Element.Name { .xBoxOfficeSessionExpires }

    /// A session's expiry as sent to the browser: RFC 3339 in UTC, whole seconds.
    static func expiryText(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// What ``accountHeader`` says for `session`: its account's label, or `none` without one.
    static func accountLabel(of session: DiarySession?) -> String {
        session.map { accountLabel($0.user) } ?? "none"
    }

    /// An account's label in ``accountHeader``: the same for every session of the account, and no use elsewhere.
    static func accountLabel(_ user: DiaryUser) -> String {
        EncodedBody.digest(of: ByteBuffer(string: "boxoffice-account:" + user.id.uuidString))
    }
}

/// Sends anonymous requests to the log-in page (`303`, with `next` set to the page they wanted).
struct RequireSessionMiddleware<Context: DiarySessionContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard context.session == nil else { return try await next(request, context) }
        // After logging in, a GET goes back to the same address; a form post to the page it came from is
        // unknown, so to the address without its query.
        let wanted = request.method == .get ? request.uri.description : request.uri.path
        let language = Language.explicitParameter(in: request)?.rawValue
        let target = LinkBuilder.link("/login", [("next", SafeRedirect.path(wanted)), ("lang", language)])
        return .redirect(to: target, type: .normal)
    }
}
