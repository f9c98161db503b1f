import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("Security headers and cookies")
struct SecurityHeadersTests {
    /// One request of every kind of response the app makes.
    static func probes(settled: String) -> [(
        label: String, method: HTTPRequest.Method, uri: String, body: ByteBuffer?, status: Int
    )] {
        [
            ("page", .get, "/daily?date=\(settled)", nil, 200),
            ("page HEAD", .head, "/daily?date=\(settled)", nil, 200),
            ("API", .get, "/api/v1/daily?date=\(settled)", nil, 200),
            ("API bad input", .get, "/api/v1/daily?date=2099-01-01", nil, 400),
            ("page bad input", .get, "/daily?date=yesterday", nil, 400),
            ("unknown page", .get, "/no/such/page", nil, 404),
            ("unknown API route", .get, "/api/v1/no-such-route", nil, 404),
            ("unknown movie", .get, "/api/v1/movies/00000000", nil, 404),
            ("redirect", .get, "/", nil, 303),
            ("redirect to log in", .get, "/notes", nil, 303),
            ("static file", .get, "/static/style.css", nil, 200),
            ("missing static file", .get, "/static/nothing.css", nil, 404),
            ("health", .get, "/health", nil, 200),
            ("metrics", .get, "/metrics", nil, 200),
            ("OpenAPI", .get, "/openapi.json", nil, 200),
            ("API method not allowed", .delete, "/api/v1/daily", nil, 405),
            ("page method not allowed", .put, "/daily", nil, 405),
            ("OPTIONS", .options, "/api/v1/daily", nil, 204),
            ("API unauthorized", .get, "/api/v1/notes", nil, 401),
            ("CSRF refused", .post, "/login", ByteBuffer(string: "username=a&password=b"), 403),
            (
                "API body too large", .post, "/api/v1/users",
                ByteBuffer(repeating: UInt8(ascii: "a"), count: (1 << 20) + 1), 413
            ),
            (
                "form body too large", .post, "/login", ByteBuffer(repeating: UInt8(ascii: "a"), count: (64 << 10) + 1),
                413
            ),
            ("sign-up page", .get, "/signup", nil, 200),
        ]
    }

