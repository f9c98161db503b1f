import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// A stranger who knows a username can spend its five log-ins in 15 minutes; the browser its owner logged in on
/// before (or the API client given a device secret) is counted apart, and the password confirming a change or a
/// deletion is counted per account.
@Suite("Log-in: a remembered browser is counted apart")
struct RememberedBrowserTests {
    static let password = "correct horse battery"

    static func logIn(_ browser: PageBrowser, password: String = password) async throws -> TestResponse {
        try await browser.submit(on: "/login", [("username", "minji"), ("password", password)])
    }

    static func logOut(_ browser: PageBrowser) async throws {
        #expect(try await browser.submit(on: "/notes", to: "/logout", []).status == .seeOther)
    }

    @Test(
        "five wrong guesses by a stranger lock the username everywhere but on the browser its owner used",
        arguments: DiaryWebBackend.enabled)
    func strangerCannotLockOut(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let owner = PageBrowser(client)
            let signUp = try await owner.signUp("minji", password: Self.password)
            let device = try #require(
                signUp.headers[values: .setCookie].first { $0.hasPrefix(SessionCookies.deviceName + "=") })
            let attributes = PageBrowser.parseSetCookie(device).attributes
            #expect(
                attributes["path"] == "/login" && attributes["max-age"] == "31536000" && attributes["httponly"] != nil)
            #expect(attributes["samesite"]?.lowercased() == "lax")
            let secret = try #require(await owner.cookies[SessionCookies.deviceName])
            #expect(SecretToken.isWellFormed(secret, prefix: SecretToken.devicePrefix))
            try await Self.logOut(owner)

            for _ in 0..<5 {
                let guess = try await client.call(
                    .post, "/api/v1/tokens", json: ["username": "MINJI", "password": "guess guess"])
                #expect(guess.status == .unauthorized)
            }
            let api = try await client.call(
                .post, "/api/v1/tokens", json: ["username": "minji", "password": Self.password])
            #expect(api.status == .tooManyRequests, "the username is locked")
            let elsewhere = PageBrowser(client)
            #expect(try await Self.logIn(elsewhere).status == .tooManyRequests, "so is a browser never used")
            // A cookie of another shape, or one no browser of minji's holds, changes nothing.
            await elsewhere.setCookie(SessionCookies.deviceName, SecretToken.generate(prefix: SecretToken.devicePrefix))
            #expect(try await Self.logIn(elsewhere).status == .tooManyRequests)

            let back = try await Self.logIn(owner)
            #expect(back.status == .seeOther, "the owner's browser logs in: \(back.text.prefix(300))")
            #expect(
                !back.headers[values: .setCookie].contains { $0.hasPrefix(SessionCookies.deviceName + "=") },
                "the browser keeps the secret it has")
            // Signed in, the password confirming a change is counted per account, not per username.
            let change = try await owner.submit(
                on: "/account", to: "/account/password",
                [
                    ("currentPassword", Self.password), ("newPassword", "battery staple horse"),
                    ("newPasswordConfirm", "battery staple horse"),
                ])
            #expect(change.status == .seeOther, "\(change.text.prefix(300))")
            // A new password forgets the browsers remembered; this one is given a new secret at once.
            let renewed = try #require(await owner.cookies[SessionCookies.deviceName])
            #expect(renewed != secret)
            await elsewhere.setCookie(SessionCookies.deviceName, secret)
            let stolen = try await elsewhere.submit(
                on: "/login", [("username", "minji"), ("password", "battery staple horse")])
            #expect(stolen.status == .tooManyRequests, "the old secret counts for nothing")
        }
    }

    @Test(
        "an API client that sends back its device secret logs in while the username is locked",
        arguments: DiaryWebBackend.enabled)
    func apiClientCannotBeLockedOut(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            func tokenLogIn(_ username: String = "minji", password: String = Self.password, device: Any? = nil)
                async throws -> TestResponse
            {
                var body: [String: Any] = ["username": username, "password": password]
                if let device { body["device"] = device }
                return try await client.call(.post, "/api/v1/tokens", json: body)
            }
            _ = try await client.account("minji", password: Self.password)
            _ = try await client.account("yuna", password: Self.password)
            // A log-in that does not ask is given nothing: a script's hourly log-ins never push out the browsers.
            let plain = try await tokenLogIn()
            #expect(plain.status == .created && plain.jsonObject?["device"] == nil, "\(plain.text)")
            let first = try await tokenLogIn(device: "")
            #expect(first.status == .created)
            let device = try #require(first.jsonObject?["device"] as? String, "\(first.text)")
            #expect(SecretToken.isWellFormed(device, prefix: SecretToken.devicePrefix))
            let again = try await tokenLogIn(device: device)
            #expect(again.status == .created && again.jsonObject?["token"] is String)
            #expect(again.jsonObject?["device"] == nil, "the client keeps the secret it has: \(again.text)")
            let theirs = try #require(try await tokenLogIn("yuna", device: "").jsonObject?["device"] as? String)
            #expect(theirs != device)

            for _ in 0..<5 {
                #expect(try await tokenLogIn("MINJI", password: "guess guess").status == .unauthorized)
            }
            #expect(try await tokenLogIn().status == .tooManyRequests, "the username is locked")
            // Another account's secret, one no client holds, or no secret at all change nothing.
            for other in [theirs, SecretToken.generate(prefix: SecretToken.devicePrefix), "bd_", NSNull()] as [Any] {
                #expect(try await tokenLogIn(device: other).status == .tooManyRequests)
            }
            let back = try await tokenLogIn(device: device)
            #expect(back.status == .created, "the owner's client logs in: \(back.text.prefix(300))")
            #expect(back.jsonObject?["device"] == nil)

            // Its own tries are counted too: five wrong ones hold it as they hold anyone.
            for _ in 0..<5 {
                #expect(try await tokenLogIn(password: "wrong wrong", device: device).status == .unauthorized)
            }
            #expect(try await tokenLogIn(device: device).status == .tooManyRequests)
        }
    }

    @Test("the remembered browser has five tries of its own, then waits as anyone would")
    func browserHasItsOwnLimit() async throws {
        try await DiaryWebTestSupport.withApp(.sqlite) { client in
            let owner = PageBrowser(client)
            try await owner.signUp("minji", password: Self.password)
            try await Self.logOut(owner)
            for _ in 0..<5 {
                #expect(try await Self.logIn(owner, password: "wrong wrong").status == .unauthorized)
            }
            #expect(try await Self.logIn(owner).status == .tooManyRequests)
            // Its tries were its own: a log-in elsewhere (the API) is not held by them.
            #expect(
                try await client.call(.post, "/api/v1/tokens", json: ["username": "minji", "password": Self.password])
                    .status == .created)
        }
    }
}
