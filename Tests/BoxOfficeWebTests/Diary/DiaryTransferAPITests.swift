import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

extension DiaryAPITests {
    @Suite("Diary API: export, import, statistics")
    struct DiaryTransferAPITests {
        @Test(
            "export in every format; JSON and CSV import into another account losslessly and never twice",
            arguments: DiaryWebBackend.enabled)
        func exportImport(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                let source = try await client.account("source")
                let codes = try await client.sampleMovieCodes()
                let category = try await client.call(
                    .post, "/api/v1/categories", token: source, json: ["name": "=위험한, \"이름\""])
                let categoryID = try #require(category.jsonObject?["id"] as? String)
                _ = try await client.createNote(
                    source,
                    [
                        "movieCode": codes[0], "watchedOn": "2024-03-01", "memo": "=cmd|' /C calc'!A0\n둘째 줄, \"따옴표\"",
                        "rating": 3.5,
                        "categoryId": categoryID, "place": "home",
                    ])
                _ = try await client.createNote(
                    source, ["movieCode": codes[1], "watchedOn": "2024-02-29", "title": "+제목"])

                for format in ["csv", "json", "letterboxd"] {
                    let export = try await client.call(.get, "/api/v1/notes/export?format=\(format)", token: source)
                    #expect(export.status == .ok)
                    #expect(
                        export.headers[.contentType]
                            == (format == "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8"))
                    #expect(export.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"boxoffice-") == true)
                    #expect(export.headers[.cacheControl] == "no-store")
                    if format != "json" {
                        #expect(
                            !export.text.contains(",=") && !export.text.contains("\"=") && !export.text.contains(",+"),
                            "\(format)")
                    }
                }
                #expect(try await client.call(.get, "/api/v1/notes/export", token: source).status == .badRequest)
                #expect(
                    try await client.call(.get, "/api/v1/notes/export?format=xml", token: source).status == .badRequest)

                let original = try await client.call(.get, "/api/v1/notes?sort=watchedOn", token: source)
                let originalNotes = try #require(original.jsonObject?["notes"] as? [[String: Any]])
                for format in ["json", "csv"] {
                    let target = try await client.account("target\(format)")
                    let file = try await client.call(.get, "/api/v1/notes/export?format=\(format)", token: source).text
                    let imported = try await client.call(
                        .post, "/api/v1/notes/import?format=\(format)", token: target, text: file)
                    #expect(imported.status == .ok, "\(imported.text)")
                    let report = try #require(imported.jsonObject)
                    #expect(report["imported"] as? Int == 2)
                    #expect(report["rows"] as? Int == 2)
                    #expect((report["skipped"] as? [Any])?.isEmpty == true)
                    #expect(report["categoriesCreated"] as? [String] == ["=위험한, \"이름\""])

                    let copied = try #require(
                        try await client.call(.get, "/api/v1/notes?sort=watchedOn", token: target).jsonObject?["notes"]
                            as? [[String: Any]])
                    #expect(copied.count == 2)
                    for (copy, note) in zip(copied, originalNotes) {
                        for field in [
                            "movieCode", "title", "watchedOn", "memo", "place", "createdAt", "releaseYear", "genres",
                            "nations", "directors",
                        ] {
                            #expect(
                                String(describing: copy[field]) == String(describing: note[field]), "\(format) \(field)"
                            )
                        }
                        #expect(copy["rating"] as? Double == note["rating"] as? Double)
                        #expect((copy["categoryId"] is NSNull) == (note["categoryId"] is NSNull))
                    }
                    let again = try await client.call(
                        .post, "/api/v1/notes/import?format=\(format)", token: target, text: file)
                    #expect(again.jsonObject?["imported"] as? Int == 0)
                    let skipped = try #require(again.jsonObject?["skipped"] as? [[String: Any]])
                    #expect(skipped.count == 2)
                    #expect((skipped.first?["reason"] as? String)?.hasPrefix("already in your diary") == true)
                    #expect(try await client.noteTotal(target) == 2)
                }
            }
        }

        @Test("malformed files answer 400 and write nothing", arguments: DiaryWebBackend.enabled)
        func malformedImports(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                let token = try await client.account("minji")
                let code = try #require(try await client.sampleMovieCodes().first)
                let cases: [(String, String, String)] = [
                    (
                        "csv", "movieCode,title,watchedOn\n\(code),\"never closed,2024-03-01\n",
                        "a quoted field is never closed"
                    ),
                    (
                        "csv", "movieCode,title,watchedOn\n\(code),제목,2024-03-01,extra\n",
                        "line 2: 4 fields, but the header has 3."
                    ),
                    ("csv", "Date,Name,Year\n2024-01-01,Dune,2021\n", "This is not a BoxOffice diary CSV file"),
                    (
                        "json", "{\"format\":\"boxoffice-diary\",\"version\":1,\"notes\":[",
                        "This is not a BoxOffice diary JSON file"
                    ),
                    ("json", "[{\"movieCode\":\"\(code)\"}]", "This is not a BoxOffice diary JSON file"),
                    ("letterboxd", "Title,When\nDune,2024-01-01\n", "This is not a Letterboxd diary file"),
                    ("csv", "", "The request body is empty"),
                ]
                for (format, body, message) in cases {
                    let response = try await client.call(
                        .post, "/api/v1/notes/import?format=\(format)", token: token, text: body)
                    #expect(response.status == .badRequest, "\(format) \(body)")
                    #expect(response.apiErrorMessage?.contains(message) == true, "\(response.text)")
                }
                let noFormat = try await client.call(.post, "/api/v1/notes/import", token: token, text: "x")
                #expect(noFormat.apiErrorMessage == "format must be csv, json or letterboxd.")
                #expect(try await client.noteTotal(token) == 0)
                let categories = try await client.call(.get, "/api/v1/categories", token: token)
                #expect((categories.jsonObject?["categories"] as? [Any])?.isEmpty == true)

                // Rows with bad values are reported; the good rows are imported.
                let mixed =
                    "movieCode,title,watchedOn,rating,category\n\(code),좋은 행,2024-03-01,4,새 분류\n\(code),미래,2030-01-01,,\n\(code),별점,2024-03-02,7,\n"
                let report = try await client.call(.post, "/api/v1/notes/import?format=csv", token: token, text: mixed)
                #expect(report.status == .ok)
                #expect(report.jsonObject?["imported"] as? Int == 1)
                let skipped = try #require(report.jsonObject?["skipped"] as? [[String: Any]])
                #expect(skipped.map { $0["row"] as? Int } == [3, 4])
                #expect(skipped.map { $0["title"] as? String } == ["미래", "별점"])
            }
        }

        @Test(
            "Letterboxd: rows match sample movies by title and year; a re-import adds nothing",
            arguments: DiaryWebBackend.enabled)
        func letterboxd(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                let token = try await client.account("minji")
                var lines = ["Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date"]
                var expectedCodes: [String] = []
                for code in try await client.sampleMovieCodes().prefix(3) {
                    let movie = try #require(try await client.get("/api/v1/movies/\(code)").jsonObject)
                    let english = movie["titleEnglish"] as? String ?? ""
                    let name = english.isEmpty ? (movie["title"] as? String ?? "") : english
                    let year = (movie["openDate"] as? String).map { String($0.prefix(4)) } ?? ""
                    lines.append("2024-03-10,\"\(name)\",\(year),https://boxd.it/x,4,,letterboxd,2024-03-09")
                    expectedCodes.append(code)
                }
                lines.append("2024-03-10,Surely Not A Sample Film,1999,,,,,2024-03-09")
                let file = lines.joined(separator: "\n")
                let first = try await client.call(
                    .post, "/api/v1/notes/import?format=letterboxd", token: token, text: file)
                #expect(first.status == .ok, "\(first.text)")
                #expect(first.jsonObject?["imported"] as? Int == 3, "\(first.text)")
                #expect(first.jsonObject?["categoriesCreated"] as? [String] == ["letterboxd"])
                let skipped = try #require(first.jsonObject?["skipped"] as? [[String: Any]])
                #expect(skipped.count == 1)
                #expect((skipped.first?["reason"] as? String)?.hasPrefix("no KOBIS movie is titled") == true)
                let notes = try #require(
                    try await client.call(.get, "/api/v1/notes?sort=created&order=asc", token: token).jsonObject?[
                        "notes"]
                        as? [[String: Any]])
                #expect(notes.compactMap { $0["movieCode"] as? String } == expectedCodes)
                #expect(notes.allSatisfy { $0["rating"] as? Double == 4 })

                let again = try await client.call(
                    .post, "/api/v1/notes/import?format=letterboxd", token: token, text: file)
                #expect(again.jsonObject?["imported"] as? Int == 0)
                #expect(try await client.noteTotal(token) == 3)
                let export = try await client.call(.get, "/api/v1/notes/export?format=letterboxd", token: token)
                #expect(export.text.hasPrefix("Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\r\n"))
            }
        }

        @Test("statistics for all time and for a year", arguments: DiaryWebBackend.enabled)
        func statistics(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                let token = try await client.account("minji")
                let codes = try await client.sampleMovieCodes()
                _ = try await client.createNote(token, ["movieCode": codes[0], "watchedOn": "2024-03-01", "rating": 4])
                _ = try await client.createNote(token, ["movieCode": codes[0], "watchedOn": "2024-03-02", "rating": 5])
                _ = try await client.createNote(
                    token, ["movieCode": codes[1], "watchedOn": "2023-12-31", "place": "cinema"])
                let all = try #require(try await client.call(.get, "/api/v1/stats", token: token).jsonObject)
                #expect(all["noteCount"] as? Int == 3)
                #expect(all["movieCount"] as? Int == 2)
                #expect(all["averageRating"] as? Double == 4.5)
                #expect(
                    (all["perMonth"] as? [[String: Any]])?.compactMap { $0["month"] as? String } == [
                        "2023-12", "2024-01", "2024-02", "2024-03",
                    ])
                #expect(all["review"] is NSNull)
                #expect(all["korean"] is [String: Any])
                #expect(all["topDirectors"] is [Any])
                let year = try #require(try await client.call(.get, "/api/v1/stats?year=2024", token: token).jsonObject)
                #expect(year["noteCount"] as? Int == 2)
                #expect((year["perMonth"] as? [Any])?.count == 12)
                let review = try #require(year["review"] as? [String: Any])
                #expect((review["rewatched"] as? [[String: Any]])?.first?["count"] as? Int == 2)
                #expect(try await client.call(.get, "/api/v1/stats?year=abc", token: token).status == .badRequest)
            }
        }
    }
}