    @Test("every kind of response carries the security headers: pages, JSON, errors, redirects, static files")
    func everyResponse() async throws {
        try await HardeningTestSupport.withApp { client, _, _ in
            for probe in Self.probes(settled: WebTestSupport.settledDate) {
                let response = try await client.send(probe.method, probe.uri, body: probe.body)
                #expect(
                    response.status.code == probe.status,
                    "\(probe.label): \(response.status) \(response.text.prefix(200))")
                HardeningTestSupport.expectSecurityHeaders(response, probe.label)
            }
        }
    }

    @Test("the CSP allows no inline script, no framing, no foreign form targets and no plugins")
    func contentSecurityPolicy() {
        let directives = Dictionary(
            uniqueKeysWithValues: SecurityHeadersMiddleware<BasicRequestContext>.contentSecurityPolicy
                .split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                .map { directive -> (String, String) in
                    let parts = directive.split(separator: " ", maxSplits: 1).map(String.init)
                    return (parts[0], parts.count > 1 ? parts[1] : "")
                })
        #expect(directives["script-src"] == "'self'")
        #expect(directives["style-src"] == "'self'")
        #expect(directives["default-src"] == "'self'")
        #expect(directives["frame-ancestors"] == "'none'")
        #expect(directives["form-action"] == "'self'")
        #expect(directives["object-src"] == "'none'")
        #expect(directives["base-uri"] == "'none'")
        #expect(!SecurityHeadersMiddleware<BasicRequestContext>.contentSecurityPolicy.contains("unsafe"))
    }

    @Test("cookies over plain HTTP: HttpOnly, SameSite=Lax, Path=/, not Secure")
    func plainHTTPCookies() async throws {
        try await HardeningTestSupport.withApp { client, _, _ in
            let browser = PageBrowser(client)
            let login = try await browser.get("/login")
            let csrf = try #require(login.setCookie("boxoffice_csrf"))
            let signUp = try await browser.signUp("cookie_user")
            let session = try #require(signUp.setCookie("boxoffice_session"))
            for (name, line) in [("boxoffice_csrf", csrf), ("boxoffice_session", session)] {
                let attributes = PageBrowser.parseSetCookie(line).attributes
                #expect(attributes["httponly"] != nil, "\(name): \(line)")
                #expect(attributes["samesite"]?.lowercased() == "lax", "\(name): \(line)")
                #expect(attributes["path"] == "/", "\(name): \(line)")
                #expect(attributes["secure"] == nil, "\(name) must work over plain HTTP: \(line)")
            }
            HardeningTestSupport.expectSecurityHeaders(signUp, "sign-up redirect")
        }
    }

    @Test(
        "with an https BOXOFFICE_PUBLIC_URL every cookie is Secure and every response has HSTS, without X-Forwarded-Proto"
    )
    func httpsPublicURL() async throws {
        try await HardeningTestSupport.withApp(configure: { $0.publicURL = URL(string: "https://boxoffice.example/") })
        { client, _, _ in
            let browser = PageBrowser(client)
            let login = try await browser.get("/login")
            let csrf = try #require(login.setCookie("boxoffice_csrf"))
            #expect(PageBrowser.parseSetCookie(csrf).attributes["secure"] != nil, "\(csrf)")
            let signUp = try await browser.signUp("secure_user")
            let session = try #require(signUp.setCookie("boxoffice_session"))
            #expect(PageBrowser.parseSetCookie(session).attributes["secure"] != nil, "\(session)")
            #expect(PageBrowser.parseSetCookie(session).attributes["httponly"] != nil, "\(session)")
            // Logging out expires the cookie, Secure too; exactly one Secure attribute on every line.
            let logout = try await browser.submit(on: "/logout", [])
            let expired = try #require(logout.setCookie("boxoffice_session"))
            #expect(PageBrowser.parseSetCookie(expired).attributes["secure"] != nil, "\(expired)")
            for line in [csrf, session, expired] {
                #expect(line.lowercased().components(separatedBy: "secure").count == 2, "one Secure: \(line)")
            }
            for probe in Self.probes(settled: WebTestSupport.settledDate) {
                let response = try await client.send(probe.method, probe.uri, body: probe.body)
                HardeningTestSupport.expectSecurityHeaders(response, probe.label, hsts: true)
            }
        }
    }

    @Test("an http BOXOFFICE_PUBLIC_URL changes nothing: no HSTS, cookies Secure only behind X-Forwarded-Proto: https")
    func httpPublicURL() async throws {
        try await HardeningTestSupport.withApp(configure: { $0.publicURL = URL(string: "http://boxoffice.example/") }) {
            client, _, _ in
            let plain = try await client.send(.get, "/login")
            HardeningTestSupport.expectSecurityHeaders(plain, "login", hsts: false)
            let line = try #require(plain.setCookie("boxoffice_csrf"))
            #expect(PageBrowser.parseSetCookie(line).attributes["secure"] == nil)
            let proxied = try await client.send(
                .get, "/login", headers: [HTTPFields.Element.Name("X-Forwarded-Proto")!: "https"])
            let secure = try #require(proxied.setCookie("boxoffice_csrf"))
            #expect(PageBrowser.parseSetCookie(secure).attributes["secure"] != nil)
        }
    }

    @Test("Set-Cookie values are recognised as Secure only by the attribute, not by a value that says so")
    func secureAttributeParsing() {
        typealias Headers = SecurityHeadersMiddleware<BasicRequestContext>
        #expect(Headers.isSecure(cookie: "a=b; Path=/; Secure; HttpOnly"))
        #expect(Headers.isSecure(cookie: "a=b; secure"))
        #expect(!Headers.isSecure(cookie: "secure=secure; Path=/"))
        #expect(!Headers.isSecure(cookie: "a=b; Path=/secure"))
    }
}
