import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("Diary pages: statistics, import and export")
struct DiaryStatsTransferPageTests {
    @Test("statistics: SVG bar charts with tables; a year in review; bad years", arguments: DiaryWebBackend.enabled)
    func statistics(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let empty = try await browser.get("/stats")
            #expect(empty.status == .ok)
            #expect(empty.text.contains("There are no notes to count yet."))
            #expect(!empty.text.contains("<svg"))

            let codes = try await client.sampleMovieCodes()
            try await DiaryPageTestSupport.writeNote(browser, movie: codes[0], watchedOn: "2023-12-30", rating: "4")
            try await DiaryPageTestSupport.writeNote(
                browser, movie: codes[0], watchedOn: "2024-01-05", rating: "5", place: "cinema")
            try await DiaryPageTestSupport.writeNote(browser, movie: codes[1], watchedOn: "2024-03-01", rating: "3")

            let page = try await browser.get("/stats")
            #expect(page.status == .ok)
            let html = page.text
            for id in [
                "chart-months", "chart-genres", "chart-nations", "chart-directors", "chart-ratings", "chart-share",
            ] {
                #expect(html.contains(#"id="\#(id)""#), "\(id)")
            }
            #expect(html.components(separatedBy: #"role="img" aria-labelledby="#).count - 1 >= 6)
            #expect(html.contains(#"<th scope="row">2024-01</th><td class="number">1</td>"#))
            #expect(
                html.contains(#"<th scope="row">2024-02</th><td class="number">0</td>"#),
                "months without notes are shown")
            #expect(html.contains("<dt>Average rating</dt><dd>4.00</dd>"))
            #expect(html.contains(#"<a href="/stats/2024">2024</a>"#))
            #expect(!html.contains("style="), "no inline styles: the CSP forbids them")
            // Every bar is in the chart's table too.
            let bars = html.components(separatedBy: #"<rect class="bar""#).count - 1
            let rows = html.components(separatedBy: #"<tr><th scope="row">"#).count - 1
            #expect(bars > 0 && rows >= bars)

            let year = try await browser.get("/stats/2024")
            #expect(year.status == .ok)
            #expect(year.text.contains("<h1>2024 in review</h1>"))
            #expect(year.text.contains("<dt>Days with a movie</dt><dd>2</dd>"))
            #expect(year.text.contains(#"<a href="/stats/2024" aria-current="page">2024</a>"#))
            #expect(year.text.contains(#"<th scope="row">2024-12</th><td class="number">0</td>"#), "all twelve months")
            #expect(!year.text.contains(#"<th scope="row">2023-12</th>"#))
            #expect(try await browser.get("/stats/2019").text.contains("No notes of movies watched in this year."))
            #expect(try await browser.get("/stats/1800").status == .badRequest)
            #expect(try await browser.get("/stats/20x4").status == .badRequest)
        }
    }

    @Test(
        "export downloads; import by upload or paste reports skipped rows; malformed files write nothing",
        arguments: DiaryWebBackend.enabled)
    func transfer(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let source = PageBrowser(client)
            try await source.signUp("minji")
            let codes = try await client.sampleMovieCodes()
            _ = try await source.submit(on: "/categories", [("name", "Favourites")])
            let favourite = try #require(
                DiaryPageTestSupport.categoryIDs(in: try await source.get("/categories").text).first)
            try await DiaryPageTestSupport.writeNote(
                source, movie: codes[0], watchedOn: "2024-03-01", rating: "4.5", memo: "a, \"b\"\nc",
                category: favourite)
            try await DiaryPageTestSupport.writeNote(source, movie: codes[1], watchedOn: "2024-03-02")

            let page = try await source.get("/import-export")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<a href="/export?format=csv" download>CSV</a>"#))
            #expect(page.text.contains(#"enctype="multipart/form-data""#))
            let csv = try await source.get("/export?format=csv")
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.headers[.contentDisposition] == "attachment; filename=\"boxoffice-diary-2024-03-20.csv\"")
            #expect(csv.headers[.cacheControl] == "no-store")
            let json = try await source.get("/export?format=json")
            #expect(json.headers[.contentType] == "application/json; charset=utf-8")
            #expect(try await source.get("/export?format=xml").status == .badRequest)

            let target = PageBrowser(client)
            try await target.signUp("jisoo")
            let token = try await target.sessionCSRF()
            let uploaded = try await target.postMultipart(
                "/import-export", [("csrf", token), ("format", "csv"), ("content", "")],
                file: ("file", "diary.csv", Data(csv.body.readableBytesView)))
            #expect(uploaded.status == .ok, "\(uploaded.text.prefix(500))")
            #expect(uploaded.text.contains("2 rows read: 2 imported, 0 skipped."))
            #expect(uploaded.text.contains("Categories created: Favourites"))
            #expect(try await DiaryPageTestSupport.noteTotal(target) == 2)

            // The same file again: every row is reported as skipped, with its reason.
            let again = try await target.postMultipart(
                "/import-export", [("csrf", token), ("format", "csv")],
                file: ("file", "diary.csv", Data(csv.body.readableBytesView)))
            #expect(again.text.contains("2 rows read: 0 imported, 2 skipped."))
            #expect(again.text.contains("already in your diary"))
            #expect(try await DiaryPageTestSupport.noteTotal(target) == 2)

            // Pasted JSON into a third account is lossless (memo with a quote, comma and line break).
            let third = PageBrowser(client)
            try await third.signUp("haneul")
            let pasted = try await third.submit(
                on: "/import-export", [("format", "json"), ("content", String(buffer: json.body))])
            #expect(pasted.status == .ok)
            #expect(pasted.text.contains("2 rows read: 2 imported, 0 skipped."))
            let ids = DiaryPageTestSupport.noteIDs(in: try await third.get("/notes?sort=watchedOn&order=asc").text)
            #expect(
                try await third.get("/notes/\(ids[0])").text.contains(
                    "<div class=\"note-memo\">a, &quot;b&quot;\nc</div>"))

            let malformed = try await third.submit(
                on: "/import-export", [("format", "json"), ("content", "{\"notes\": [")])
            #expect(malformed.status == .badRequest)
            #expect(malformed.text.contains("The file could not be imported:"))
            #expect(malformed.text.contains("{&quot;notes&quot;: ["), "the pasted text comes back")
            let nothing = try await third.submit(on: "/import-export", [("format", "csv"), ("content", "")])
            #expect(nothing.status == .badRequest)
            #expect(nothing.text.contains("Choose a file to import or paste its contents."))
            let noFormat = try await third.submit(on: "/import-export", [("format", "xls"), ("content", "a,b")])
            #expect(noFormat.status == .badRequest)
            #expect(try await DiaryPageTestSupport.noteTotal(third) == 2)
        }
    }
}
