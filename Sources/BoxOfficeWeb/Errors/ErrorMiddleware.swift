import BoxOfficeCore
import Foundation
import Hummingbird
import Logging
import OpenAPIRuntime

/// Turns every thrown error into a response: `{"error":{"message":…}}` under `/api` (in the language the request
/// asks for, English when it names none), an HTTP error page elsewhere (in the page's language). Status codes and
/// words come from ``ErrorPresentation``.
///
/// Logs go to the request's logger, so they carry its request id. Expected server-side failures
/// (KOBIS or the store down) are warnings; an error nothing explains is logged at error level with
/// its type and description, while the client only sees a generic message and the request id.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let renderer: PageRenderer
    let isSampleMode: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            // The generated API routes wrap errors in the runtime's `ServerError`; the log names what went wrong.
            let error = (error as? ServerError)?.underlyingError ?? error
            let isAPI = Self.isAPIPath(request.uri.path)
            let language = isAPI ? Language.messages(of: request) : Language(request: request)
            var presentation = ErrorPresentation(error, language: language, isAPI: isAPI)
            let metadata: Logger.Metadata = [
                "path": "\(RequestLoggingMiddleware<Context>.loggablePath(request.uri.path))",
                "status": "\(presentation.status.code)",
                "error.type": "\(String(reflecting: type(of: error)))",
            ]
            if presentation.isUnexpected {
                context.logger.error(
                    "unexpected error", metadata: metadata.merging(["error": "\(Self.redacted(error))"]) { $1 })
                presentation.message += ErrorStrings.table(for: language).requestID(context.id)
            } else if case DiaryError.busy = error {
                // A flood's every refusal would be a warning line: the refusal is the flood handled.
                context.logger.debug("password checks full", metadata: metadata)
            } else if case BoxOfficeError.busy = error {
                context.logger.debug("archive questions full", metadata: metadata)
            } else if case WebError.importsBusy = error {
                context.logger.debug("imports full", metadata: metadata)
            } else if presentation.status.code >= 500 {
                context.logger.warning(
                    "request failed", metadata: metadata.merging(["error": "\(Self.redacted(error))"]) { $1 })
            }
            var response = errorResponse(
                presentation, isAPI: isAPI, request: request, context: context, language: language)
            // Headers the error carries (`Allow` on 405, `Retry-After` on 429) belong on the answer too.
            for field in presentation.headers where field.name != .contentType && field.name != .contentLength {
                response.headers.append(field)
            }
            // An error is about this request only: never kept by a browser or a proxy (a diary 404 must not be
            // served to the next person either).
            response.headers[.cacheControl] = "no-store"
            // Its words follow the reader's language.
            response.headers.addVary(["Accept-Language"])
            return response
        }
    }

    private func errorResponse(
        _ presentation: ErrorPresentation, isAPI: Bool, request: Request, context: Context, language: Language
    ) -> Response {
        if isAPI {
            return ResponseBuilders.jsonError(presentation)
        }
        let viewModel = ErrorPageViewModel(
            presentation: presentation, request: request, language: language, isSampleData: isSampleMode)
        do {
            return try renderer.render(viewModel, template: "error", status: presentation.status)
        } catch {
            // The templates are loaded at startup, so this only happens if one is missing. Plain text,
            // because the message may quote the request's input.
            context.logger.error("error page could not be rendered", metadata: ["error": "\(error)"])
            return Response(
                status: presentation.status, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: presentation.message)))
        }
    }

    /// The API's paths, and the JSON answers beside it that scripts read (`/session`, `/openapi.json`): their errors
    /// are JSON too.
    static func isAPIPath(_ path: String) -> Bool {
        path == "/api" || path.hasPrefix("/api/") || path == "/session" || path == "/openapi.json"
    }

    /// The error's description, one line, with the query of any URL in it removed (it may hold an API key).
    static func redacted(_ error: any Error) -> String {
        let text = String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
        return text.replacingOccurrences(
            of: #"(https?://[^\s?#"']*)\?[^\s"']*"#, with: "$1?…", options: .regularExpression)
    }
}
