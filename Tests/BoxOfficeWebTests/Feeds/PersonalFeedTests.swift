import BoxOfficeCodecs
import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("A person's secret feed and calendar")
struct PersonalFeedTests {
    @Test(
        "the calendar holds the days the person watched films, the alerts feed is valid Atom; rotating revokes both",
        arguments: DiaryWebBackend.enabled)
    func personalFeeds(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let token =
                try await client.call(
                    .post, "/api/v1/tokens", json: ["username": "minji", "password": "correct horse battery"]
                ).jsonObject?["token"] as? String
            let codes = try await client.sampleMovieCodes()
            let note = try await client.createNote(
                try #require(token), ["movieCode": codes[0], "watchedOn": "2024-03-09", "memo": "둘이서; 좋았다, 정말\n다시"])
            let noteID = try #require(note["id"] as? String).lowercased()
            let title = try #require(note["title"] as? String)
            let listed = try await client.call(.post, "/api/v1/watchlist", token: token, json: ["movieCode": codes[1]])
            #expect(listed.status == .created, "\(listed.text)")
            let made = try await browser.submit(on: "/account/feeds", to: "/account/feeds/rotate", [])
            let secret = try #require(FeedAddressPageTests.shownSecret(made.text))

            let calendar = try await client.get("/feeds/u/\(secret)/calendar.ics?lang=en")
            #expect(calendar.status == .ok)
            #expect(calendar.headers[.contentType] == "text/calendar; charset=utf-8")
            #expect(calendar.headers[.cacheControl] == "private, no-cache")
            let text = calendar.text
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"))
            let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
            #expect(unfolded.contains("\r\nUID:note-\(noteID)@boxoffice\r\n"))
            #expect(unfolded.contains("\r\nDTSTART;VALUE=DATE:20240309\r\n"))
            #expect(unfolded.contains("\r\nSUMMARY:Watched: \(ICalendarWriter.escapeText(title))\r\n"))
            #expect(!unfolded.contains("좋았다"), "the memo stays private")
            #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
            let again = try await client.get("/feeds/u/\(secret)/calendar.ics?lang=en")
            #expect(again.text == text, "UIDs and stamps are stable across requests")

            let alerts = try await client.get("/feeds/u/\(secret)/alerts.atom")
            #expect(alerts.status == .ok)
            #expect(alerts.headers[.contentType] == "application/atom+xml; charset=utf-8")
            let feed = try AtomDocument(alerts.text)
            // The person is named by a label made from their account's id, not by the id itself (a feed reader's
            // servers read it), the same in the feed and the calendar, and across new addresses.
            let label = try #require(feed.feedID?.wholeMatch(of: #/tag:boxoffice,2024:alerts/([0-9a-f]{32})/#)?.1)
            #expect(unfolded.contains("\r\nUID:open-\(codes[1])-\(label)@boxoffice\r\n"), "\(unfolded.prefix(1500))")

            let remade = try await browser.submit(on: "/account/feeds", to: "/account/feeds/rotate", [])
            let newSecret = try #require(FeedAddressPageTests.shownSecret(remade.text))
            let newFeed = try AtomDocument(try await client.get("/feeds/u/\(newSecret)/alerts.atom").text)
            #expect(newFeed.feedID == feed.feedID)
            #expect(try await client.get("/feeds/u/\(secret)/calendar.ics").status == .notFound)
            #expect(try await client.get("/feeds/u/\(secret)/alerts.atom").status == .notFound)
            #expect(
                try await client.get("/feeds/u/bf_\(String(repeating: "A", count: 43))/alerts.atom").status == .notFound
            )
        }
    }

    @Test("the calendar lists the 1,000 notes watched last, not a whole diary")
    func calendarLimit() async throws {
        try await DiaryWebTestSupport.withApp(.sqlite) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let token = try #require(
                try await client.call(
                    .post, "/api/v1/tokens", json: ["username": "minji", "password": "correct horse battery"]
                ).jsonObject?["token"] as? String)
            // 1,001 notes, each watched a day after the one before from 2015-01-01.
            let file = String(decoding: DiaryLargeFiles.json(notes: 1_001), as: UTF8.self)
            let imported = try await client.call(
                .post, "/api/v1/notes/import?format=json", token: token, text: file)
            #expect(imported.status == .ok, "\(imported.text.prefix(300))")
            let made = try await browser.submit(on: "/account/feeds", to: "/account/feeds/rotate", [])
            let secret = try #require(FeedAddressPageTests.shownSecret(made.text))
            let calendar = try await client.get("/feeds/u/\(secret)/calendar.ics?lang=en")
            #expect(calendar.status == .ok)
            let text = calendar.text.replacingOccurrences(of: "\r\n ", with: "")
            #expect(text.components(separatedBy: "\r\nUID:note-").count - 1 == PersonalFeedService.watchedLimit)
            #expect(!text.contains("DTSTART;VALUE=DATE:20150101\r\n"), "the first day watched is left out")
            #expect(text.contains("DTSTART;VALUE=DATE:20150102\r\n"))
            #expect(text.contains("DTSTART;VALUE=DATE:20170927\r\n"), "the last day watched is listed")
        }
    }
}
