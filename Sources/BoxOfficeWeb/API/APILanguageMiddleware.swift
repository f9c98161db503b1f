import BoxOfficeCore
import Hummingbird

/// Refuses a `lang` the API does not speak (400 naming the values it does), as every unknown parameter value is
/// refused; pages instead fall back to `Accept-Language`, since a link with a stale `lang` should still open.
struct APILanguageMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        if let requested = request.langParameter, Language(rawValue: requested) == nil {
            throw BoxOfficeError.invalid("lang", .oneOf(Language.allCases.map(\.rawValue)), value: requested)
        }
        return try await next(request, context)
    }
}
