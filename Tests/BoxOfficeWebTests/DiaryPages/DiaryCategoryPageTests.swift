import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("Diary pages: categories")
struct DiaryCategoryPageTests {
    /// The category names in the page's order.
    static func names(_ html: String) -> [String] {
        html.matches(of: #/<a class="category-name" href="[^"]*">([^<]*)</a>/#).map { String($0.1) }
    }

    @Test("create, rename, reorder, hide and show", arguments: DiaryWebBackend.enabled)
    func manage(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let empty = try await browser.get("/categories")
            #expect(empty.text.contains("No categories yet. Categories are your own genres"))
            for name in ["Thrillers", "Comedies", "With family"] {
                let created = try await browser.submit(on: "/categories", [("name", name)])
                #expect(created.location == "/categories?done=created")
            }
            var page = try await browser.get("/categories").text
            #expect(Self.names(page) == ["Thrillers", "Comedies", "With family"])
            let ids = DiaryPageTestSupport.categoryIDs(in: page)
            #expect(ids.count == 3)

            // The first cannot move up, the last cannot move down.
            #expect(page.contains(#"aria-label="Move Thrillers up" disabled"#))
            #expect(page.contains(#"aria-label="Move With family down" disabled"#))
            _ = try await browser.submit(on: "/categories", to: "/categories/\(ids[2])/move", [("direction", "up")])
            page = try await browser.get("/categories").text
            #expect(Self.names(page) == ["Thrillers", "With family", "Comedies"])
            _ = try await browser.submit(on: "/categories", to: "/categories/\(ids[0])/move", [("direction", "down")])
            #expect(Self.names(try await browser.get("/categories").text) == ["With family", "Thrillers", "Comedies"])
            _ = try await browser.submit(on: "/categories", to: "/categories/\(ids[0])/move", [("direction", "down")])
            _ = try await browser.submit(on: "/categories", to: "/categories/\(ids[0])/move", [("direction", "down")])
            #expect(Self.names(try await browser.get("/categories").text) == ["With family", "Comedies", "Thrillers"])
            #expect(
                try await browser.submit(on: "/categories", to: "/categories/\(ids[0])/move", [("direction", "left")])
                    .status
                    == .badRequest)

            let renamed = try await browser.submit(
                on: "/categories", to: "/categories/\(ids[1])/rename", [("name", "Funny ones")])
            #expect(renamed.status == .seeOther)
            #expect(
                Self.names(try await browser.get("/categories").text) == ["With family", "Funny ones", "Thrillers"])
            let clash = try await browser.submit(
                on: "/categories", to: "/categories/\(ids[1])/rename", [("name", "thrillers")])
            #expect(clash.status == .conflict)
            #expect(clash.text.contains("You already have a category named &quot;thrillers&quot;."))
            #expect(clash.text.contains(#"value="thrillers""#), "what was typed comes back")
            let blank = try await browser.submit(on: "/categories", [("name", "  ")])
            #expect(blank.status == .badRequest)
            #expect(blank.text.contains("The name must not be empty."))
            let long = try await browser.submit(on: "/categories", [("name", String(repeating: "가", count: 51))])
            #expect(long.status == .badRequest)
            #expect(long.text.contains("The name must be at most 50 characters long."))
            #expect(Self.names(try await browser.get("/categories").text).count == 3, "nothing was written")

