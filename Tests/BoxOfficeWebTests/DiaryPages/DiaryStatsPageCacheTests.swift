import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("Diary pages: the statistics pages kept until the diary changes")
struct DiaryStatsPageCacheTests {
    static let password = "correct horse battery"

    @Test(
        "a write through this instance or another shows at once; each year, language and session has its own page",
        arguments: DiaryWebBackend.enabled)
    func keptUntilTheDiaryChanges(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withTwoInstances(backend) { first, second in
            try await Self.check(first: first, second: second)
        }
    }

    /// The row of the month chart's table for `month` with `count` notes.
    static func month(_ month: String, _ count: Int) -> String {
        #"<th scope="row">\#(month)</th><td class="number">\#(count)</td>"#
    }

    static func check(first: any TestClientProtocol, second: any TestClientProtocol) async throws {
        let minji = PageBrowser(first)
        try await minji.signUp("minji", password: password)
        let here = try #require(
            try await first.call(.post, "/api/v1/tokens", json: ["username": "minji", "password": password])
                .jsonObject?["token"] as? String)
        let elsewhere = try #require(
            try await second.call(.post, "/api/v1/tokens", json: ["username": "minji", "password": password])
                .jsonObject?["token"] as? String)
        let codes = try await first.sampleMovieCodes()

        let empty = try await minji.get("/stats")
        #expect(empty.status == .ok)
        #expect(empty.text.contains("There are no notes to count yet."))
        let again = try await minji.get("/stats")
        #expect(again.text == empty.text)
        #expect(again.headers[.cacheControl] == "no-store")
        #expect(again.headers[.contentEncoding] == nil)

        // Through this instance's API, then through another instance on the same database.
        let one = try #require(
            try await first.createNote(here, ["movieCode": codes[0], "watchedOn": "2024-03-01"])["id"] as? String)
        let afterOne = try await minji.get("/stats").text
        #expect(afterOne.contains(Self.month("2024-03", 1)))
        _ = try await second.createNote(elsewhere, ["movieCode": codes[1], "watchedOn": "2023-05-02"])
        let afterTwo = try await minji.get("/stats").text
        #expect(afterTwo.contains(Self.month("2024-03", 1)) && afterTwo.contains(Self.month("2023-05", 1)))
        #expect(afterTwo.contains(#"<a href="/stats/2023">2023</a>"#))

        // Each year is a page of its own.
        let year2024 = try await minji.get("/stats/2024")
        #expect(year2024.text.contains("<h1>2024 in review</h1>"))
        #expect(!year2024.text.contains(Self.month("2023-05", 1)))
        let year2023 = try await minji.get("/stats/2023")
        #expect(year2023.text.contains("<h1>2023 in review</h1>") && year2023.text.contains(Self.month("2023-05", 1)))
        #expect(try await minji.get("/stats/2024").text == year2024.text)
        #expect(!(try await minji.get("/stats").text.contains("in review</h1>")))

        // A deletion through the other instance shows on the kept year page at once.
        #expect(try await second.call(.delete, "/api/v1/notes/\(one)", token: elsewhere).status == .noContent)
        let emptied = try await minji.get("/stats/2024")
        #expect(emptied.text.contains("No notes of movies watched in this year."))
        #expect(!(try await minji.get("/stats").text.contains(Self.month("2024-03", 1))))

        // The language: by the address, and by the browser's language on the same session.
        let korean = try await minji.get("/stats?lang=ko").text
        #expect(korean.contains(#"<html lang="ko">"#) && korean.contains("내 영화 통계"))
        #expect(try await minji.get("/stats").text.contains(#"<html lang="en">"#))
        let koreanBrowser = PageBrowser(first, language: "ko")
        await koreanBrowser.setCookie("boxoffice_session", await minji.cookies["boxoffice_session"])
        let byHeader = try await koreanBrowser.get("/stats").text
        #expect(byHeader.contains(#"<html lang="ko">"#) && byHeader.contains("내 영화 통계"))
        #expect(try await minji.get("/stats").text.contains(#"<html lang="en">"#))

        // Each session sees its own CSRF token; another person sees nothing of this diary.
        let tablet = PageBrowser(first)
        let login = try await tablet.submit(on: "/login", [("username", "minji"), ("password", password)])
        #expect(login.status == .seeOther)
        let jisoo = PageBrowser(first)
        try await jisoo.signUp("jisoo", password: password)
        for _ in 0..<2 {
            for browser in [minji, tablet, jisoo] {
                for path in ["/stats", "/stats/2023"] {
                    let page = try await browser.get(path)
                    #expect(PageBrowser.csrfToken(in: page.text) == (try await browser.sessionCSRF()))
                    #expect(page.text.contains(Self.month("2023-05", 1)) == (browser !== jisoo), "\(path)")
                    #expect(page.text.contains("<strong>minji</strong>") == (browser !== jisoo))
                }
            }
        }
        #expect(
            PageBrowser.csrfToken(in: try await minji.get("/stats").text)
                != PageBrowser.csrfToken(in: try await tablet.get("/stats").text))
    }
}
