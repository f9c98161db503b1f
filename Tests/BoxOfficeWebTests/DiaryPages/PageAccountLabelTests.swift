import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("Public pages say which account they were shown to (X-BoxOffice-Account)")
struct PageAccountLabelTests {
    static let publicPages = ["/daily", "/weekly", "/records/totals", "/market/years", "/movies/20231520"]

    @Test(
        "none for nobody, the account's label for a session, nothing on other answers; the page the same for all",
        arguments: DiaryWebBackend.enabled)
    func labels(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let status = try await browser.get("/session").jsonObject
            let account = try #require(status?["account"] as? String)
            let stranger = PageBrowser(client)
            for page in Self.publicPages {
                let anonymous = try await stranger.get(page)
                let signedIn = try await browser.get(page)
                #expect(anonymous.status == .ok && signedIn.status == .ok, "\(page)")
                #expect(anonymous.headers[.xBoxOfficeAccount] == "none", "\(page)")
                #expect(signedIn.headers[.xBoxOfficeAccount] == account, "\(page)")
                #expect(signedIn.headers[.vary]?.contains("Cookie") == true, "\(page): \(signedIn.headers)")
                // Only the private pages say when the session ends (the worker tells them apart by it).
                #expect(signedIn.headers[.xBoxOfficeSessionExpires] == nil, "\(page)")
                // The page is kept and the same for everyone: only the label is per person.
                #expect(anonymous.text == signedIn.text, "\(page)")
            }
            // A 304 for a page the browser has carries the label too (the browser takes its fields).
            let daily = try await client.get("/daily")
            let tag = try #require(daily.headers[.eTag])
            let cookie = try #require(await browser.cookies["boxoffice_session"])
            let revalidated = try await client.execute(
                uri: "/daily", method: .get,
                headers: [.ifNoneMatch: tag, .accept: "text/html", .cookie: "boxoffice_session=\(cookie)"]
            ) { $0 }
            #expect(revalidated.status == .notModified)
            #expect(revalidated.headers[.xBoxOfficeAccount] == account)
            // Error pages and the offline page are pages too; an error of the API is not.
            for path in ["/movies/99999999", "/no-such-page", "/daily?date=2099-01-01", "/offline"] {
                let page = try await browser.get(path)
                #expect(page.headers[.contentType]?.hasPrefix("text/html") == true, "\(path)")
                #expect(page.headers[.xBoxOfficeAccount] == account, "\(path): \(page.status)")
            }
            #expect(try await browser.get("/api/v1/movies/99999999").headers[.xBoxOfficeAccount] == nil)
            // Feeds, files and the API are not pages.
            for path in ["/feeds/daily.atom", "/health", "/api/v1/daily", "/manifest.webmanifest"] {
                #expect(try await browser.get(path).headers[.xBoxOfficeAccount] == nil, "\(path)")
            }
            // A session ended elsewhere (the same cookie, logged out from another device): the next public page says
            // nobody, which is what lets the worker drop the private copies it kept.
            let elsewhere = PageBrowser(client)
            await elsewhere.setCookie("boxoffice_session", cookie)
            #expect(try await elsewhere.submit(on: "/notes", to: "/logout", []).location == "/login?done=loggedOut")
            #expect(try await browser.get("/daily").headers[.xBoxOfficeAccount] == "none")
            // An account deleted through the API: its browser's next page says nobody at once, not seconds later.
            let jisoo = PageBrowser(client)
            try await jisoo.signUp("jisoo")
            #expect(try await jisoo.get("/daily").headers[.xBoxOfficeAccount] != "none")
            let token =
                try await client.call(
                    .post, "/api/v1/tokens", json: ["username": "jisoo", "password": "correct horse battery"]
                ).jsonObject?["token"] as? String
            let deleted = try await client.call(
                .post, "/api/v1/users/me/delete", token: token, json: ["password": "correct horse battery"])
            #expect(deleted.status == .noContent, "\(deleted.text)")
            #expect(try await jisoo.get("/daily").headers[.xBoxOfficeAccount] == "none")
            // A cookie that is no session at all is nobody too.
            await browser.setCookie("boxoffice_session", "bs_made-up")
            #expect(try await browser.get("/weekly").headers[.xBoxOfficeAccount] == "none")
        }
    }

    @Test("reading the label never extends the session", arguments: DiaryWebBackend.enabled)
    func neverExtends(backend: DiaryWebBackend) async throws {
        let clock = MovableClock(WebTestSupport.fixedNow)
        let day: TimeInterval = 86_400
        try await DiaryWebTestSupport.withApp(backend, now: { clock.now }) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let account = try #require(try await browser.get("/session").jsonObject?["account"] as? String)
            // In the second half of the session's life a diary page would extend it; public pages only read it.
            clock.advance(10 * day)
            #expect(try await browser.get("/records/totals").headers[.xBoxOfficeAccount] == account)
            clock.advance(4 * day + 60)
            // The session ended when it was made to (the label, kept a few seconds of real time, may still say it).
            #expect(try await browser.get("/session").text == #"{"signedIn":false}"#)
        }
    }
}
