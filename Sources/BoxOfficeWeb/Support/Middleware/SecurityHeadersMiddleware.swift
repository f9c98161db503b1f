import Foundation
import Hummingbird

/// Adds the security headers to every response (pages, JSON, errors, redirects, static files). The CSP
/// forbids inline scripts and styles, framing and foreign form targets.
///
/// When the app is published over HTTPS (`BOXOFFICE_PUBLIC_URL=https://…`, so a TLS proxy is in front),
/// responses also carry `Strict-Transport-Security` and every cookie is marked `Secure`, even when the proxy
/// does not send `X-Forwarded-Proto`.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// True when people reach the app over HTTPS.
    var publiclyHTTPS: Bool = false

    static var contentSecurityPolicy: String {
        "default-src 'self'; img-src 'self' data: https:; style-src 'self'; script-src 'self'; base-uri 'none'; "
            + "frame-ancestors 'none'; form-action 'self'; object-src 'none'"
    }
    static var strictTransportSecurity: String { "max-age=31536000" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "strict-origin-when-cross-origin"
        response.headers[.xFrameOptions] = "DENY"
        response.headers[.crossOriginOpenerPolicy] = "same-origin"
        response.headers[.permissionsPolicy] = "camera=(), microphone=(), geolocation=()"
        if publiclyHTTPS {
            response.headers[.strictTransportSecurity] = Self.strictTransportSecurity
            let cookies = response.headers[values: .setCookie]
            if cookies.contains(where: { !Self.isSecure(cookie: $0) }) {
                response.headers[values: .setCookie] = cookies.map { Self.isSecure(cookie: $0) ? $0 : $0 + "; Secure" }
            }
        }
        return response
    }

    /// Whether a `Set-Cookie` value already has the `Secure` attribute.
    static func isSecure(cookie: String) -> Bool {
        cookie.split(separator: ";").dropFirst().contains {
            $0.trimmingCharacters(in: .whitespaces).lowercased() == "secure"
        }
    }
}
