import BoxOfficeCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KOBIS
import Testing

@testable import BoxOfficeWeb

@Suite("Watchlist marks on cached pages, the toggle, the unread count and the removal preference")
struct WatchlistMarksTests {
    /// 2024-03-20 12:00 in Seoul.
    static let start = Date(timeIntervalSince1970: 1_710_903_600 + 6 * 3600)

    @Test(
        "chart, search and movie pages carry the films' codes, the same for everyone; the toggle answers JSON",
        arguments: DiaryWebBackend.enabled)
    func toggle(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let minji = PageBrowser(client)
            try await minji.signUp("minji")
            let codes = try await client.sampleMovieCodes()
            let code = try #require(codes.first)

            let chartPath = "/daily?date=\(WebTestSupport.settledDate)"
            let anonymous = try await PageBrowser(client).get(chartPath)
            let mine = try await minji.get(chartPath)
            #expect(mine.status == .ok)
            #expect(mine.text == anonymous.text, "the chart page is the same for every reader")
            for listed in codes { #expect(mine.text.contains(#"data-movie-code="\#(listed)""#)) }
            #expect(mine.text.contains("data-watchlist-slot"))
            #expect(mine.text.contains(#"data-alerts-link data-marks-url="/watchlist/marks""#))
            #expect(mine.text.contains("Want to see") && mine.text.contains("On my watchlist"))
            #expect(mine.text.contains(#"data-add-action="/watchlist""#))
            let grid = try await minji.get(chartPath + "&view=grid")
            #expect(grid.text.contains(#"data-movie-code="\#(code)""#))
            let korean = try await client.get(chartPath + "&lang=ko")
            #expect(korean.text.contains("보고 싶어요") && korean.text.contains(">알림 <span"))
            #expect(korean.text.contains(#"data-unread-suffix="건 읽지 않음""#))
            let weekly = try await client.get("/weekly?date=\(WebTestSupport.settledDate)")
            #expect(weekly.text.contains("data-movie-code="))
            let search = try await client.get("/movies?q=2")
            #expect(search.text.contains("data-movie-code=") && search.text.contains("data-watchlist-slot"))
            let movie = try await client.get("/movies/\(code)")
            #expect(movie.text.contains(#"data-movie-code="\#(code)""#))
            #expect(movie.text.contains(#"data-watchlist-slot><a data-watchlist-fallback href="/watchlist/add?movie="#))

            // The page script's toggle: the session's token in X-CSRF-Token, JSON back.
            let token = try await minji.sessionCSRF()
            await minji.setExtraHeaders([
                .accept: "application/json", CSRFMiddleware<DiaryPageContext>.headerName: token,
            ])
            let added = try await minji.post("/watchlist", [("movieCode", code)])
            #expect(added.status == .ok, "\(added.text.prefix(300))")
            #expect(added.jsonObject?["listed"] as? Bool == true)
            #expect(added.jsonObject?["movieCode"] as? String == code)
            #expect(added.headers[.cacheControl] == "no-store")
            let again = try await minji.post("/watchlist", [("movieCode", code)])
            #expect(again.text == added.text, "adding twice keeps one item")
            let marks = try await minji.get("/watchlist/marks?codes=\(codes.joined(separator: ","))")
            #expect(marks.text.contains(#""listed":["\#(code)"]"#), "\(marks.text)")
            #expect(try await minji.post("/watchlist", [("movieCode", "99999999")]).status == .notFound)
            #expect(try await minji.post("/watchlist", [("movieCode", "<b>")]).status == .badRequest)
            #expect(try await minji.post("/watchlist", []).status == .badRequest)
            let tooMany = Array(repeating: code, count: 201).joined(separator: ",")
            #expect(try await minji.get("/watchlist/marks?codes=\(tooMany)").status == .badRequest)

            // A wrong or missing token changes nothing.
            await minji.setExtraHeaders([.accept: "application/json", CSRFMiddleware<DiaryPageContext>.headerName: "x"])
            #expect(try await minji.post("/watchlist/\(code)/remove", []).status == .forbidden)
            await minji.setExtraHeaders([.accept: "application/json"])
            #expect(try await minji.post("/watchlist/\(code)/remove", []).status == .forbidden)

            // Another person cannot take it off (404, as if it were not there), and sees no mark of it.
            let other = PageBrowser(client)
            try await other.signUp("other")
            let otherToken = try await other.sessionCSRF()
            await other.setExtraHeaders([
                .accept: "application/json", CSRFMiddleware<DiaryPageContext>.headerName: otherToken,
            ])
            #expect(try await other.post("/watchlist/\(code)/remove", []).status == .notFound)
            #expect(try await other.get("/watchlist/marks?codes=\(code)").text.contains(#""listed":[]"#))
            #expect(try await minji.get("/watchlist/marks?codes=\(code)").text.contains(#""listed":["\#(code)"]"#))

            await minji.setExtraHeaders([
                .accept: "application/json", CSRFMiddleware<DiaryPageContext>.headerName: token,
            ])
            let removed = try await minji.post("/watchlist/\(code)/remove", [])
            #expect(removed.status == .ok)
            #expect(removed.jsonObject?["listed"] as? Bool == false)
            #expect(removed.jsonObject?["movieCode"] as? String == code)
            #expect(try await minji.post("/watchlist/\(code)/remove", []).status == .notFound)
            #expect(try await minji.get("/watchlist/marks?codes=\(code)").text.contains(#""listed":[]"#))

            // The marks are the page's one per-person request: a stale signed-in hint is forgotten there too.
            let stale = PageBrowser(client)
            await stale.setCookie(SessionCookies.signedInHintName, "1")
            let nobody = try await stale.get("/watchlist/marks?codes=\(code)")
            #expect(nobody.text == #"{"signedIn":false}"#)
            let forgotten = try #require(nobody.setCookie(SessionCookies.signedInHintName))
            #expect(PageBrowser.parseSetCookie(forgotten).attributes["max-age"] == "0")

            // Without the script, the same routes still answer the form with a redirect.
            await minji.setExtraHeaders([:])
            let form = try await minji.post("/watchlist", [("csrf", token), ("movieCode", code), ("next", chartPath)])
            #expect(form.status == .seeOther)
            #expect(form.headers[.location] == chartPath)
        }
    }

