import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("Watchlist import and export")
struct WatchlistTransferTests {
    /// The settled sample chart's films: code, title and opening year.
    static func films(_ client: any TestClientProtocol) async throws -> [(code: String, title: String, year: Int?)] {
        let chart = try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
        let entries = try #require(chart.jsonObject?["entries"] as? [[String: Any]])
        return entries.compactMap { entry in
            guard let code = entry["movieCode"] as? String, let title = entry["title"] as? String else { return nil }
            return (code, title, (entry["openDate"] as? String).flatMap { Int($0.prefix(4)) })
        }
    }

    static func watchlist(_ client: any TestClientProtocol, _ token: String) async throws -> [[String: String]] {
        let list = try await client.call(.get, "/api/v1/watchlist", token: token)
        let items = try #require(list.jsonValue as? [[String: Any]])
        return items.map { item in
            var kept: [String: String] = [:]
            for key in ["movieCode", "title", "addedAt", "openDate"] { kept[key] = item[key] as? String }
            return kept
        }
    }

    @Test(
        "the diary's JSON export carries the watchlist; importing it into a fresh account restores it, twice adds nothing",
        arguments: DiaryWebBackend.enabled)
    func jsonRoundTrip(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let minji = try await client.account("minji")
            let films = try await Self.films(client)
            for film in films.prefix(3) {
                let added = try await client.call(
                    .post, "/api/v1/watchlist", token: minji, json: ["movieCode": film.code])
                #expect(added.status == .created, "\(added.text)")
            }
            _ = try await client.createNote(
                minji, ["movieCode": films[3].code, "watchedOn": "2024-03-01", "memo": "좋았다"])
            let export = try await client.call(.get, "/api/v1/notes/export?format=json", token: minji)
            #expect(export.status == .ok)
            let document = try #require(export.jsonObject)
            let exported = try #require(document["watchlist"] as? [[String: Any]])
            #expect(exported.count == 3)
            #expect(Set(exported.compactMap { $0["movieCode"] as? String }) == Set(films.prefix(3).map(\.code)))
            #expect(exported.allSatisfy { $0["title"] is String && $0["addedAt"] is String })
            #expect((document["notes"] as? [Any])?.count == 1)

            let original = try await Self.watchlist(client, minji)
            let fresh = try await client.account("fresh")
            let imported = try await client.call(
                .post, "/api/v1/notes/import?format=json", token: fresh, text: export.text)
            #expect(imported.status == .ok, "\(imported.text)")
            let report = try #require(imported.jsonObject)
            #expect(report["imported"] as? Int == 1)
            let watchlistReport = try #require(report["watchlist"] as? [String: Any])
            #expect(watchlistReport["rows"] as? Int == 3)
            #expect(watchlistReport["imported"] as? Int == 3)
            #expect((watchlistReport["skipped"] as? [Any])?.isEmpty == true)
            #expect(try await Self.watchlist(client, fresh) == original, "the same films, titles and added times")
            let reexport = try await client.call(.get, "/api/v1/notes/export?format=json", token: fresh)
            let restored = try #require(reexport.jsonObject?["watchlist"] as? [[String: Any]])
            #expect(
                try JSONSerialization.data(withJSONObject: restored, options: .sortedKeys)
                    == JSONSerialization.data(withJSONObject: exported, options: .sortedKeys),
                "the same entries to the millisecond, in the same order")

