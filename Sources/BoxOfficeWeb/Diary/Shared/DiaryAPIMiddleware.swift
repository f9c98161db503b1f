import BoxOfficeCore
import Hummingbird

/// Wraps every diary API route: ``DiaryError``s go on to the app's error middleware, which answers them as JSON
/// errors with their status (401 with `WWW-Authenticate`, 404, 409, 429 with `Retry-After`), and responses are marked
/// `Cache-Control: no-store` because they hold a user's private data. Other errors go on to the app's error
/// middleware.
struct DiaryAPIMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response = try await next(request, context)
        response.headers[.cacheControl] = "no-store"
        return response
    }
}

extension DiaryError {
    /// The status on the API: 401, 409, 429 or 404.
    var apiStatus: HTTPResponse.Status {
        switch self {
        case .unauthorized: return .unauthorized
        case .conflict: return .conflict
        case .tooManyAttempts: return .tooManyRequests
        case .notFound: return .notFound
        }
    }

    /// The status on a page: as on the API, except that a refusal is 403 (a page never asks the browser for
    /// credentials with `WWW-Authenticate`; anonymous visitors are sent to the log-in page before this).
    var pageStatus: HTTPResponse.Status {
        if case .unauthorized = self { return .forbidden }
        return apiStatus
    }

    /// Seconds for `Retry-After`, when waiting helps.
    var retryAfterSeconds: Int? {
        if case .tooManyAttempts(let seconds) = self { return seconds }
        return nil
    }
}

/// Lets a request through only with `Authorization: Bearer <token>` naming a live API token, and puts the
/// token's user into the context; otherwise a 401. Tokens are compared by their SHA-256, never logged.
struct BearerTokenAuthenticator<Context: DiaryAuthenticatedContext>: RouterMiddleware {
    let diary: DiaryAccountService

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard let header = request.headers[.authorization] else { throw DiaryError.unauthorized(.missingToken) }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw DiaryError.unauthorized(.missingToken)
        }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard let user = try await diary.authenticate(apiToken: token) else {
            throw DiaryError.unauthorized(.invalidToken)
        }
        var context = context
        context.identity = user
        return try await next(request, context)
    }
}
