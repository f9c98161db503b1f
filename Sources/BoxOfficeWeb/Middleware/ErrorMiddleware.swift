import BoxOfficeCore
import Hummingbird
import Logging

/// Turns every thrown error into a response: `{"error":{"message":…}}` under `/api`, an HTML
/// error page elsewhere. Status codes come from ``ErrorPresentation``.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let renderer: PageRenderer
    let isSampleMode: Bool
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            let presentation = ErrorPresentation(error)
            if presentation.status.code >= 500 {
                logger.warning(
                    "request failed",
                    metadata: ["path": "\(request.uri.path)", "status": "\(presentation.status.code)", "error": "\(error)"])
            }
            if Self.isAPIPath(request.uri.path) {
                return ResponseBuilders.jsonError(presentation)
            }
            let viewModel = ErrorPageViewModel(
                presentation: presentation, request: request, language: Language(request: request),
                isSampleData: isSampleMode)
            do {
                return try renderer.render(viewModel, template: "error", status: presentation.status)
            } catch {
                // The templates are loaded at startup, so this only happens if one is missing.
                return ResponseBuilders.html(presentation.message, status: presentation.status)
            }
        }
    }

    static func isAPIPath(_ path: String) -> Bool {
        path == "/api" || path.hasPrefix("/api/")
    }
}
