import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("The account's feeds page: a secret address, shown once, rotated and turned off")
struct FeedAddressPageTests {
    /// The secret inside the calendar address a page shows, if it shows one.
    static func shownSecret(_ html: String) -> String? {
        guard let range = html.range(of: #"/feeds/u/(bf_[A-Za-z0-9_-]{43})/calendar\.ics"#, options: .regularExpression)
        else { return nil }
        return String(html[range].dropFirst("/feeds/u/".count).prefix(46))
    }

    @Test("make, rotate and turn off the address with the session's CSRF token", arguments: DiaryWebBackend.enabled)
    func lifecycle(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let account = try await browser.get("/account")
            #expect(account.text.contains(#"<a href="/account/feeds">Feeds and calendar</a>"#))

            let empty = try await browser.get("/account/feeds")
            #expect(empty.status == .ok)
            #expect(empty.headers[.cacheControl] == "no-store")
            #expect(empty.text.contains("You have no personal address yet."))
            #expect(empty.text.contains(#"href="/feeds/daily.atom""#))

            let forged = try await browser.post("/account/feeds/rotate", [("csrf", "not-the-token")])
            #expect(forged.status == .forbidden)

            let made = try await browser.submit(on: "/account/feeds", to: "/account/feeds/rotate", [])
            #expect(made.status == .ok)
            let first = try #require(Self.shownSecret(made.text), "the new address is shown")
            #expect(made.text.contains("/feeds/u/\(first)/alerts.atom"))
            #expect(made.text.contains("Copy it now"))

            let again = try await browser.get("/account/feeds")
            #expect(Self.shownSecret(again.text) == nil, "the address is shown once")
            #expect(again.text.contains("You have an address made on"))

            let rotated = try await browser.submit(on: "/account/feeds", to: "/account/feeds/rotate", [])
            let second = try #require(Self.shownSecret(rotated.text))
            #expect(second != first)
            #expect(rotated.text.contains("the old one no longer works"))

            let revoked = try await browser.submit(on: "/account/feeds", to: "/account/feeds/revoke", [])
            #expect(revoked.status == .seeOther)
            let after = try await browser.get("/account/feeds?done=revoked")
            #expect(after.text.contains("The address is turned off."))
            #expect(after.text.contains("You have no personal address yet."))
        }
    }

    @Test("without a session the page sends the reader to log in")
    func needsSession() async throws {
        try await DiaryWebTestSupport.withApp(.sqlite) { client in
            let response = try await client.get("/account/feeds")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location]?.hasPrefix("/login") == true)
        }
    }
}