            _ = try await browser.submit(
                on: "/categories", to: "/categories/\(ids[0])/visibility", [("visible", "false")])
            page = try await browser.get("/categories").text
            #expect(page.contains("<span class=\"badge\">hidden</span>"))
            #expect(page.contains(#"<input type="hidden" name="visible" value="true">"#))
            try await DiaryPageTestSupport.writeNote(
                browser, movie: try #require(try await client.sampleMovieCodes().first))
            let notes = try await browser.get("/notes").text
            #expect(!notes.contains(">Thrillers (0)</a>"), "a hidden category has no tab")
            #expect(notes.contains("Thrillers (hidden)</option>"), "but it can still be filtered on")
            _ = try await browser.submit(
                on: "/categories", to: "/categories/\(ids[0])/visibility", [("visible", "true")])
            #expect(!(try await browser.get("/categories").text.contains("<span class=\"badge\">hidden</span>")))
        }
    }

    @Test("deleting a category asks what happens to its notes", arguments: DiaryWebBackend.enabled)
    func delete(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let code = try #require(try await client.sampleMovieCodes().first)
            for name in ["Old", "New", "Gone"] { _ = try await browser.submit(on: "/categories", [("name", name)]) }
            let ids = DiaryPageTestSupport.categoryIDs(in: try await browser.get("/categories").text)
            let (old, new, gone) = (ids[0], ids[1], ids[2])
            let first = try await DiaryPageTestSupport.writeNote(
                browser, movie: code, watchedOn: "2024-03-01", category: old)
            let second = try await DiaryPageTestSupport.writeNote(
                browser, movie: code, watchedOn: "2024-03-02", category: gone)

            let confirm = try await browser.get("/categories/\(old)/delete")
            #expect(confirm.status == .ok)
            #expect(confirm.text.contains("Delete the category “Old”?"))
            #expect(confirm.text.contains("It has 1 note. What happens to them?"))
            #expect(confirm.text.contains(#"<option value="\#(new)">New</option>"#))
            let token = try #require(PageBrowser.csrfToken(in: confirm.text))
            let undecided = try await browser.post("/categories/\(old)/delete", [("csrf", token)])
            #expect(undecided.status == .badRequest)
            #expect(undecided.text.contains("Choose what happens to the notes in this category."))
            let noTarget = try await browser.post(
                "/categories/\(old)/delete", [("csrf", token), ("notes", "move"), ("target", old)])
            #expect(noTarget.status == .badRequest)
            #expect(noTarget.text.contains("Choose the category to move the notes to."))

            let moved = try await browser.post(
                "/categories/\(old)/delete", [("csrf", token), ("notes", "move"), ("target", new)])
            #expect(moved.location == "/categories?done=deleted")
            #expect(try await browser.get("/notes/\(first)").text.contains("<dd>New</dd>"))
            _ = try await browser.submit(on: "/categories/\(gone)/delete", [("notes", "delete")])
            #expect(try await browser.get("/notes/\(second)").status == .notFound)
            _ = try await browser.submit(on: "/categories/\(new)/delete", [("notes", "uncategorize")])
            let kept = try await browser.get("/notes/\(first)")
            #expect(kept.status == .ok)
            #expect(!kept.text.contains("<dt>Category</dt>"))
            #expect(Self.names(try await browser.get("/categories").text).isEmpty)
            // An empty category goes without a question.
            _ = try await browser.submit(on: "/categories", [("name", "Empty")])
            let emptyID = try #require(
                DiaryPageTestSupport.categoryIDs(in: try await browser.get("/categories").text).first)
            let emptyConfirm = try await browser.get("/categories/\(emptyID)/delete")
            #expect(!emptyConfirm.text.contains("What happens to them?"))
            #expect(
                try await browser.submit(on: "/categories/\(emptyID)/delete", []).location == "/categories?done=deleted"
            )
        }
    }

    @Test("another user's category answers 404 and cannot be changed", arguments: DiaryWebBackend.enabled)
    func otherUser(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let owner = PageBrowser(client)
            try await owner.signUp("minji")
            _ = try await owner.submit(on: "/categories", [("name", "Mine")])
            let id = try #require(DiaryPageTestSupport.categoryIDs(in: try await owner.get("/categories").text).first)
            let other = PageBrowser(client)
            try await other.signUp("jisoo")
            for page in ["/categories/\(id)", "/categories/\(id)/delete", "/notes?category=\(id)"] {
                #expect(try await other.get(page).status == .notFound, "\(page)")
            }
            let token = try await other.sessionCSRF()
            #expect(
                try await other.post("/categories/\(id)/rename", [("csrf", token), ("name", "Theirs")]).status
                    == .notFound)
            #expect(
                try await other.post("/categories/\(id)/move", [("csrf", token), ("direction", "down")]).status
                    == .notFound)
            #expect(
                try await other.post("/categories/\(id)/visibility", [("csrf", token), ("visible", "false")]).status
                    == .notFound)
            #expect(
                try await other.post("/categories/\(id)/delete", [("csrf", token), ("notes", "delete")]).status
                    == .notFound)
            // Filing a note under it is refused too.
            let code = try #require(try await client.sampleMovieCodes().first)
            let note = try await other.submit(
                on: "/notes/new?movie=\(code)", to: "/notes",
                [("movie", code), ("title", "x"), ("watchedOn", "2024-03-01"), ("category", id)])
            #expect(note.status == .badRequest)
            let page = try await owner.get("/categories").text
            #expect(Self.names(page) == ["Mine"])
            #expect(!page.contains("badge"))
        }
    }
}
