import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// A new password that takes the account's API tokens with it, when its owner ticks the box: someone who had the old
/// password may have made one.
@Suite("Account: a new password revoking API tokens")
struct PasswordChangeTokensPageTests {
    @Test(
        "the box shows only with tokens; ticked, every token of the account goes, nobody else's",
        arguments: DiaryWebBackend.enabled)
    func revokesTokens(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji", password: "correct horse")
            #expect(!(try await browser.get("/account").text.contains(#"name="revokeTokens""#)), "no token, no box")

            var tokens: [String] = []
            for _ in 0..<2 {
                tokens.append(try await client.token("minji", password: "correct horse"))
            }
            let other = try await client.account("joon", password: "joon's horse")
            let page = try await browser.get("/account").text
            #expect(page.contains(#"<input type="checkbox" name="revokeTokens" value="yes">"#))
            #expect(page.contains("Also revoke every API token"))

            let changed = try await browser.submit(
                on: "/account", to: "/account/password",
                [
                    ("currentPassword", "correct horse"), ("newPassword", "battery staple"),
                    ("newPasswordConfirm", "battery staple"), ("revokeTokens", "yes"),
                ])
            #expect(changed.status == .seeOther)
            #expect(changed.location == "/account?done=passwordAndTokens")
            for token in tokens {
                #expect(try await client.call(.get, "/api/v1/notes", token: token).status == .unauthorized)
            }
            #expect(try await client.call(.get, "/api/v1/notes", token: other).status == .ok, "another's stays")
            let done = try await browser.get("/account?done=passwordAndTokens").text
            #expect(done.contains("every API token was revoked"))
            #expect(!done.contains(#"name="revokeTokens""#), "none left")

            // Unticked, a token made with the new password outlives the next change, as the page says.
            let kept = try await client.token("minji", password: "battery staple")
            let again = try await browser.submit(
                on: "/account", to: "/account/password",
                [
                    ("currentPassword", "battery staple"), ("newPassword", "correct horse"),
                    ("newPasswordConfirm", "correct horse"),
                ])
            #expect(again.location == "/account?done=password")
            #expect(try await client.call(.get, "/api/v1/notes", token: kept).status == .ok)
        }
    }

    @Test("a wrong current password revokes nothing", arguments: DiaryWebBackend.enabled)
    func wrongPasswordKeepsTokens(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji", password: "correct horse")
            let token = try await client.token("minji", password: "correct horse")
            let refused = try await browser.submit(
                on: "/account", to: "/account/password",
                [
                    ("currentPassword", "nope nope"), ("newPassword", "battery staple"),
                    ("newPasswordConfirm", "battery staple"), ("revokeTokens", "yes"),
                ])
            #expect(refused.status == .badRequest)
            #expect(try await client.call(.get, "/api/v1/notes", token: token).status == .ok)
        }
    }

    @Test(
        "only the box's own value revokes: anything else changes the password and keeps the tokens",
        arguments: DiaryWebBackend.enabled)
    func otherValuesKeepTokens(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji", password: "password 0")
            let token = try await client.token("minji", password: "password 0")
            let values = ["on", "YES", "yes ", "", "예", String(repeating: "y", count: 2_000)]
            for (index, value) in values.enumerated() {
                let new = "password \(index + 1)"
                let changed = try await browser.submit(
                    on: "/account", to: "/account/password",
                    [
                        ("currentPassword", "password \(index)"), ("newPassword", new),
                        ("newPasswordConfirm", new), ("revokeTokens", value),
                    ])
                #expect(changed.status == .seeOther, "revokeTokens=\(value.prefix(10))")
                #expect(changed.location == "/account?done=password", "revokeTokens=\(value.prefix(10))")
                #expect(try await client.call(.get, "/api/v1/notes", token: token).status == .ok)
            }
        }
    }
}

extension TestClientProtocol {
    /// Logs in for a new API token.
    fileprivate func token(_ username: String, password: String) async throws -> String {
        let login = try await call(.post, "/api/v1/tokens", json: ["username": username, "password": password])
        #expect(login.status == .created, "\(login.text)")
        return try #require(login.jsonObject?["token"] as? String)
    }
}
