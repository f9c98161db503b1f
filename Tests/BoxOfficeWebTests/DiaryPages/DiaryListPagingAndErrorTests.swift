import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("Diary pages: paging of long lists, errors in the page's language")
struct DiaryListPagingAndErrorTests {
    /// A BoxOffice diary JSON file with `count` notes titled `Note 001`…, watched on distinct days of 2023,
    /// every third rated 4 stars and filed under the category "Drama".
    static func diaryFile(notes count: Int, movieCode: String) throws -> String {
        let category = UUID().uuidString
        var notes: [[String: Any]] = []
        for index in 1...count {
            let day = CalendarDate(year: 2023, month: 1, day: 1)!.adding(days: index)
            notes.append([
                "id": UUID().uuidString, "movieCode": movieCode, "title": String(format: "Note %03d", index),
                "watchedOn": day.isoString, "createdAt": "2024-01-01T00:00:\(String(format: "%02d", index % 60)).000Z",
                "rating": index % 3 == 0 ? 4 : 2, "categoryId": index % 3 == 0 ? category : NSNull(),
            ])
        }
        let file: [String: Any] = [
            "format": "boxoffice-diary", "version": 1, "categories": [["id": category, "name": "Drama"]],
            "notes": notes,
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: file), as: UTF8.self)
    }

    @Test(
        "45 notes: 20 a page, and previous/next keep the sort and every filter", arguments: DiaryWebBackend.enabled)
    func paging(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let token = try await client.account("minji", password: "correct horse")
            let code = try #require(try await client.sampleMovieCodes().first)
            let imported = try await client.call(
                .post, "/api/v1/notes/import?format=json", token: token,
                text: try Self.diaryFile(notes: 45, movieCode: code))
            #expect(imported.jsonObject?["imported"] as? Int == 45, "\(imported.text.prefix(300))")
            let browser = PageBrowser(client)
            _ = try await browser.submit(on: "/login", [("username", "minji"), ("password", "correct horse")])

            let first = try await browser.get("/notes?sort=title")
            #expect(first.status == .ok)
            #expect(first.text.components(separatedBy: #"<li class="note-item">"#).count - 1 == 20)
            #expect(
                first.text.contains(">Note 001<") && first.text.contains(">Note 020<")
                    && !first.text.contains(">Note 021<"))
            #expect(first.text.contains("45 notes"))
            #expect(first.text.contains("Page 1 of 3"))
            #expect(first.text.contains(#"<a rel="next" href="/notes?sort=title&amp;page=2">"#))
            #expect(!first.text.contains(#"rel="prev""#))

            let last = try await browser.get("/notes?sort=title&page=3")
            #expect(last.text.components(separatedBy: #"<li class="note-item">"#).count - 1 == 5)
            #expect(last.text.contains(">Note 045<"))
            #expect(last.text.contains(#"<a rel="prev" href="/notes?sort=title&amp;page=2">"#))
            #expect(!last.text.contains(#"rel="next""#))

            // Filters the form has fields for, and those only the address can carry, all survive paging.
            let categories = try #require(
                try await client.call(.get, "/api/v1/categories", token: token).jsonObject?["categories"]
                    as? [[String: Any]])
            let drama = try #require(categories.first?["id"] as? String)
            let filtered = try await browser.get(
                "/notes?category=\(drama)&sort=watchedOn&order=asc&year=2023&rating=4&minRating=3.5&releaseYear=&perPage=5&movie=\(code)"
            )
            #expect(filtered.status == .ok, "\(filtered.text.prefix(300))")
            #expect(filtered.text.components(separatedBy: #"<li class="note-item">"#).count - 1 == 5)
            #expect(filtered.text.contains(">Note 003<") && filtered.text.contains(">Note 015<"))
            #expect(filtered.text.contains("Page 1 of 3"))
            let next = try #require(filtered.text.firstMatch(of: #/<a rel="next" href="([^"]+)">/#)).1
                .replacingOccurrences(of: "&amp;", with: "&")
            for part in [
                "category=\(drama)", "sort=watchedOn", "order=asc", "year=2023", "rating=4", "minRating=3.5",
                "perPage=5",
                "movie=\(code)", "page=2",
            ] {
                #expect(next.contains(part), "\(next) keeps \(part)")
            }
            let second = try await browser.get(next)
            #expect(second.text.contains(">Note 018<") && second.text.contains(">Note 030<"))
            #expect(!second.text.contains(">Note 015<"))
            // The filter form carries the address-only filters along as hidden fields.
            #expect(second.text.contains(#"<input type="hidden" name="minRating" value="3.5">"#))
            #expect(second.text.contains(#"<input type="hidden" name="perPage" value="5">"#))
        }
    }

    @Test(
        "errors on diary pages speak the page's language; the API follows Accept-Language and ?lang, English by default",
        arguments: DiaryWebBackend.enabled)
    func errorLanguage(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let owner = try await client.account("owner", password: "correct horse")
            let code = try #require(try await client.sampleMovieCodes().first)
            let note = try await client.createNote(owner, ["movieCode": code, "watchedOn": "2024-03-01"])
            let id = try #require(note["id"] as? String)

            let korean = PageBrowser(client, language: "ko")
            try await korean.signUp("stranger", password: "correct horse")
            let missing = try await korean.get("/notes/\(id)")
            #expect(missing.status == .notFound)
            #expect(missing.text.contains("ID가 \(id)인 기록이 없습니다."))
            #expect(missing.text.contains(#"<html lang="ko">"#))
            #expect(missing.text.contains(#"<a class="retry-link" href="/notes">기록 목록으로</a>"#))
            let garbled = try await korean.get("/notes/not-a-note/edit")
            #expect(garbled.status == .notFound)
            #expect(garbled.text.contains("ID가 not-a-note인 기록이 없습니다."))
            let category = try await korean.get("/categories/\(UUID().uuidString)/delete")
            #expect(category.status == .notFound)
            #expect(category.text.contains("인 분류가 없습니다."))
            // ?lang=en wins over the browser's Korean.
            let english = try await korean.get("/notes/\(id)?lang=en")
            #expect(english.status == .notFound)
            #expect(english.text.contains("You have no note with id \(id)."))
            #expect(english.text.contains(#"href="/notes?lang=en">Back to my notes</a>"#))

            // Forms that catch a diary error show it in the page's language too.
            let taken = try await PageBrowser(client, language: "ko").submit(
                on: "/signup",
                [("username", "OWNER"), ("password", "correct horse"), ("passwordConfirm", "correct horse")])
            #expect(taken.status == .conflict)
            #expect(taken.text.contains("‘OWNER’ 아이디는 이미 쓰이고 있습니다."))
            _ = try await korean.submit(on: "/categories", [("name", "스릴러")])
            let clash = try await korean.submit(on: "/categories", [("name", " 스릴러 ")])
            #expect(clash.status == .conflict)
            #expect(clash.text.contains("‘스릴러’ 분류가 이미 있습니다."))
            let wrong = try await PageBrowser(client, language: "ko").submit(
                on: "/login", [("username", "owner"), ("password", "not the password")])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("아이디 또는 비밀번호가 틀렸습니다."))

            // The API answers the same errors in the JSON shape, in the language the request asks for: Korean for
            // `Accept-Language: ko`, English for `?lang=en` (which wins) or when the request names none.
            let stranger = try await client.account("jisoo")
            let api = try await client.call(
                .get, "/api/v1/notes/\(id)", token: stranger, headers: [.acceptLanguage: "ko"])
            #expect(api.status == .notFound)
            #expect(api.apiErrorMessage == "ID가 \(id)인 기록이 없습니다.")
            let asked = try await client.call(
                .get, "/api/v1/notes/\(id)?lang=en", token: stranger, headers: [.acceptLanguage: "ko"])
            #expect(asked.apiErrorMessage == "You have no note with id \(id).")
            let unnamed = try await client.call(.get, "/api/v1/notes/\(id)", token: stranger)
            #expect(unnamed.apiErrorMessage == "You have no note with id \(id).")
            let conflict = try await client.call(
                .post, "/api/v1/users", json: ["username": "Owner", "password": "correct horse"],
                headers: [.acceptLanguage: "ko"])
            #expect(conflict.status == .conflict)
            #expect(conflict.apiErrorMessage == "‘Owner’ 아이디는 이미 쓰이고 있습니다.")
            let anonymous = try await client.call(.get, "/api/v1/notes", headers: [.acceptLanguage: "en-US,en;q=0.9"])
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.apiErrorMessage?.hasPrefix("This route needs an API token") == true)
        }
    }
}
