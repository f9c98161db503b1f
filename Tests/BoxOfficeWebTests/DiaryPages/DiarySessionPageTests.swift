import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("Diary pages: sign-up, log-in, sessions, CSRF")
struct DiarySessionPageTests {
    static let diaryPages = [
        "/notes", "/notes?sort=title", "/notes/new", "/notes/new?movie=20231520", "/categories", "/stats",
        "/stats/2024",
        "/account", "/import-export", "/export?format=csv", "/logout",
        "/notes/0889E79A-9232-4436-99CE-8D0FD54642CF", "/categories/0889E79A-9232-4436-99CE-8D0FD54642CF/delete",
    ]

    @Test("anonymous requests to diary pages are sent to /login with next", arguments: DiaryWebBackend.enabled)
    func anonymousRedirect(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            for page in Self.diaryPages {
                let response = try await client.get(page)
                #expect(response.status == .seeOther, "\(page)")
                let expectedNext = page == "/logout" ? nil : PageBrowser.encode(page)
                #expect(response.location == "/login" + (expectedNext.map { "?next=\($0)" } ?? ""), "\(page)")
                #expect(response.headers[.cacheControl] == "no-store")
            }
            // A form post without a session is not performed: it is sent to log in, too.
            let post = try await client.execute(
                uri: "/notes", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "movie=20231520&title=x&watchedOn=2024-03-01")
            ) { $0 }
            #expect(post.status == .seeOther)
            #expect(post.location == "/login?next=%2Fnotes")
            // The language chosen in the address is carried to the log-in page.
            #expect(try await client.get("/stats?lang=en").location == "/login?next=%2Fstats%3Flang%3Den&lang=en")
        }
    }

    @Test(
        "sign up: CSRF cookie, session cookie attributes, empty diary with a guide", arguments: DiaryWebBackend.enabled)
    func signUp(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            let form = try await browser.get("/signup")
            #expect(form.status == .ok)
            #expect(form.text.contains("<h1>Sign up for the diary</h1>"))
            let csrfCookie = PageBrowser.parseSetCookie(try #require(form.setCookie("boxoffice_csrf")))
            #expect(csrfCookie.attributes["httponly"] != nil)
            #expect(csrfCookie.attributes["samesite"] == "Lax")
            #expect(csrfCookie.attributes["path"] == "/")
            #expect(csrfCookie.attributes["secure"] == nil)
            #expect(PageBrowser.csrfToken(in: form.text) == csrfCookie.value)

            let response = try await browser.signUp("minji")
            #expect(response.location == "/notes")
            let session = PageBrowser.parseSetCookie(try #require(response.setCookie("boxoffice_session")))
            #expect(session.value.hasPrefix("bs_"))
            #expect(session.attributes["httponly"] != nil)
            #expect(session.attributes["samesite"] == "Lax")
            #expect(session.attributes["path"] == "/")
            #expect(session.attributes["secure"] == nil, "plain HTTP: no Secure attribute")
            #expect(session.attributes["max-age"] == String(14 * 86_400), "the cookie lasts as long as the session")

            let notes = try await browser.get("/notes")
            #expect(notes.status == .ok)
            #expect(notes.headers[.cacheControl] == "no-store")
            #expect(notes.text.contains("Your diary is empty"))
            #expect(notes.text.contains(#"<strong>minji</strong>"#))
            #expect(
                notes.text.contains(
                    #"<a class="diary-link" href="/notes" aria-current="page" data-reader-link data-signed-out-label="Log in" data-signed-out-href="/login">My diary</a>"#
                ))
            // Signed in, the sign-up and log-in pages go to the diary.
            #expect(try await browser.get("/login").location == "/notes")
            #expect(try await browser.get("/signup?next=%2Fstats").location == "/stats")
        }
    }

    @Test("behind an HTTPS proxy the cookies are Secure", arguments: DiaryWebBackend.enabled)
    func secureCookies(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            await browser.setExtraHeaders([.init("X-Forwarded-Proto")!: "https"])
            let form = try await browser.get("/login")
            #expect(
                PageBrowser.parseSetCookie(try #require(form.setCookie("boxoffice_csrf"))).attributes["secure"] != nil)
            let response = try await browser.signUp("secure-user")
            let session = PageBrowser.parseSetCookie(try #require(response.setCookie("boxoffice_session")))
            #expect(session.attributes["secure"] != nil)
        }
    }

    @Test(
        "forms without the right CSRF token are refused with 403 and nothing is written",
        arguments: DiaryWebBackend.enabled)
    func csrf(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            _ = try await browser.get("/signup")
            let fields = [("username", "minji"), ("password", "correct horse"), ("passwordConfirm", "correct horse")]
            let missing = try await browser.post("/signup", fields)
            #expect(missing.status == .forbidden)
            #expect(missing.text.contains("security token is missing or wrong"))
            let wrong = try await browser.post("/signup", [("csrf", "not-the-token")] + fields)
            #expect(wrong.status == .forbidden)
            // A token from a page without the matching cookie (another browser's) is refused too.
            let other = PageBrowser(client)
            let otherToken = try #require(PageBrowser.csrfToken(in: try await other.get("/signup").text))
            #expect(try await browser.post("/signup", [("csrf", otherToken)] + fields).status == .forbidden)
            // Nothing was created: the name is still free.
            #expect(
                try await client.call(
                    .post, "/api/v1/tokens", json: ["username": "minji", "password": "correct horse"]
                ).status
                    == .unauthorized)

            try await browser.signUp("minji")
            let code = try #require(try await client.sampleMovieCodes().first)
            let note = [("movie", code), ("title", "x"), ("watchedOn", "2024-03-01")]
            #expect(try await browser.post("/notes", note).status == .forbidden)
            #expect(try await browser.post("/notes", [("csrf", "bad")] + note).status == .forbidden)
            // The pre-session token is no session token.
            let preSession = try #require(await browser.cookies["boxoffice_csrf"])
            #expect(try await browser.post("/notes", [("csrf", preSession)] + note).status == .forbidden)
            #expect(try await browser.post("/categories", [("name", "x")]).status == .forbidden)
            #expect(try await browser.post("/logout", []).status == .forbidden)
            #expect(try await DiaryPageTestSupport.noteTotal(browser) == 0)
            #expect(try await browser.get("/categories").text.contains("No categories yet"))
            // Still signed in after the refused log-out.
            #expect(try await browser.get("/notes").status == .ok)
        }
    }

    @Test("log in with next; wrong passwords; throttling", arguments: DiaryWebBackend.enabled)
    func logIn(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            _ = try await client.account("minji", password: "correct horse")
            let browser = PageBrowser(client)
            let wrong = try await browser.submit(on: "/login", [("username", "minji"), ("password", "wrong password")])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("Wrong username or password."))
            #expect(wrong.text.contains(#"value="minji""#), "the username is kept")
            #expect(await browser.cookies["boxoffice_session"] == nil)

            // next: only a path on this site.
            for (next, expected) in [
                ("/stats", "/stats"), ("/notes?sort=title", "/notes?sort=title"), ("https://evil.example/", "/notes"),
                ("//evil.example/x", "/notes"), ("/\\evil.example", "/notes"), ("javascript:alert(1)", "/notes"),
            ] {
                let fresh = PageBrowser(client)
                let page = try await fresh.get("/login?next=\(PageBrowser.encode(next))")
                #expect(page.status == .ok)
                let token = try #require(PageBrowser.csrfToken(in: page.text))
                let response = try await fresh.post(
                    "/login", [("csrf", token), ("username", "MINJI"), ("password", "correct horse"), ("next", next)])
                #expect(response.status == .seeOther)
                #expect(response.location == expected, "next=\(next)")
            }

            // Five failures within the window (the wrong password above still counts: a success gives back only its
            // own slot), then the form says to wait, even with the right password.
            let thief = PageBrowser(client)
            for _ in 0..<4 {
                let response = try await thief.submit(
                    on: "/login", [("username", "minji"), ("password", "guess guess")])
                #expect(response.status == .unauthorized)
            }
            let blocked = try await thief.submit(on: "/login", [("username", "minji"), ("password", "correct horse")])
            #expect(blocked.status == .tooManyRequests)
            #expect(blocked.headers[.retryAfter] != nil)
            #expect(blocked.text.contains("Too many wrong passwords"))
        }
    }

    @Test("log out ends the session in the database: a copied cookie stops working", arguments: DiaryWebBackend.enabled)
    func logOut(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let cookie = try #require(await browser.cookies["boxoffice_session"])
            let copy = PageBrowser(client)
            await copy.setCookie("boxoffice_session", cookie)
            #expect(try await copy.get("/notes").status == .ok)

            let confirm = try await browser.get("/logout")
            #expect(confirm.status == .ok)
            #expect(confirm.text.contains("Log out in this browser?"))
            let response = try await browser.submit(on: "/logout", [])
            #expect(response.status == .seeOther)
            #expect(response.location == "/login?done=loggedOut")
            let cleared = PageBrowser.parseSetCookie(try #require(response.setCookie("boxoffice_session")))
            #expect(cleared.value.isEmpty && cleared.attributes["max-age"] == "0")
            #expect(try await browser.get(response.location!).text.contains("You are logged out."))

            let stale = try await copy.get("/notes")
            #expect(stale.status == .seeOther)
            #expect(stale.location == "/login?next=%2Fnotes")
            // The dead cookie is forgotten, so the header offers to log in again.
            #expect(stale.setCookie("boxoffice_session").map(PageBrowser.parseSetCookie)?.attributes["max-age"] == "0")
            #expect(await copy.cookies["boxoffice_session"] == nil)
            // /session tells the page script that nobody is signed in, so the header offers to log in again.
            #expect(try await copy.get("/session").text == #"{"signedIn":false}"#)
        }
    }

    @Test(
        "the signed-in hint the page script reads follows the session: set at sign-up, readable by scripts, gone at log-out",
        arguments: DiaryWebBackend.enabled)
    func signedInHint(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            #expect(try await browser.get("/login").setCookie("boxoffice_signed_in") == nil)
            let signUp = try await browser.signUp("minji")
            let hint = PageBrowser.parseSetCookie(try #require(signUp.setCookie("boxoffice_signed_in")))
            #expect(hint.value == "1")
            #expect(hint.attributes["httponly"] == nil)
            #expect(hint.attributes["samesite"] == "Lax")
            #expect(Int(hint.attributes["max-age"] ?? "") ?? 0 > 86_400)
            // A browser signed in before the hint existed gets it on its next diary request; one that has it, not again.
            let cookie = try #require(await browser.cookies["boxoffice_session"])
            let older = PageBrowser(client)
            await older.setCookie("boxoffice_session", cookie)
            #expect(try await older.get("/session").setCookie("boxoffice_signed_in") != nil)
            #expect(try await older.get("/session").setCookie("boxoffice_signed_in") == nil)

            let response = try await browser.submit(on: "/logout", [])
            #expect(response.location == "/login?done=loggedOut")
            let cleared = PageBrowser.parseSetCookie(try #require(response.setCookie("boxoffice_signed_in")))
            #expect(cleared.value.isEmpty && cleared.attributes["max-age"] == "0")
            // The other browser's session ended with it: its hint is forgotten on its next request.
            let stale = try await older.get("/session")
            #expect(stale.text == #"{"signedIn":false}"#)
            #expect(
                stale.setCookie("boxoffice_signed_in").map(PageBrowser.parseSetCookie)?.attributes["max-age"] == "0")
        }
    }

    @Test("bad sign-ups show the form again with a 400 and the reasons", arguments: DiaryWebBackend.enabled)
    func badSignUps(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            let cases: [([(String, String)], HTTPResponse.Status, String)] = [
                (
                    [("username", "ab"), ("password", "correct horse"), ("passwordConfirm", "correct horse")],
                    .badRequest,
                    "Usernames are 3–32 letters"
                ),
                (
                    [("username", "minji"), ("password", "short"), ("passwordConfirm", "short")], .badRequest,
                    "Passwords are at least 8 characters"
                ),
                (
                    [("username", "minji"), ("password", "correct horse"), ("passwordConfirm", "correct horsf")],
                    .badRequest,
                    "The two passwords differ."
                ),
            ]
            for (fields, status, message) in cases {
                let response = try await browser.submit(on: "/signup", fields)
                #expect(response.status == status, "\(fields)")
                #expect(response.text.contains(message), "\(fields)")
                #expect(response.text.contains(#"<form class="diary-form" method="post" action="/signup">"#))
                #expect(!response.text.contains("correct horse"), "passwords are never sent back")
                #expect(response.setCookie("boxoffice_session") == nil)
            }
            _ = try await client.account("taken")
            let taken = try await browser.submit(
                on: "/signup",
                [("username", "TAKEN"), ("password", "correct horse"), ("passwordConfirm", "correct horse")])
            #expect(taken.status == .conflict)
            #expect(taken.text.contains("The username &quot;TAKEN&quot; is taken."))
        }
    }

    @Test(
        "account: change the password (other sessions end), API tokens shown once and revoked",
        arguments: DiaryWebBackend.enabled)
    func account(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji", password: "correct horse")
            let laptop = PageBrowser(client)
            _ = try await laptop.submit(on: "/login", [("username", "minji"), ("password", "correct horse")])
            #expect(try await laptop.get("/notes").status == .ok)

            let wrong = try await browser.submit(
                on: "/account", to: "/account/password",
                [
                    ("currentPassword", "nope nope"), ("newPassword", "battery staple"),
                    ("newPasswordConfirm", "battery staple"),
                ])
            #expect(wrong.status == .badRequest)
            #expect(wrong.text.contains("The current password is wrong."))
            let changed = try await browser.submit(
                on: "/account", to: "/account/password",
                [
                    ("currentPassword", "correct horse"), ("newPassword", "battery staple"),
                    ("newPasswordConfirm", "battery staple"),
                ])
            #expect(changed.status == .seeOther)
            #expect(changed.location == "/account?done=password")
            #expect(changed.setCookie("boxoffice_session") != nil, "this browser gets a new session")
            // Tokens are not signed out by a new password, and the page says so rather than promising it.
            let done = try await browser.get("/account?done=password").text
            #expect(done.contains("Password changed. Other browsers were logged out. API tokens keep working"))
            #expect(try await laptop.get("/notes").status == .seeOther, "the other browser was logged out")
            #expect(
                try await client.call(
                    .post, "/api/v1/tokens", json: ["username": "minji", "password": "battery staple"]
                ).status
                    == .created)

            let created = try await browser.submit(on: "/account", to: "/account/tokens", [("name", "<b>script</b>")])
            #expect(created.status == .ok)
            let secret = try #require(
                created.text.firstMatch(of: #/class="token-secret" value="(bo_[A-Za-z0-9_-]{43})"/#)
            ).1
            #expect(created.text.contains("&lt;b&gt;script&lt;/b&gt;"))
            #expect(!created.text.contains("<b>script</b>"))
            #expect(try await client.call(.get, "/api/v1/notes", token: String(secret)).status == .ok)
            let later = try await browser.get("/account")
            #expect(!later.text.contains(String(secret)), "the secret is shown once")
            // The row of this token (the API log-in above made another one).
            let revoke = try #require(
                later.text.firstMatch(
                    of: #/<td>&lt;b&gt;script&lt;/b&gt;</td>[\s\S]*?action="(/account/tokens/[0-9A-F-]{36}/revoke)"/#)
            ).1
            let revoked = try await browser.submit(on: "/account", to: String(revoke), [])
            #expect(revoked.location == "/account?done=revoked")
            #expect(try await client.call(.get, "/api/v1/notes", token: String(secret)).status == .unauthorized)
            #expect(try await browser.submit(on: "/account", to: String(revoke), []).status == .notFound)
        }
    }
}

extension PageBrowser {
    func setExtraHeaders(_ headers: HTTPFields) { extraHeaders = headers }
}