    @Test(
        "the unread count comes with the marks; opening /notifications changes nothing, its POST form marks read",
        arguments: DiaryWebBackend.enabled
    )
    func unreadCount(backend: DiaryWebBackend) async throws {
        let clock = Locked(Self.start)
        try await DiaryWebTestSupport.withApp(backend, now: { clock.withLock { $0 } }) { client in
            let minji = PageBrowser(client)
            try await minji.signUp("minji")
            let chart = try await client.get("/api/v1/daily?date=2024-03-19")
            let codes = try #require(
                (chart.jsonObject?["entries"] as? [[String: Any]])?.compactMap { $0["movieCode"] as? String })
            for code in codes {
                #expect(
                    try await minji.submit(on: "/account", to: "/watchlist", [("movieCode", code)]).status == .seeOther)
            }
            #expect(try await minji.get("/watchlist/marks").text.contains(#""unread":0"#))

            // The next morning's chart alerts her.
            clock.withLock { $0 = Self.start.addingTimeInterval(86_400) }
            _ = try await client.get("/api/v1/daily?date=2024-03-20")
            let marks = try #require(try await minji.get("/watchlist/marks").jsonObject)
            let unread = try #require(marks["unread"] as? Int)
            #expect(unread > 0)
            #expect((marks["listed"] as? [String])?.isEmpty == true, "no codes asked, none answered")

            let other = PageBrowser(client)
            try await other.signUp("other")
            #expect(try await other.get("/watchlist/marks").text.contains(#""unread":0"#))
            #expect(!(try await other.get("/notifications").text.contains("data-mark-read")), "nothing to mark")

            // A GET shows the alerts and changes nothing: a link from another site opens it with her cookies.
            let page = try await minji.get("/notifications")
            #expect(page.status == .ok)
            #expect(page.text.components(separatedBy: #"<strong class="badge">New</strong>"#).count - 1 == unread)
            #expect(page.text.contains(#"<form class="mark-read" method="post" action="/notifications/read""#))
            #expect(try await minji.get("/watchlist/marks").text.contains(#""unread":\#(unread)"#))
            let twice = try await minji.get("/notifications")
            #expect(twice.text.components(separatedBy: #"<strong class="badge">New</strong>"#).count - 1 == unread)

