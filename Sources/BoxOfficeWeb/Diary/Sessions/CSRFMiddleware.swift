import BoxOfficeCore
import Foundation
import HTTPTypes
import Hummingbird

/// Checks every form post (`POST`, and any other unsafe method) before a handler runs: the `X-CSRF-Token` header
/// (which wins when sent) or the form's hidden `csrf` field must equal the expected token, else the request is
/// refused with 403 and nothing is written. The body is read once into ``DiarySessionContext/form`` (a
/// ``FormBody``, which the page then decodes into its own form type), within ``limits``.
///
/// The token is compared before a large body is read: from the header before any of it, from a multipart form's
/// first part (where the pages put `csrf`) before more than ``FormBody/firstPartLimit`` bytes; a URL-encoded body is
/// small on every route. With ``imports`` (the import pages), the person's one import at a time is taken then too,
/// before the file is read, and held until the answer is made; the file must arrive at the imports' pace.
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
    static var headerName: HTTPField.Name { .xCSRFToken }

    let expected: Expected
    /// Largest bodies accepted, by encoding (only the import pages take files).
    var limits = FormBody.Limits.small
    /// The imports under way, on the import pages.
    var imports: ImportsInProgress?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard ![.get, .head, .options].contains(request.method) else { return try await next(request, context) }
        let token: String?
        switch expected {
        case .session: token = context.session?.csrfToken
        case .preSessionCookie: token = SessionCookies.preSessionToken(in: request)
        }
        let header = request.headers[Self.headerName]
        let refused = HTTPError(
            .forbidden, message: DiaryPageStrings.table(for: Language(request: request)).csrfRefused)
        let importer = imports == nil ? nil : context.session?.user.id
        if let header {
            guard let token, ConstantTime.equals(header, token) else { throw refused }
        }
        var begun = false
        defer { if begun, let importer { imports?.end(importer) } }
        let form = try await FormBody.read(request, limits: limits, pace: imports?.pace) { field in
            guard let token, let given = header ?? field, ConstantTime.equals(given, token) else { throw refused }
            if let importer {
                try imports?.begin(importer)
                begun = true
            }
        }
        var context = context
        context.form = form
        return try await next(request, context)
    }
}