            let again = try await client.call(
                .post, "/api/v1/notes/import?format=json", token: fresh, text: export.text,
                headers: [.acceptLanguage: "en"])
            let second = try #require(again.jsonObject?["watchlist"] as? [String: Any])
            #expect(second["imported"] as? Int == 0)
            let skipped = try #require(second["skipped"] as? [[String: Any]])
            #expect(skipped.count == 3)
            #expect(skipped.allSatisfy { ($0["reason"] as? String)?.contains("already on your watchlist") == true })
            #expect(try await Self.watchlist(client, fresh).count == 3)
        }
    }

    @Test(
        "an export without a watchlist still imports; unknown films and bad entries are skipped rows",
        arguments: DiaryWebBackend.enabled)
    func oldAndBadFiles(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let token = try await client.account("minji")
            let films = try await Self.films(client)
            let old = """
                {"format":"boxoffice-diary","version":1,"exportedAt":"2024-03-01T00:00:00.000Z","categories":[],
                 "notes":[]}
                """
            let oldImport = try await client.call(.post, "/api/v1/notes/import?format=json", token: token, text: old)
            #expect(oldImport.status == .ok, "\(oldImport.text)")
            #expect(oldImport.jsonObject?["watchlist"] == nil, "a file without a watchlist reports none")

            let file = """
                {"format":"boxoffice-diary","version":1,"categories":[],"notes":[],"watchlist":[
                 {"movieCode":"\(films[0].code)","title":"\(films[0].title)","addedAt":"2024-03-02T01:02:03.456Z"},
                 {"movieCode":"99999999","title":"Nowhere","addedAt":"2024-03-02T01:02:03.456Z"},
                 {"movieCode":"<b>","title":"Bad","addedAt":"2024-03-02T01:02:03.456Z"},
                 {"movieCode":"\(films[1].code)","title":"No date"},
                 {"movieCode":"\(films[0].code)","title":"\(films[0].title)","addedAt":"2024-03-05T00:00:00.000Z"}
                ]}
                """
            let response = try await client.call(
                .post, "/api/v1/notes/import?format=json", token: token, text: file,
                headers: [.acceptLanguage: "en"])
            #expect(response.status == .ok, "\(response.text)")
            let report = try #require(response.jsonObject?["watchlist"] as? [String: Any])
            #expect(report["rows"] as? Int == 5)
            #expect(report["imported"] as? Int == 1)
            let skipped = try #require(report["skipped"] as? [[String: Any]])
            #expect(skipped.compactMap { $0["row"] as? Int } == [2, 3, 4, 5])
            #expect((skipped[0]["reason"] as? String)?.contains("no movie with code 99999999") == true, "\(skipped)")
            #expect((skipped[2]["reason"] as? String)?.contains("watchlist[3].addedAt") == true, "\(skipped)")
            #expect((skipped[3]["reason"] as? String)?.contains("already on your watchlist") == true)
            let listed = try await Self.watchlist(client, token)
            #expect(listed.map { $0["movieCode"] } == [films[0].code])
            #expect(listed.first?["addedAt"] == "2024-03-02T01:02:03Z")
        }
    }

    @Test(
        "Letterboxd's watchlist.csv: matched films are added, the rest reported; bad files are 400s in the reader's language",
        arguments: DiaryWebBackend.enabled)
    func letterboxd(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let token = try await client.account("minji")
            let films = try await Self.films(client)
            let csv =
                "Date,Name,Year,Letterboxd URI\r\n"
                + "2024-01-02,\(films[0].title),\(films[0].year.map(String.init) ?? ""),https://boxd.it/a\r\n"
                + "2024-01-03,\"\(films[1].title)\",,https://boxd.it/b\r\n"
                + "2024-01-04,No Such Film Anywhere,1999,https://boxd.it/c\r\n" + "2024-01-05,,2001,\r\n"
            #expect(
                try await client.call(.post, "/api/v1/watchlist/import?format=letterboxd", text: csv).status
                    == .unauthorized)
            let response = try await client.call(
                .post, "/api/v1/watchlist/import?format=letterboxd", token: token, text: csv,
                headers: [.contentType: "text/csv", .acceptLanguage: "en"])
            #expect(response.status == .ok, "\(response.text)")
            let report = try #require(response.jsonObject)
            #expect(report["rows"] as? Int == 4)
            #expect(report["imported"] as? Int == 2)
            #expect((report["kobisSearches"] as? Int ?? 0) >= 1)
            let skipped = try #require(report["skipped"] as? [[String: Any]])
            #expect(skipped.compactMap { $0["row"] as? Int } == [4, 5])
            #expect((skipped[0]["reason"] as? String)?.contains("No Such Film Anywhere") == true, "\(skipped)")
            let listed = try await Self.watchlist(client, token)
            #expect(Set(listed.compactMap { $0["movieCode"] }) == [films[0].code, films[1].code])
            let first = try #require(listed.first { $0["movieCode"] == films[0].code })
            #expect(first["title"] == films[0].title)
            #expect(first["addedAt"] == "2024-01-01T15:00:00Z", "the Date column, midnight in Seoul")

            let again = try await client.call(
                .post, "/api/v1/watchlist/import?format=letterboxd", token: token, text: csv)
            #expect(again.jsonObject?["imported"] as? Int == 0)
            #expect(try await Self.watchlist(client, token).count == 2)

            // Bad input: no format, another format, no Name column, ragged rows, an empty body.
            // The format is named in the reader's words, whatever the body and whichever language asks.
            let noFormat = try await client.call(
                .post, "/api/v1/watchlist/import?lang=en", token: token, text: csv,
                headers: [.acceptLanguage: "ko"])
            #expect(noFormat.status == .badRequest, "\(noFormat.text)")
            #expect(noFormat.apiErrorMessage == "format is required.", "\(noFormat.text)")
            let csvFormat = try await client.call(
                .post, "/api/v1/watchlist/import?format=csv", token: token, text: csv,
                headers: [.acceptLanguage: "en"])
            #expect(csvFormat.status == .badRequest)
            #expect(csvFormat.apiErrorMessage?.hasPrefix("format must be letterboxd") == true, "\(csvFormat.text)")
            let noName = try await client.call(
                .post, "/api/v1/watchlist/import?format=letterboxd", token: token,
                text: "Date,Title\r\n2024-01-01,x\r\n",
                headers: [.acceptLanguage: "en"])
            #expect(noName.status == .badRequest)
            #expect(noName.apiErrorMessage?.contains("Name") == true, "\(noName.text)")
            let korean = try await client.call(
                .post, "/api/v1/watchlist/import?format=letterboxd", token: token,
                text: "Date,Title\r\n2024-01-01,x\r\n",
                headers: [.acceptLanguage: "ko"])
            #expect(korean.status == .badRequest)
            #expect(korean.apiErrorMessage != noName.apiErrorMessage, "worded in Korean")
            let ragged = try await client.call(
                .post, "/api/v1/watchlist/import?format=letterboxd", token: token,
                text: "Date,Name,Year\r\n2024-01-01,x\r\n")
            #expect(ragged.status == .badRequest, "\(ragged.text)")
            let quote = try await client.call(
                .post, "/api/v1/watchlist/import?format=letterboxd", token: token, text: "Name\r\n\"open\r\n")
            #expect(quote.status == .badRequest, "\(quote.text)")
            let empty = try await client.call(
                .post, "/api/v1/watchlist/import?format=letterboxd", token: token, text: "")
            #expect(empty.status == .badRequest, "\(empty.text)")
            let huge = try await client.call(
                .post, "/api/v1/watchlist/import?format=letterboxd", token: token,
                text: "Name\r\n" + String(repeating: "x", count: 16 << 20))
            #expect(huge.status == .contentTooLarge)
            #expect(try await Self.watchlist(client, token).count == 2, "nothing added by bad files")
        }
    }

    @Test(
        "the watchlist page offers the Letterboxd import; the form needs the session's CSRF token",
        arguments: DiaryWebBackend.enabled)
    func page(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            _ = try await browser.signUp("minji")
            let films = try await Self.films(client)
            let watchlist = try await browser.get("/watchlist")
            #expect(watchlist.text.contains(#"<form class="diary-form" method="post" action="/watchlist/import""#))
            #expect(watchlist.text.contains("Import a Letterboxd watchlist"))
            let form = try await browser.get("/watchlist/import")
            #expect(form.status == .ok)
            #expect(form.text.contains(#"action="/watchlist/import""#))
            #expect(form.text.contains(#"enctype="multipart/form-data""#))
            let csv = Data("Date,Name,Year,Letterboxd URI\r\n2024-01-02,\(films[0].title),,\r\n".utf8)

            let token = try await browser.sessionCSRF()
            let forged = try await browser.postMultipart(
                "/watchlist/import", [("csrf", "wrong")], file: ("file", "watchlist.csv", csv))
            #expect(forged.status == .forbidden)
            let imported = try await browser.postMultipart(
                "/watchlist/import", [("csrf", token)], file: ("file", "watchlist.csv", csv))
            #expect(imported.status == .ok, "\(imported.text.prefix(500))")
            #expect(imported.text.contains("1 film read: 1 added to your watchlist, 0 skipped."))
            let list = try await browser.get("/watchlist")
            #expect(list.text.contains(films[0].title))

            // The diary's import page reports the watchlist of a JSON file (here: the film is listed already).
            let export = try await browser.get("/export?format=json")
            #expect(export.text.contains(#""watchlist""#))
            let diaryImport = try await browser.postMultipart(
                "/import-export", [("csrf", token), ("format", "json")],
                file: ("file", "diary.json", Data(export.text.utf8)))
            #expect(diaryImport.status == .ok)
            #expect(diaryImport.text.contains("Watchlist: 1 film read, 0 added, 1 skipped."), "\(diaryImport.text)")
            #expect(diaryImport.text.contains("<caption>Skipped watchlist films</caption>"))
            #expect(diaryImport.text.contains("already on your watchlist."))

            let bad = try await browser.postMultipart(
                "/watchlist/import", [("csrf", token)], file: ("file", "watchlist.csv", Data("Title\r\nx\r\n".utf8)))
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains("The file could not be imported"), "\(bad.text.prefix(800))")
            let nothing = try await browser.postMultipart("/watchlist/import", [("csrf", token)], file: nil)
            #expect(nothing.status == .badRequest)
        }
    }
}
