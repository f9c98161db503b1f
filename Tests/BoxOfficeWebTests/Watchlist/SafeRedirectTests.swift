import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// Issue 26, finding 8: every redirect target a request chooses goes through ``SafeRedirect``, the watchlist's `next`
/// as much as the log-in's. A browser drops tabs and newlines from a URL and reads `\` as `/`, so each of these would
/// leave the site.
@Suite("One safe-redirect rule for every next")
struct SafeRedirectTests {
    static let hostile = [
        "/\t/evil.example/", "/\n/evil.example/", "/\r\n/evil.example/", "//evil.example", "//evil.example/x",
        "/\\evil.example", "\\/evil.example", "/\\/evil.example", "https:evil.example", "https://evil.example",
        "http:/evil.example", "evil.example", "javascript:alert(1)", " /notes", "/notes\u{0}", "/notes\u{7F}",
        "/\u{3000}/evil.example", "/\u{FF0F}evil.example", "/notes\u{2028}", "\t//evil.example",
        "/%09/evil.example/".removingPercentEncoding ?? "", "/%5Cevil.example".removingPercentEncoding ?? "",
        String(repeating: "/a", count: 1001),
    ]

    @Test("the rule: local paths pass; other hosts, schemes, control characters and non-ASCII do not")
    func rule() {
        for candidate in Self.hostile {
            #expect(SafeRedirect.path(candidate) == nil, "\(candidate.debugDescription)")
        }
        for candidate in ["/notes", "/notes?page=2&lang=en", "/movies/20124079", "/%2F%2Fevil.example", "/%09/x"] {
            #expect(SafeRedirect.path(candidate) == candidate, "\(candidate)")
        }
        #expect(SafeRedirect.path("/login?next=/notes") == nil, "never back to the log-in page")
        #expect(WatchlistForms.localPath("/\t/evil.example/", fallback: "/watchlist") == "/watchlist")
    }

    @Test("the watchlist's forms go back to a local next only; every hostile spelling goes to /watchlist")
    func watchlistNext() async throws {
        try await DiaryWebTestSupport.withApp(.sqlite) { client in
            let minji = PageBrowser(client)
            try await minji.signUp("redirects")
            let code = try #require(try await client.sampleMovieCodes().first)
            let token = try await minji.sessionCSRF()
            let back = try await minji.post("/watchlist", [("csrf", token), ("movieCode", code), ("next", "/daily")])
            #expect(back.headers[.location] == "/daily")
            // The form reader trims surrounding whitespace (" /notes" arrives as "/notes"): those go to a local path.
            let posted =
                Self.hostile.filter { !$0.contains("/notes") } + ["%2F%2Fevil.example", "/\t/evil.example/?lang=en"]
            for next in posted {
                let added = try await minji.post("/watchlist", [("csrf", token), ("movieCode", code), ("next", next)])
                #expect(added.status == .seeOther, "\(next.debugDescription): \(added.status)")
                #expect(added.headers[.location] == "/watchlist", "\(next.debugDescription)")
                let removed = try await minji.post(
                    "/watchlist/\(code)/remove", [("csrf", token), ("next", next)])
                #expect(removed.headers[.location] == "/watchlist", "\(next.debugDescription)")
            }
            // The log-in page's `next` follows the same rule.
            let login = try await PageBrowser(client).get("/login?next=%2F%09%2Fevil.example%2F")
            #expect(!login.text.contains(#"name="next""#), "no hidden next to come back to")
        }
    }
}