            // The form without the session's token, or with another's, is refused and marks nothing.
            #expect(try await minji.post("/notifications/read", []).status == .forbidden)
            let othersToken = try await other.sessionCSRF()
            #expect(try await minji.post("/notifications/read", [("csrf", othersToken)]).status == .forbidden)
            #expect(try await minji.get("/watchlist/marks").text.contains(#""unread":\#(unread)"#))

            // The page script's post (`X-CSRF-Token`, JSON): the alerts the page showed are read.
            let ids = try #require(Self.hiddenValue("ids", in: page.text))
            #expect(ids.split(separator: ",").count == unread)
            let token = try await minji.sessionCSRF()
            await minji.setExtraHeaders([
                .accept: "application/json", CSRFMiddleware<DiaryPageContext>.headerName: token,
            ])
            let marked = try await minji.post("/notifications/read", [("ids", ids)])
            await minji.setExtraHeaders([:])
            #expect(marked.status == .ok)
            #expect(marked.jsonObject?["marked"] as? Int == unread)
            #expect(marked.jsonObject?["unread"] as? Int == 0)
            #expect(try await minji.get("/watchlist/marks").text.contains(#""unread":0"#))
            let again = try await minji.get("/notifications")
            #expect(!again.text.contains(#"<strong class="badge">New</strong>"#))
            #expect(!again.text.contains("data-mark-read"), "nothing left to mark")
            #expect(again.text.contains("entered the daily top 10"), "read alerts stay listed")

