import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("CSRF on every state-changing form")
struct CSRFCoverageTests {
    /// Forms that must exist; the test covers every unsafe non-API route the router has, these and any added later.
    static let knownFormRoutes: Set<String> = [
        "POST /signup", "POST /login", "POST /logout", "POST /notes", "POST /notes/{id}/edit",
        "POST /notes/{id}/delete",
        "POST /categories", "POST /categories/{id}/rename", "POST /categories/{id}/move",
        "POST /categories/{id}/visibility", "POST /categories/{id}/delete", "POST /account/password",
        "POST /account/tokens", "POST /account/tokens/{id}/revoke", "POST /import-export",
    ]

    @Test("every POST (or other unsafe) page route refuses a form without the CSRF token, or with a wrong one")
    func everyFormRefusesWithoutToken() async throws {
        try await HardeningTestSupport.withApp { client, services, _ in
            let unsafe = try await HardeningTestSupport.routes(services).filter { route in
                ![.get, .head, .options].contains(route.method) && !route.path.hasPrefix("/api/")
            }
            let names = Set(unsafe.map { "\($0.method.rawValue) \($0.path)" })
            #expect(names.isSuperset(of: Self.knownFormRoutes), "missing: \(Self.knownFormRoutes.subtracting(names))")

            // Signed in, and an administrator, so only the CSRF check can refuse.
            let browser = PageBrowser(client)
            try await browser.signUp("csrf_admin")
            _ = try await services.administrators.setAdministrator(true, usernameKey: "csrf_admin")
            let refused = DiaryPageStrings.table(for: .english).csrfRefused
            let anyID = "6F1B6F37-0A6B-4C33-9A4F-5E7C1E7B1A01"
            for route in unsafe {
                let uri = route.path.replacingOccurrences(of: #"\{[^}]+\}"#, with: anyID, options: .regularExpression)
                for token in [nil, "wrong-token", ""] as [String?] {
                    var fields = [("name", "x"), ("username", "csrf_admin"), ("password", "correct horse battery")]
                    if let token { fields.append(("csrf", token)) }
                    let response = try await browser.post(uri, fields)
                    let label = "\(route.method) \(route.path) with csrf=\(token ?? "(none)")"
                    #expect(response.status == .forbidden, "\(label): \(response.status) \(response.text.prefix(200))")
                    #expect(response.text.contains(refused), "\(label): not the CSRF refusal")
                }
            }
            // Nothing was written, and the session survived every refused post (log-out included).
            let notes = try await browser.get("/notes")
            #expect(notes.status == .ok)
            #expect(notes.text.contains("Your diary is empty"))
            #expect(try await browser.get("/categories").text.contains("No categories yet"))
        }
    }

    @Test("the log-in and sign-up forms need the pre-session cookie's token; another browser's token fails")
    func preSessionForms() async throws {
        try await HardeningTestSupport.withApp { client, _, _ in
            let victim = PageBrowser(client)
            let page = try await victim.get("/login")
            let token = try #require(PageBrowser.csrfToken(in: page.text))
            // A forged form from another site carries a token it saw somewhere, but not the victim's cookie.
            let attacker = PageBrowser(client)
            _ = try await attacker.get("/signup")
            for uri in ["/login", "/signup"] {
                let forged = try await attacker.post(
                    uri,
                    [
                        ("csrf", token), ("username", "forged"), ("password", "correct horse battery"),
                        ("passwordConfirm", "correct horse battery"),
                    ])
                #expect(forged.status == .forbidden, "\(uri): \(forged.status)")
            }
            // The right cookie and token together work.
            let signUp = try await victim.submit(
                on: "/signup",
                [
                    ("username", "victim"), ("password", "correct horse battery"),
                    ("passwordConfirm", "correct horse battery"),
                ])
            #expect(signUp.status == .seeOther)
            #expect(
                try await client.send(
                    .post, "/api/v1/tokens", headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: #"{"username":"forged","password":"correct horse battery"}"#)
                ).status == .unauthorized,
                "the forged sign-up created nothing")
        }
    }
}
