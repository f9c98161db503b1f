import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("Diary pages: notes")
struct DiaryNotePageTests {
    @Test(
        "a note from a chart row keeps the chart day and rank; the note page shows it",
        arguments: DiaryWebBackend.enabled)
    func fromChartRow(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let chart = try await browser.get("/daily?date=\(WebTestSupport.settledDate)")
            let link = try #require(chart.text.firstMatch(of: #/<a class="add-to-diary" href="([^"]+)">/#)).1
                .replacingOccurrences(of: "&amp;", with: "&")
            let code = try #require(try await client.sampleMovieCodes().first)
            #expect(link == "/notes/new?movie=\(code)&chartDate=2024-03-15&rank=1")

            let form = try await browser.get(link)
            #expect(form.status == .ok)
            #expect(form.text.contains(#"<input type="hidden" name="chartDate" value="2024-03-15">"#))
            #expect(form.text.contains(#"<input type="hidden" name="chartRank" value="1">"#))
            #expect(form.text.contains("#1 on the box office chart of 2024-03-15"))
            // The watched date is a calendar date no later than today in Seoul (2024-03-20 in these tests).
            #expect(form.text.contains(#"type="date" value="2024-03-20" min="1900-01-01" max="2024-03-20""#))
            // Rating in half stars, as a real control.
            #expect(form.text.contains(#"<option value="4.5">4.5 ★★★★½</option>"#))
            #expect(form.text.contains(#"<option value="0.5">0.5 ½</option>"#))
            #expect(!form.text.contains(#"<option value="6""#))

            let token = try #require(PageBrowser.csrfToken(in: form.text))
            let saved = try await browser.post(
                "/notes",
                [
                    ("csrf", token), ("movie", code), ("title", "캐니언 제니스"), ("watchedOn", "2024-03-16"),
                    ("rating", "4.5"),
                    ("category", ""), ("place", "cinema"), ("memo", "첫 줄\r\n둘째 줄"), ("chartDate", "2024-03-15"),
                    ("chartRank", "1"),
                ])
            #expect(saved.status == .seeOther)
            let location = try #require(saved.location)
            let page = try await browser.get(location)
            #expect(page.status == .ok)
            #expect(page.text.contains("Note saved."))
            #expect(page.text.contains("#1 on the box office chart of 2024-03-15"))
            #expect(page.text.contains("4.5 out of 5 stars"))
            #expect(page.text.contains("<dd>Cinema</dd>"))
            #expect(page.text.contains("<div class=\"note-memo\">첫 줄\n둘째 줄</div>"))
            #expect(page.text.contains(#"<a href="/movies/\#(code)">캐니언 제니스</a>"#))

            // The same note through the API: the chart fields are stored.
            let apiToken = try await client.call(
                .post, "/api/v1/tokens", json: ["username": "minji", "password": "correct horse battery"])
            let secret = try #require(apiToken.jsonObject?["token"] as? String)
            let id = String(location.dropFirst("/notes/".count).prefix(36))
            let json = try #require(try await client.call(.get, "/api/v1/notes/\(id)", token: secret).jsonObject)
            #expect(json["chartDate"] as? String == "2024-03-15")
            #expect(json["chartRank"] as? Int == 1)
            #expect(json["memo"] as? String == "첫 줄\n둘째 줄")
            #expect(json["place"] as? String == "cinema")
        }
    }

    @Test("XSS in memos, titles and category names is shown as text", arguments: DiaryWebBackend.enabled)
    func escaping(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let code = try #require(try await client.sampleMovieCodes().first)
            let payload = "<img src=x onerror=alert(1)>"
            let category = try await browser.submit(on: "/categories", [("name", "<script>alert(1)</script>")])
            #expect(category.status == .seeOther)
            let categories = try await browser.get("/categories")
            let categoryID = try #require(DiaryPageTestSupport.categoryIDs(in: categories.text).first)
            let id = try await DiaryPageTestSupport.writeNote(
                browser, movie: code, memo: payload, category: categoryID, title: "\"><svg onload=alert(1)>")
            for page in [
                "/notes/\(id)", "/notes", "/notes/\(id)/edit", "/categories", "/notes?category=\(categoryID)",
                "/notes/new?movie=\(code)", "/stats",
            ] {
                let html = try await browser.get(page).text
                #expect(!html.contains(payload), "\(page)")
                #expect(!html.contains("<script>alert(1)</script>"), "\(page)")
                #expect(!html.contains("<svg onload"), "\(page)")
                #expect(
                    html.contains("&lt;script&gt;alert(1)&lt;/script&gt;") || page.hasPrefix("/notes/new")
                        || page == "/stats",
                    "\(page)")
            }
            let note = try await browser.get("/notes/\(id)").text
            #expect(note.contains("&lt;img src=x onerror=alert(1)&gt;"))
            #expect(note.contains("&quot;&gt;&lt;svg onload=alert(1)&gt;"))
        }
    }

    @Test("bad notes come back as a 400 form with the reason; nothing is written", arguments: DiaryWebBackend.enabled)
    func badInput(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let code = try #require(try await client.sampleMovieCodes().first)
            // Over the memo's 10,000 characters, within the form's body limit (about 90 KB once percent-encoded).
            let longMemo = String(repeating: "가나다라", count: 2501)
            let cases: [([(String, String)], String)] = [
                ([("title", "   ")], "The title must not be empty."),
                ([("watchedOn", "2024-03-21")], "The day watched cannot be in the future; the latest is 2024-03-20"),
                ([("watchedOn", "2023-02-30")], "The day watched must be a real date as YYYY-MM-DD."),
                ([("watchedOn", "")], "Choose the day you watched it."),
                ([("watchedOn", "1899-12-31")], "The day watched must be 1900-01-01 or later."),
                ([("rating", "6")], "The rating is 0.5 to 5 stars in half stars."),
                ([("rating", "4.3")], "The rating is 0.5 to 5 stars in half stars."),
                ([("memo", longMemo)], "The memo is too long: 10,004 characters; the limit is 10,000."),
                ([("place", "car")], "Where must be cinema or home."),
                ([("category", "0889E79A-9232-4436-99CE-8D0FD54642CF")], "There is no such category"),
                ([("chartDate", "2024-03-15"), ("chartRank", "0")], "The chart day and rank are not valid."),
            ]
            for (changes, message) in cases {
                var fields: [String: String] = [
                    "movie": code, "title": "제목", "watchedOn": "2024-03-15", "rating": "4", "memo": "좋았다", "place": "",
                    "category": "", "chartDate": "", "chartRank": "",
                ]
                for (name, value) in changes { fields[name] = value }
                let response = try await browser.submit(
                    on: "/notes/new?movie=\(code)", to: "/notes",
                    fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
                #expect(response.status == .badRequest, "\(changes.map(\.0))")
                #expect(response.text.contains(message), "\(changes.map(\.0)): \(response.text.prefix(2000))")
                #expect(response.text.contains(#"<form class="diary-form note-form" method="post" action="/notes">"#))
            }
            // Several problems at once are all reported; what was typed comes back.
            let many = try await browser.submit(
                on: "/notes/new?movie=\(code)", to: "/notes",
                [("movie", code), ("title", ""), ("watchedOn", "2099-01-01"), ("rating", "6"), ("memo", "남겨 둘 글 <b>")])
            #expect(many.status == .badRequest)
            #expect(many.text.contains("The title must not be empty."))
            #expect(many.text.contains("The day watched cannot be in the future"))
            #expect(many.text.contains("The rating is 0.5 to 5 stars"))
            #expect(many.text.contains("남겨 둘 글 &lt;b&gt;</textarea>"))
            #expect(many.text.contains(#"value="2099-01-01""#))
            // An unknown movie is a 404 page, a malformed code a 400.
            #expect(try await browser.get("/notes/new?movie=99999999").status == .notFound)
            #expect(try await browser.get("/notes/new?movie=..%2F..").status == .badRequest)
            #expect(try await browser.get("/notes/new?movie=\(code)&chartDate=2024-03-30&rank=1").status == .badRequest)
            #expect(try await browser.get("/notes/new?movie=\(code)&chartDate=2024-03-15").status == .badRequest)
            #expect(try await DiaryPageTestSupport.noteTotal(browser) == 0)
        }
    }

    @Test("edit, duplicate warning, delete with confirmation", arguments: DiaryWebBackend.enabled)
    func editAndDelete(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let code = try #require(try await client.sampleMovieCodes().first)
            _ = try await browser.submit(on: "/categories", [("name", "Thrillers")])
            let categoryID = try #require(
                DiaryPageTestSupport.categoryIDs(in: try await browser.get("/categories").text).first)
            let id = try await DiaryPageTestSupport.writeNote(
                browser, movie: code, watchedOn: "2024-03-10", rating: "3", category: categoryID, place: "home")

            let edit = try await browser.get("/notes/\(id)/edit")
            #expect(edit.status == .ok)
            #expect(edit.text.contains(#"<option value="3" selected>3 ★★★</option>"#))
            #expect(edit.text.contains(#"<option value="\#(categoryID)" selected>Thrillers</option>"#))
            #expect(edit.text.contains(#"id="place-home" name="place" value="home" checked"#))
            let token = try #require(PageBrowser.csrfToken(in: edit.text))
            let updated = try await browser.post(
                "/notes/\(id)/edit",
                [
                    ("csrf", token), ("title", "다시 쓴 제목"), ("watchedOn", "2024-03-11"), ("rating", ""),
                    ("category", ""),
                    ("place", "cinema"), ("memo", "고침"), ("movie", "20000000"),
                ])
            #expect(updated.status == .seeOther)
            #expect(updated.location == "/notes/\(id)?done=saved")
            let page = try await browser.get("/notes/\(id)").text
            #expect(page.contains("다시 쓴 제목"))
            #expect(page.contains("<dd>2024-03-11</dd>"))
            #expect(!page.contains("out of 5 stars"), "the rating was cleared")
            #expect(!page.contains("<dd>Thrillers</dd>"), "the category was cleared")
            #expect(page.contains("<dd>Cinema</dd>"))
            #expect(page.contains(#"href="/movies/\#(code)""#), "the movie never changes")

            // The same movie on the same day again: saved, with a warning on both sides.
            let newForm = try await browser.get("/notes/new?movie=\(code)")
            #expect(newForm.text.contains("You already have a note about this movie."))
            let duplicate = try await DiaryPageTestSupport.writeNote(browser, movie: code, watchedOn: "2024-03-11")
            let warned = try await browser.get("/notes/\(duplicate)").text
            #expect(warned.contains("You have another note about"))
            #expect(warned.contains(#"href="/notes/\#(id)""#))
            let rewatch = try await DiaryPageTestSupport.writeNote(browser, movie: code, watchedOn: "2024-03-12")
            let rewatchPage = try await browser.get("/notes/\(rewatch)").text
            #expect(!rewatchPage.contains("You have another note about"), "a rewatch on another day is no duplicate")
            #expect(rewatchPage.contains("Other viewings of this movie"))

            let bad = try await browser.submit(on: "/notes/\(id)/edit", [("title", ""), ("watchedOn", "2024-03-11")])
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains("The title must not be empty."))
            #expect(try await browser.get("/notes/\(id)").text.contains("다시 쓴 제목"), "nothing was written")

            let confirm = try await browser.get("/notes/\(id)/delete")
            #expect(confirm.status == .ok)
            #expect(confirm.text.contains("Delete your note about 다시 쓴 제목?"))
            let deleted = try await browser.submit(on: "/notes/\(id)/delete", [])
            #expect(deleted.location == "/notes?done=deleted")
            #expect(try await browser.get("/notes?done=deleted").text.contains("Note deleted."))
            #expect(try await browser.get("/notes/\(id)").status == .notFound)
            #expect(try await DiaryPageTestSupport.noteTotal(browser) == 2)
        }
    }

    @Test("another user's note answers 404 on every page and cannot be changed", arguments: DiaryWebBackend.enabled)
    func otherUser(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let owner = PageBrowser(client)
            try await owner.signUp("minji")
            let code = try #require(try await client.sampleMovieCodes().first)
            let id = try await DiaryPageTestSupport.writeNote(owner, movie: code, memo: "비밀")
            let other = PageBrowser(client)
            try await other.signUp("jisoo")
            for page in ["/notes/\(id)", "/notes/\(id)/edit", "/notes/\(id)/delete", "/notes/not-a-uuid"] {
                let response = try await other.get(page)
                #expect(response.status == .notFound, "\(page)")
                #expect(!response.text.contains("비밀"))
            }
            let token = try await other.sessionCSRF()
            let edit = try await other.post(
                "/notes/\(id)/edit",
                [("csrf", token), ("title", "hacked"), ("watchedOn", "2024-03-01"), ("memo", "hacked")])
            #expect(edit.status == .notFound)
            #expect(try await other.post("/notes/\(id)/delete", [("csrf", token)]).status == .notFound)
            #expect(!(try await other.get("/notes").text.contains(id)))
            let page = try await owner.get("/notes/\(id)")
            #expect(page.status == .ok)
            #expect(page.text.contains("비밀"))
            #expect(!page.text.contains("hacked"))
        }
    }

    @Test("the list sorts, filters, pages, and lists per category", arguments: DiaryWebBackend.enabled)
    func list(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let codes = try await client.sampleMovieCodes()
            _ = try await browser.submit(on: "/categories", [("name", "Drama")])
            let drama = try #require(
                DiaryPageTestSupport.categoryIDs(in: try await browser.get("/categories").text).first)
            let a = try await DiaryPageTestSupport.writeNote(
                browser, movie: codes[0], watchedOn: "2023-05-01", rating: "2", title: "Alpha")
            let b = try await DiaryPageTestSupport.writeNote(
                browser, movie: codes[1], watchedOn: "2024-01-02", rating: "5", category: drama, title: "Bravo")
            let c = try await DiaryPageTestSupport.writeNote(
                browser, movie: codes[2], watchedOn: "2024-02-03", rating: "3.5", title: "Charlie")

            func ids(_ query: String) async throws -> [String] {
                let page = try await browser.get("/notes" + query)
                #expect(page.status == .ok, "\(query): \(page.text.prefix(300))")
                return DiaryPageTestSupport.noteIDs(in: page.text)
            }
            #expect(try await ids("") == [c, b, a], "newest watched first by default")
            #expect(try await ids("?sort=watchedOn&order=asc") == [a, b, c])
            #expect(try await ids("?sort=title") == [a, b, c])
            #expect(try await ids("?sort=title&order=desc") == [c, b, a])
            #expect(try await ids("?sort=rating") == [b, c, a])
            #expect(try await ids("?sort=created") == [c, b, a])
            #expect(try await ids("?year=2024") == [c, b])
            #expect(try await ids("?rating=3.5") == [c])
            #expect(try await ids("?category=\(drama)") == [b])
            #expect(try await ids("?category=none") == [c, a])
            #expect(try await ids("?perPage=2") == [c, b])
            #expect(try await ids("?perPage=2&page=2") == [a])
            let paged = try await browser.get("/notes?perPage=2").text
            #expect(paged.contains("Page 1 of 2"))
            #expect(paged.contains(#"rel="next""#))
            let category = try await browser.get("/notes?category=\(drama)").text
            #expect(category.contains("<h1>Notes in “Drama”</h1>"))
            #expect(category.contains(#"aria-current="page">Drama (1)</a>"#))
            #expect(try await browser.get("/categories/\(drama)").location == "/notes?category=\(drama)")
            let none = try await browser.get("/notes?year=1999").text
            #expect(none.contains("No notes match these filters."))
            #expect(!none.contains("Your diary is empty"))
            #expect(try await browser.get("/notes?sort=popularity").status == .badRequest)
            #expect(try await browser.get("/notes?rating=6").status == .badRequest)
            #expect(try await browser.get("/notes?category=\(UUID().uuidString)").status == .notFound)
        }
    }

    @Test("new note without a movie: search first, then the form", arguments: DiaryWebBackend.enabled)
    func pickMovie(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let empty = try await browser.get("/notes/new")
            #expect(empty.status == .ok)
            #expect(empty.text.contains("Which movie did you watch?"))
            let chart = try #require(
                try await client.get("/api/v1/daily?date=2024-03-15").jsonObject?["entries"] as? [[String: Any]])
            let title = try #require(chart.first?["title"] as? String)
            let code = try #require(chart.first?["movieCode"] as? String)
            let found = try await browser.get("/notes/new?q=\(PageBrowser.encode(title))")
            #expect(found.status == .ok)
            #expect(found.text.contains(#"href="/notes/new?movie=\#(code)""#))
            let movieLink = try await browser.get("/movies/\(code)")
            #expect(movieLink.text.contains(#"<a href="/notes/new?movie=\#(code)">+ Add to my diary</a>"#))
        }
    }
}