            // The no-script form marks every alert and goes back to the page; a bad id is a 400.
            let badID = try await minji.submit(on: "/account", to: "/notifications/read", [("ids", "nope")])
            #expect(badID.status == .badRequest)
            let plain = try await minji.submit(on: "/account", to: "/notifications/read", [])
            #expect(plain.status == .seeOther)
            #expect(plain.headers[.location] == "/notifications")
        }
    }

    /// The value of the hidden field `name` in a page.
    static func hiddenValue(_ name: String, in html: String) -> String? {
        guard let range = html.range(of: #"name="\#(name)" value=""#) else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    @Test(
        "the account page's removal preference, applied to notes saved on the page and through the API",
        arguments: DiaryWebBackend.enabled)
    func removalPreference(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let minji = PageBrowser(client)
            try await minji.signUp("minji")
            let codes = try await client.sampleMovieCodes()
            #expect(codes.count >= 4)
            func add(_ code: String) async throws {
                #expect(
                    try await minji.submit(on: "/account", to: "/watchlist", [("movieCode", code)]).status == .seeOther)
            }
            func listed(_ code: String) async throws -> Bool {
                try await minji.get("/watchlist/marks?codes=\(code)").text.contains(#""listed":["\#(code)"]"#)
            }
            func logNote(_ code: String) async throws -> TestResponse {
                try await minji.submit(
                    on: "/notes/new?movie=\(code)", to: "/notes",
                    [("movie", code), ("title", "x"), ("watchedOn", "2024-03-10")])
            }

            let account = try await minji.get("/account")
            #expect(account.text.contains(#"action="/account/watchlist""#))
            #expect(account.text.contains(#"<input type="radio" name="removal" value="ask" checked> Ask me"#))

            // Ask (the default): the note's page offers one button, which takes it off and comes back.
            try await add(codes[0])
            let saved = try await logNote(codes[0])
            #expect(saved.status == .seeOther)
            let location = try #require(saved.headers[.location])
            #expect(location.contains("done=saved") && location.contains("watchlist=offer"), "\(location)")
            let offer = try await minji.get(location)
            #expect(offer.text.contains(#"action="/watchlist/\#(codes[0])/remove""#))
            #expect(offer.text.contains("Take x off my watchlist"))
            #expect(try await listed(codes[0]), "asking leaves it on the list")
            let noteID = try #require(location.split(separator: "?").first.map(String.init))
            let taken = try await minji.submit(
                on: location, to: "/watchlist/\(codes[0])/remove", [("next", "\(noteID)?watchlist=removed")])
            #expect(taken.headers[.location] == "\(noteID)?watchlist=removed")
            #expect(try await minji.get("\(noteID)?watchlist=removed").text.contains("Taken off your watchlist."))
            #expect(try await listed(codes[0]) == false)
            // Once it is off the list, the same address offers nothing.
            #expect(!(try await minji.get(location).text.contains("off my watchlist")))
            // A note about a film that is not listed offers nothing either.
            let unlisted = try await logNote(codes[3])
            #expect(unlisted.headers[.location]?.contains("watchlist=offer") == false)

            // Always: taken off on saving, no offer.
            let always = try await minji.submit(on: "/account", to: "/account/watchlist", [("removal", "always")])
            #expect(always.headers[.location] == "/account?done=watchlist")
            let confirmed = try await minji.get("/account?done=watchlist")
            #expect(confirmed.text.contains("Your watchlist preference is saved."))
            #expect(confirmed.text.contains(#"value="always" checked"#))
            try await add(codes[1])
            let removedOnSave = try await logNote(codes[1])
            #expect(removedOnSave.headers[.location]?.contains("watchlist=offer") == false)
            #expect(try await listed(codes[1]) == false)

            // A note written offline is sent later by the service worker: the token in X-CSRF-Token, an
            // Idempotency-Key, sent twice. "Always" applies to it too.
            try await add(codes[3])
            let csrf = try await minji.sessionCSRF()
            await minji.setExtraHeaders([
                CSRFMiddleware<DiaryPageContext>.headerName: csrf,
                NoteController<DiaryPageContext>.idempotencyKeyHeader: "k1",
            ])
            for _ in 0..<2 {
                let sent = try await minji.post(
                    "/notes", [("movie", codes[3]), ("title", "offline"), ("watchedOn", "2024-03-12")])
                #expect(sent.status == .seeOther)
            }
            await minji.setExtraHeaders([:])
            #expect(try await listed(codes[3]) == false)

            // Never: left on, no offer.
            _ = try await minji.submit(on: "/account", to: "/account/watchlist", [("removal", "never")])
            try await add(codes[2])
            let kept = try await logNote(codes[2])
            #expect(kept.headers[.location]?.contains("watchlist=offer") == false)
            #expect(try await listed(codes[2]))

            // Bad input, and a forged form, change nothing.
            #expect(
                try await minji.submit(on: "/account", to: "/account/watchlist", [("removal", "sometimes")]).status
                    == .badRequest)
            #expect(try await minji.submit(on: "/account", to: "/account/watchlist", []).status == .badRequest)
            #expect(
                try await minji.post("/account/watchlist", [("csrf", "forged"), ("removal", "always")]).status
                    == .forbidden)
            #expect(try await minji.get("/account").text.contains(#"value="never" checked"#))

            // The API: "always" takes it off, "never" (and "ask") leave it.
            let login = try await client.call(
                .post, "/api/v1/tokens", json: ["username": "minji", "password": "correct horse battery"])
            let token = try #require(login.jsonObject?["token"] as? String)
            let note: [String: Any] = ["movieCode": codes[2], "watchedOn": "2024-03-11"]
            #expect(try await client.call(.post, "/api/v1/notes", token: token, json: note).status == .created)
            #expect(try await listed(codes[2]), "never: still listed")
            _ = try await minji.submit(on: "/account", to: "/account/watchlist", [("removal", "ask")])
            #expect(try await client.call(.post, "/api/v1/notes", token: token, json: note).status == .created)
            #expect(try await listed(codes[2]), "ask: an API client has no page to ask on")
            _ = try await minji.submit(on: "/account", to: "/account/watchlist", [("removal", "always")])
            #expect(try await client.call(.post, "/api/v1/notes", token: token, json: note).status == .created)
            #expect(try await listed(codes[2]) == false, "always: taken off")

            // Another person's preference and list are their own.
            let other = PageBrowser(client)
            try await other.signUp("other")
            #expect(try await other.get("/account").text.contains(#"value="ask" checked"#))
        }
    }
}
