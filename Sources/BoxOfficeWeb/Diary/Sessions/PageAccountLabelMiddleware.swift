import BoxOfficeCore
import Hummingbird

/// Labels every page outside the diary (error pages and the offline page included) with the account it was shown to
/// (`X-BoxOffice-Account`, or `none`), as ``DiarySessionMiddleware`` labels the diary's: the service worker keeps
/// private copies per account and lets them go as soon as any page, online, answers for no account or another one (a
/// session ended on another device).
///
/// The page itself stays the same for everyone (kept); only the label is per request, and only where a session cookie
/// is sent: read as the session stands, never extended, and kept a few seconds (``AccountLabels``). A labelled page
/// varies by `Cookie`, so no shared cache hands one person's label to another. When the session cannot be read the
/// page goes out unlabelled, which the worker takes as saying nothing.
struct PageAccountLabelMiddleware<Context: RequestContext>: RouterMiddleware {
    let diary: DiaryAccountService
    let labels: AccountLabels

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response = try await next(request, context)
        guard response.headers[.xBoxOfficeAccount] == nil, Self.isPage(response, for: request) else { return response }
        var label = "none"
        if let cookieValue = request.cookies[SessionCookies.sessionName]?.value, !cookieValue.isEmpty {
            do {
                label = try await labels.label(for: cookieValue) {
                    DiarySessionMiddleware<DiaryPageContext>.accountLabel(
                        of: try await diary.currentSession(cookieValue: cookieValue))
                }
            } catch {
                return response
            }
        }
        response.headers[.xBoxOfficeAccount] = label
        response.headers.addVary(["Cookie"])
        return response
    }

    /// An HTML page, or the `304` that stands for one the browser has (its type is not repeated).
    static func isPage(_ response: Response, for request: Request) -> Bool {
        if let type = response.headers[.contentType] { return type.hasPrefix("text/html") }
        return response.status == .notModified && (request.headers[.accept] ?? "").contains("text/html")
    }
}
