import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBIS
import Testing

@testable import BoxOfficeWeb

@Suite("Watchlist and notification routes")
struct WatchlistAPITests {
    /// 2024-03-20 12:00 in Seoul.
    static let start = Date(timeIntervalSince1970: 1_710_903_600 + 6 * 3600)

    @Test(
        "add, list, sort, export, remove; unknown films and other people's items are 404s",
        arguments: DiaryWebBackend.enabled)
    func watchlist(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend, now: { Self.start }) { client in
            #expect(try await client.call(.get, "/api/v1/watchlist").status == .unauthorized)
            let minji = try await client.account("minji")
            let other = try await client.account("other")
            let chart = try await client.get("/api/v1/daily?date=2024-03-19")
            let code = try #require((chart.jsonObject?["entries"] as? [[String: Any]])?.first?["movieCode"] as? String)

            let added = try await client.call(.post, "/api/v1/watchlist", token: minji, json: ["movieCode": code])
            #expect(added.status == .created, "\(added.text)")
            let item = try #require(added.jsonObject)
            #expect(item["movieCode"] as? String == code)
            #expect(item["state"] as? String == "charted")
            #expect(item["rank"] as? Int == 1)
            #expect(Set(item.keys).isSuperset(of: ["movieCode", "title", "addedAt", "openDate", "state"]))
            let again = try await client.call(.post, "/api/v1/watchlist", token: minji, json: ["movieCode": code])
            #expect(again.status == .ok)
            #expect(again.jsonObject?["addedAt"] as? String == item["addedAt"] as? String)

            let unknown = try await client.call(
                .post, "/api/v1/watchlist", token: minji, json: ["movieCode": "99999999"])
            #expect(unknown.status == .notFound, "\(unknown.text)")
            let bad = try await client.call(.post, "/api/v1/watchlist", token: minji, json: ["movieCode": "<b>"])
            #expect(bad.status == .badRequest, "\(bad.text)")
            #expect(try await client.call(.post, "/api/v1/watchlist", token: minji, json: [:]).status == .badRequest)

            let list = try await client.call(.get, "/api/v1/watchlist?sort=OPENDATE", token: minji)
            #expect(list.status == .ok, "\(list.text)")
            #expect((list.jsonValue as? [[String: Any]])?.map { $0["movieCode"] as? String } == [code])
            let badSort = try await client.call(.get, "/api/v1/watchlist?sort=rating", token: minji)
            #expect(badSort.status == .badRequest)
            #expect(badSort.apiErrorMessage?.contains("added") == true, "\(badSort.text)")
            let korean = try await client.call(
                .get, "/api/v1/watchlist?sort=rating", token: minji, headers: [.acceptLanguage: "ko"])
            #expect(korean.status == .badRequest)
            #expect(korean.apiErrorMessage != badSort.apiErrorMessage, "worded in Korean")

            let theirs = try await client.call(.get, "/api/v1/watchlist", token: other)
            #expect((theirs.jsonValue as? [Any])?.isEmpty == true)
            #expect(try await client.call(.delete, "/api/v1/watchlist/\(code)", token: other).status == .notFound)

            let csv = try await client.call(.get, "/api/v1/watchlist/export?format=csv", token: minji)
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentDisposition]?.contains("boxoffice-watchlist-2024-03-20.csv") == true)
            #expect(csv.text.hasPrefix("\u{FEFF}movieCode,title,openDate,addedAt\r\n"))
            #expect(csv.text.contains(code))
            let letterboxd = try await client.call(.get, "/api/v1/watchlist/export?format=letterboxd", token: minji)
            #expect(letterboxd.text.hasPrefix("Date,Name,Year,Letterboxd URI\r\n2024-03-20,"), "\(letterboxd.text)")
            #expect(
                try await client.call(.get, "/api/v1/watchlist/export?format=json", token: minji).status == .badRequest)

            #expect(try await client.call(.delete, "/api/v1/watchlist/\(code)", token: minji).status == .noContent)
            #expect(try await client.call(.delete, "/api/v1/watchlist/\(code)", token: minji).status == .notFound)
            #expect(try await client.call(.delete, "/api/v1/watchlist/nothing", token: minji).status == .notFound)
        }
    }

    @Test(
        "a chart stored the next morning alerts the people watching its films, once", arguments: DiaryWebBackend.enabled
    )
    func notifications(backend: DiaryWebBackend) async throws {
        let clock = Locked(Self.start)
        try await DiaryWebTestSupport.withApp(backend, now: { clock.withLock { $0 } }) { client in
            let minji = try await client.account("minji")
            let other = try await client.account("other")
            let before = try await client.get("/api/v1/daily?date=2024-03-19")
            let codes = try #require(
                (before.jsonObject?["entries"] as? [[String: Any]])?.compactMap {
                    $0["movieCode"] as? String
                })
            for code in codes {
                let added = try await client.call(.post, "/api/v1/watchlist", token: minji, json: ["movieCode": code])
                #expect(added.status == .created)
            }
            let none = try await client.call(.get, "/api/v1/notifications", token: minji)
            #expect(none.jsonObject?["unread"] as? Int == 0, "the 19th's chart came before the films were listed")

            clock.withLock { $0 = Self.start.addingTimeInterval(86_400) }
            let next = try await client.get("/api/v1/daily?date=2024-03-20")
            let nextCodes = Set(
                (next.jsonObject?["entries"] as? [[String: Any]])?.compactMap { $0["movieCode"] as? String } ?? [])
            let listed = try await client.call(.get, "/api/v1/notifications", token: minji)
            #expect(listed.status == .ok)
            let alerts = try #require(listed.jsonObject?["notifications"] as? [[String: Any]])
            let top10 = Set(
                alerts.filter { $0["kind"] as? String == "top10" }.compactMap { $0["movieCode"] as? String })
            #expect(top10 == nextCodes.intersection(codes))
            let left = Set(alerts.filter { $0["kind"] as? String == "left" }.compactMap { $0["movieCode"] as? String })
            #expect(left == Set(codes).subtracting(nextCodes))
            #expect(alerts.allSatisfy { $0["date"] as? String == "2024-03-20" && $0["read"] as? Bool == false })
            #expect(Set(alerts.first?.keys.map { $0 } ?? []) == ["id", "kind", "movieCode", "title", "date", "read"])
            #expect(listed.jsonObject?["unread"] as? Int == alerts.count)

            // Fetching the day again stores it again: nothing new.
            _ = try await client.get("/api/v1/daily?date=2024-03-20")
            let again = try await client.call(.get, "/api/v1/notifications", token: minji)
            #expect((again.jsonObject?["notifications"] as? [Any])?.count == alerts.count)

            let theirs = try await client.call(.get, "/api/v1/notifications", token: other)
            #expect((theirs.jsonObject?["notifications"] as? [Any])?.isEmpty == true)
            let firstID = try #require(alerts.first?["id"] as? String)
            let stolen = try await client.call(
                .post, "/api/v1/notifications/read", token: other, json: ["ids": [firstID]])
            #expect(stolen.jsonObject?["marked"] as? Int == 0)
            #expect(
                try await client.call(.post, "/api/v1/notifications/read", token: minji, json: ["ids": ["nope"]]).status
                    == .badRequest)
            #expect(
                try await client.call(.get, "/api/v1/notifications?unread=maybe", token: minji).status == .badRequest)

            let one = try await client.call(.post, "/api/v1/notifications/read", token: minji, json: ["ids": [firstID]])
            #expect(one.jsonObject?["marked"] as? Int == 1)
            #expect(one.jsonObject?["unread"] as? Int == alerts.count - 1)
            let unread = try await client.call(.get, "/api/v1/notifications?unread=true", token: minji)
            #expect((unread.jsonObject?["notifications"] as? [Any])?.count == alerts.count - 1)
            let all = try await client.call(.post, "/api/v1/notifications/read", token: minji)
            #expect(all.status == .ok, "\(all.text)")
            #expect(all.jsonObject?["unread"] as? Int == 0)
        }
    }
}
