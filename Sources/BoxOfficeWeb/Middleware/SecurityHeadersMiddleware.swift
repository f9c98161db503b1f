import Hummingbird

/// Adds the security headers to every response. The CSP forbids inline scripts and styles.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var contentSecurityPolicy: String {
        "default-src 'self'; img-src 'self' data: https:; style-src 'self'; script-src 'self'; base-uri 'none'; "
            + "frame-ancestors 'none'; form-action 'self'"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        // swift-http-types has no predefined name for Referrer-Policy.
        response.headers[.init("Referrer-Policy")!] = "strict-origin-when-cross-origin"
        return response
    }
}
