import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("Diary pages: the notes page kept until the diary changes")
struct DiaryNotesPageCacheTests {
    static let password = "correct horse battery"

    @Test(
        "a write through this instance or another one shows at once; a page is only ever served to its own session",
        arguments: DiaryWebBackend.enabled)
    func keptUntilTheDiaryChanges(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withTwoInstances(backend) { first, second in
            try await Self.check(first: first, second: second)
        }
    }

    static func check(first: any TestClientProtocol, second: any TestClientProtocol) async throws {
        let minji = PageBrowser(first)
        try await minji.signUp("minji", password: password)
        let token = try await first.call(.post, "/api/v1/tokens", json: ["username": "minji", "password": password])
        let here = try #require(token.jsonObject?["token"] as? String)
        let elsewhere = try #require(
            try await second.call(.post, "/api/v1/tokens", json: ["username": "minji", "password": password])
                .jsonObject?["token"] as? String)
        let codes = try await first.sampleMovieCodes()

        let empty = try await minji.get("/notes")
        #expect(empty.status == .ok)
        #expect(DiaryPageTestSupport.noteIDs(in: empty.text).isEmpty)
        let again = try await minji.get("/notes")
        #expect(again.text == empty.text)
        #expect(again.headers[.cacheControl] == "no-store")

        // Through this instance's API.
        let one = try #require(
            try await first.createNote(here, ["movieCode": codes[0], "watchedOn": "2024-03-01"])["id"] as? String)
        #expect(DiaryPageTestSupport.noteIDs(in: try await minji.get("/notes").text) == [one])

        // Through another instance on the same database: a note, a category, a rename, a deletion.
        let two = try #require(
            try await second.createNote(elsewhere, ["movieCode": codes[1], "watchedOn": "2024-03-02"])["id"] as? String)
        #expect(DiaryPageTestSupport.noteIDs(in: try await minji.get("/notes").text) == [two, one])
        let category = try await second.call(.post, "/api/v1/categories", token: elsewhere, json: ["name": "극장에서"])
        let categoryID = try #require(category.jsonObject?["id"] as? String)
        #expect(try await minji.get("/notes").text.contains("극장에서"))
        _ = try await second.call(
            .patch, "/api/v1/categories/\(categoryID)", token: elsewhere, json: ["name": "집에서"])
        let renamed = try await minji.get("/notes").text
        #expect(renamed.contains("집에서") && !renamed.contains("극장에서"))
        #expect(try await second.call(.delete, "/api/v1/notes/\(one)", token: elsewhere).status == .noContent)
        #expect(DiaryPageTestSupport.noteIDs(in: try await minji.get("/notes").text) == [two])

        // Each session sees its own CSRF token; another person sees nothing of this diary.
        let tablet = PageBrowser(first)
        let login = try await tablet.submit(on: "/login", [("username", "minji"), ("password", password)])
        #expect(login.status == .seeOther)
        let jisoo = PageBrowser(first)
        try await jisoo.signUp("jisoo", password: password)
        for _ in 0..<2 {
            for browser in [minji, tablet, jisoo] {
                let page = try await browser.get("/notes")
                #expect(PageBrowser.csrfToken(in: page.text) == (try await browser.sessionCSRF()))
                let ids = DiaryPageTestSupport.noteIDs(in: page.text)
                #expect(ids == (browser === jisoo ? [] : [two]))
                #expect(page.text.contains("<strong>minji</strong>") == (browser !== jisoo))
            }
        }
        #expect(
            PageBrowser.csrfToken(in: try await minji.get("/notes").text)
                != PageBrowser.csrfToken(in: try await tablet.get("/notes").text))
    }
}
