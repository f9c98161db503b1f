import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("Watchlist and notification pages")
struct WatchlistPageTests {
    @Test("add from the movie page's form, list, remove; marks for cached pages; another person's film is a 404")
    func pages() async throws {
        try await DiaryWebTestSupport.withApp(.sqlite) { client in
            let anonymous = try await client.get("/watchlist/marks?codes=A1")
            #expect(anonymous.text == #"{"signedIn":false}"#)
            #expect(anonymous.headers[.cacheControl] == "no-store")

            let minji = PageBrowser(client)
            try await minji.signUp("minji")
            let codes = try await client.sampleMovieCodes()
            let code = try #require(codes.first)
            let movie = try await client.get("/movies/\(code)")
            #expect(movie.text.contains("/watchlist/add?movie=\(code)"))
            let confirm = try await minji.get("/watchlist/add?movie=\(code)")
            #expect(confirm.status == .ok)
            let added = try await minji.submit(
                on: "/watchlist/add?movie=\(code)", to: "/watchlist",
                [("movieCode", code), ("next", "/movies/\(code)")])
            #expect(added.status == .seeOther)
            #expect(added.headers[.location] == "/movies/\(code)")
            let offsite = try await minji.submit(
                on: "/watchlist", to: "/watchlist", [("movieCode", code), ("next", "//evil.example/")])
            #expect(offsite.headers[.location] == "/watchlist")
            #expect(try await minji.get("/watchlist/add?movie=99999999").status == .notFound)

            let list = try await minji.get("/watchlist?sort=title")
            #expect(list.status == .ok)
            #expect(list.text.contains("/watchlist/\(code)/remove"))
            #expect(try await minji.get("/watchlist?sort=nonsense").status == .badRequest)
            let marks = try await minji.get("/watchlist/marks?codes=\(codes.prefix(3).joined(separator: ","))")
            #expect(marks.text.contains(#""listed":["\#(code)"]"#), "\(marks.text)")
            #expect(marks.text.contains(#""unread":0"#))

            let other = PageBrowser(client)
            try await other.signUp("other")
            let stolen = try await other.submit(on: "/watchlist", to: "/watchlist/\(code)/remove", [])
            #expect(stolen.status == .notFound)
            let refused = try await minji.post("/watchlist/\(code)/remove", [("csrf", "wrong")])
            #expect(refused.status == .forbidden)
            let removed = try await minji.submit(on: "/watchlist", to: "/watchlist/\(code)/remove", [])
            #expect(removed.status == .seeOther)
            #expect(try await minji.get("/watchlist").text.contains("/watchlist/\(code)/remove") == false)

            let notifications = try await minji.get("/notifications")
            #expect(notifications.status == .ok)
            #expect(notifications.text.contains("No notifications."))
            let read = try await minji.submit(on: "/notifications", to: "/notifications/read", [])
            #expect(read.status == .seeOther)
        }
    }
}
