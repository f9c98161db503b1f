import BoxOfficeCore
import Foundation
import HTTPTypes
import Hummingbird

/// Checks every form post (`POST`, and any other unsafe method) before a handler runs: the body is read
/// once into ``DiarySessionContext/form`` (a ``FormBody``, which the page then decodes into its own form type) and
/// its hidden `csrf` field (or the `X-CSRF-Token` header, which wins when both are sent) must equal the expected
/// token, else the request is refused with 403 and nothing is written. A body that is not a well-formed form is a 400 before any token is looked at.
///
/// Signed-in pages expect the session's own token; the sign-up and log-in forms, shown before any session
/// exists, expect the `boxoffice_csrf` cookie's token (a double-submit cookie).
struct CSRFMiddleware<Context: DiarySessionContext>: RouterMiddleware {
    enum Expected: Sendable {
        /// The token of the signed-in session.
        case session
        /// The token of the `boxoffice_csrf` cookie.
        case preSessionCookie
    }

    /// Where a script sends the token instead of the `csrf` field (the page script's offline queue, which asks
    /// `GET /session` for the current token after the reader signs in again).
    static var headerName: HTTPField.Name { HTTPField.Name("X-CSRF-Token")! }

    let expected: Expected
    /// Largest body accepted (an import file is the largest thing a diary form sends).
    let bodyLimit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard ![.get, .head, .options].contains(request.method) else { return try await next(request, context) }
        let form = try await FormBody.read(request, limit: bodyLimit)
        let given: String?
        if let header = request.headers[Self.headerName] {
            given = header
        } else {
            given = try form.decode(TokenField.self).csrf
        }
        let token: String?
        switch expected {
        case .session: token = context.session?.csrfToken
        case .preSessionCookie: token = SessionCookies.preSessionToken(in: request)
        }
        guard let token, let given, ConstantTime.equals(given, token) else {
            let strings = DiaryPageStrings.table(for: Language(request: request))
            throw HTTPError(.forbidden, message: strings.csrfRefused)
        }
        var context = context
        context.form = form
        return try await next(request, context)
    }
}

/// The one field the check reads from any form.
private struct TokenField: Decodable {
    var csrf: String?
}
