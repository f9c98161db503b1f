import BoxOfficeCore
import Hummingbird

/// Wraps every diary API route: ``DiaryError``s become JSON errors with their status (401 with
/// `WWW-Authenticate`, 409, 429 with `Retry-After`), and responses are marked `Cache-Control: no-store`
/// because they hold a user's private data. Other errors go on to the app's error middleware.
struct DiaryAPIMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as DiaryError {
            response = Self.response(for: error)
        }
        response.headers[.cacheControl] = "no-store"
        return response
    }

    static func response(for error: DiaryError) -> Response {
        let status: HTTPResponse.Status
        switch error {
        case .unauthorized: status = .unauthorized
        case .conflict: status = .conflict
        case .tooManyAttempts: status = .tooManyRequests
        }
        var response = ResponseBuilders.jsonError(ErrorPresentation(status: status, message: error.message))
        switch error {
        case .unauthorized:
            response.headers[.wwwAuthenticate] = "Bearer realm=\"BoxOffice\""
        case .tooManyAttempts(_, let seconds):
            response.headers[.retryAfter] = String(seconds)
        case .conflict:
            break
        }
        return response
    }
}

/// Lets a request through only with `Authorization: Bearer <token>` naming a live API token, and puts the
/// token's user into the context; otherwise a 401. Tokens are compared by their SHA-256, never logged.
struct BearerTokenAuthenticator<Context: DiaryAuthenticatedContext>: RouterMiddleware {
    let diary: DiaryService

    static var missingTokenMessage: String {
        "This route needs an API token: send \"Authorization: Bearer <token>\" (create one with POST /api/v1/tokens)."
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard let header = request.headers[.authorization] else { throw DiaryError.unauthorized(Self.missingTokenMessage) }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw DiaryError.unauthorized(Self.missingTokenMessage)
        }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard let user = try await diary.authenticate(apiToken: token) else {
            throw DiaryError.unauthorized("The API token is invalid or has been revoked.")
        }
        var context = context
        context.identity = user
        return try await next(request, context)
    }
}
