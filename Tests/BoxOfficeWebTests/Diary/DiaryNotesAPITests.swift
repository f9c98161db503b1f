import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

extension DiaryAPITests {
    @Suite("Diary API: categories and notes")
    struct DiaryNotesAPITests {
        @Test(
            "categories: create, list, rename, hide, reorder, and delete asking what happens to the notes",
            arguments: DiaryWebBackend.enabled)
        func categories(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                let token = try await client.account("minji")
                var ids: [String] = []
                for name in ["스릴러", "드라마", "SF"] {
                    let response = try await client.call(
                        .post, "/api/v1/categories", token: token, json: ["name": name])
                    #expect(response.status == .created)
                    let id = try #require(response.jsonObject?["id"] as? String)
                    #expect(response.headers[.location] == "/api/v1/categories/\(id)")
                    #expect(response.jsonObject?["visible"] as? Bool == true)
                    ids.append(id)
                }
                #expect(
                    try await client.call(.post, "/api/v1/categories", token: token, json: ["name": "sf"]).status
                        == .conflict)
                let empty = try await client.call(.post, "/api/v1/categories", token: token, json: ["name": "  "])
                #expect(empty.status == .badRequest)
                #expect(empty.apiErrorMessage == "name must not be empty.")

                let patched = try await client.call(
                    .patch, "/api/v1/categories/\(ids[2])", token: token,
                    json: ["name": "공상과학", "visible": false, "position": 0])
                #expect(patched.status == .ok)
                #expect(patched.jsonObject?["name"] as? String == "공상과학")
                #expect(patched.jsonObject?["visible"] as? Bool == false)
                let list = try await client.call(.get, "/api/v1/categories", token: token)
                let categories = try #require(list.jsonObject?["categories"] as? [[String: Any]])
                #expect(categories.map { $0["name"] as? String } == ["공상과학", "스릴러", "드라마"])
                #expect(categories.map { $0["position"] as? Int } == [0, 1, 2])
                #expect(
                    try await client.call(.patch, "/api/v1/categories/\(ids[0])", token: token, json: [:]).status
                        == .badRequest)
                #expect(
                    try await client.call(
                        .patch, "/api/v1/categories/\(ids[0])", token: token, json: ["visible": "yes"]
                    ).status
                        == .badRequest)

                let code = try #require(try await client.sampleMovieCodes().first)
                let note = try await client.createNote(
                    token, ["movieCode": code, "watchedOn": "2024-03-01", "categoryId": ids[0]])
                let noteID = try #require(note["id"] as? String)
                let refused = try await client.call(.delete, "/api/v1/categories/\(ids[0])", token: token)
                #expect(refused.status == .conflict)
                #expect(refused.apiErrorMessage?.contains("has 1 note") == true)
                #expect(
                    try await client.call(.delete, "/api/v1/categories/\(ids[0])?notes=move", token: token).status
                        == .badRequest)
                #expect(
                    try await client.call(.delete, "/api/v1/categories/\(ids[0])?notes=burn", token: token).status
                        == .badRequest)
                #expect(
                    try await client.call(.delete, "/api/v1/categories/\(ids[0])?notes=move&to=\(ids[0])", token: token)
                        .status
                        == .badRequest)
                let moved = try await client.call(
                    .delete, "/api/v1/categories/\(ids[0])?notes=move&to=\(ids[1])", token: token)
                #expect(moved.status == .noContent)
                let after = try await client.call(.get, "/api/v1/notes/\(noteID)", token: token)
                #expect(after.jsonObject?["categoryId"] as? String == ids[1])
                #expect(
                    try await client.call(.delete, "/api/v1/categories/\(ids[1])?notes=delete", token: token).status
                        == .noContent)
                #expect(try await client.call(.get, "/api/v1/notes/\(noteID)", token: token).status == .notFound)
                #expect(
                    try await client.call(.delete, "/api/v1/categories/\(ids[2])", token: token).status == .noContent)
                #expect(
                    try await client.call(.delete, "/api/v1/categories/\(ids[2])", token: token).status == .notFound)
                #expect(
                    try await client.call(.patch, "/api/v1/categories/nonsense", token: token, json: ["name": "x"])
                        .status == .notFound)
            }
        }

        @Test(
            "notes: create from a movie code, read, change, warn about exact duplicates, delete",
            arguments: DiaryWebBackend.enabled)
        func notes(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                let token = try await client.account("minji")
                let codes = try await client.sampleMovieCodes()
                let movie = try #require(try await client.get("/api/v1/movies/\(codes[0])").jsonObject)
                let response = try await client.call(
                    .post, "/api/v1/notes", token: token,
                    json: [
                        "movieCode": codes[0], "watchedOn": "2024-03-15", "memo": "<script>alert(1)</script>, \"좋음\"",
                        "rating": 4.5,
                        "place": "cinema", "chartDate": "2024-03-15", "chartRank": 1,
                    ])
                #expect(response.status == .created)
                let note = try #require(response.jsonObject)
                let id = try #require(note["id"] as? String)
                #expect(response.headers[.location] == "/api/v1/notes/\(id)")
                #expect(note["title"] as? String == movie["title"] as? String)
                #expect(note["movieCode"] as? String == codes[0])
                #expect(note["watchedOn"] as? String == "2024-03-15")
                #expect(note["rating"] as? Double == 4.5)
                #expect(note["categoryId"] is NSNull)
                #expect(note["place"] as? String == "cinema")
                #expect(note["genres"] as? [String] == movie["genres"] as? [String])
                #expect(note["chartRank"] as? Int == 1)
                #expect(note["warnings"] as? [String] == [])
                #expect(note["memo"] as? String == "<script>alert(1)</script>, \"좋음\"")

                let again = try await client.createNote(token, ["movieCode": codes[0], "watchedOn": "2024-03-15"])
                #expect((again["warnings"] as? [String])?.first?.hasPrefix("You already have a note about") == true)
                let rewatch = try await client.createNote(
                    token, ["movieCode": codes[0], "watchedOn": "2024-03-16", "title": "다시 봄"])
                #expect(rewatch["warnings"] as? [String] == [])
                #expect(rewatch["title"] as? String == "다시 봄")

                let read = try await client.call(.get, "/api/v1/notes/\(id)", token: token)
                #expect(read.status == .ok)
                #expect(read.jsonObject?["memo"] as? String == note["memo"] as? String)
                #expect(read.jsonObject?["warnings"] == nil)

                let category = try await client.call(.post, "/api/v1/categories", token: token, json: ["name": "인생 영화"])
                let categoryID = try #require(category.jsonObject?["id"] as? String)
                let patched = try await client.call(
                    .patch, "/api/v1/notes/\(id)", token: token,
                    json: ["memo": "바꿈", "rating": NSNull(), "categoryId": categoryID, "movieCode": codes[0], "id": id])
                #expect(patched.status == .ok, "\(patched.text)")
                #expect(patched.jsonObject?["memo"] as? String == "바꿈")
                #expect(patched.jsonObject?["rating"] is NSNull)
                #expect(patched.jsonObject?["categoryId"] as? String == categoryID)
                #expect(patched.jsonObject?["place"] as? String == "cinema")
                let otherMovie = try await client.call(
                    .patch, "/api/v1/notes/\(id)", token: token, json: ["movieCode": codes[1]])
                #expect(otherMovie.status == .badRequest)

                #expect(try await client.call(.delete, "/api/v1/notes/\(id)", token: token).status == .noContent)
                #expect(try await client.call(.get, "/api/v1/notes/\(id)", token: token).status == .notFound)
                #expect(try await client.call(.delete, "/api/v1/notes/\(id)", token: token).status == .notFound)
                #expect(try await client.noteTotal(token) == 2)
            }
        }

        @Test("bad notes answer 400 with a clear message, and nothing is written", arguments: DiaryWebBackend.enabled)
        func badNotes(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                let token = try await client.account("minji")
                let code = try #require(try await client.sampleMovieCodes().first)
                let valid: [String: Any] = ["movieCode": code, "watchedOn": "2024-03-01"]
                func with(_ changes: [String: Any]) -> [String: Any] { valid.merging(changes) { $1 } }
                let cases: [([String: Any], String)] = [
                    (with(["title": ""]), "title must not be empty."),
                    (with(["title": "   "]), "title must not be empty."),
                    (with(["watchedOn": "2024-03-21"]), "watchedOn \"2024-03-21\" is in the future"),
                    (with(["watchedOn": "2099-01-01"]), "watchedOn \"2099-01-01\" is in the future"),
                    (with(["watchedOn": "2023-02-30"]), "watchedOn \"2023-02-30\" is not a real day."),
                    (with(["watchedOn": "2024/03/01"]), "watchedOn must be a real day as YYYY-MM-DD"),
                    (with(["rating": 6]), "rating must be from 0.5 to 5 stars, got \"6\"."),
                    (with(["rating": 0.3]), "rating must be from 0.5 to 5 stars, got \"0.3\"."),
                    (with(["rating": 3.7]), "rating must be in half stars (0.5, 1, 1.5 … 5), got \"3.7\"."),
                    (with(["rating": 0]), "rating must be from 0.5 to 5 stars, got \"0\"."),
                    (with(["rating": "4.5"]), "rating must be from 0.5 to 5 stars."),
                    (
                        with(["memo": String(repeating: "가", count: 100 * 1024 / 3)]),
                        "memo must be at most 10,000 characters"
                    ),
                    (
                        with(["memo": String(repeating: "a", count: 100 * 1024)]),
                        "memo must be at most 10,000 characters long."
                    ),
                    // The same 400 on SQLite (which would keep a NUL) as on PostgreSQL (which refuses it).
                    (with(["memo": "첫 줄\u{0}둘째 줄"]), "memo must not contain a NUL character."),
                    (with(["place": "car"]), "place must be cinema or home, got \"car\""),
                    (with(["categoryId": "nope"]), "categoryId must be a category id or none"),
                    (with(["categoryId": UUID().uuidString]), "categoryId: you have no category with id"),
                    (with(["movieCode": "00000000"]), "movieCode: KOBIS has no movie with code 00000000."),
                    (with(["movieCode": "x y"]), "movieCode must be a KOBIS movie code"),
                    (with(["chartRank": 0]), "chartRank must be a whole number from 1 to 1,000"),
                    (["movieCode": code], "watchedOn is required."),
                    (["watchedOn": "2024-03-01"], "movieCode is required."),
                ]
                for (body, message) in cases {
                    let response = try await client.call(.post, "/api/v1/notes", token: token, json: body)
                    #expect(response.status == .badRequest, "\(message): \(response.status)")
                    #expect(response.apiErrorMessage?.hasPrefix(message) == true, "\(response.text.prefix(300))")
                }
                #expect(
                    try await client.call(.post, "/api/v1/notes", token: token, text: "{oops").status == .badRequest)
                #expect(try await client.noteTotal(token) == 0)

                let note = try await client.createNote(token, valid)
                let id = try #require(note["id"] as? String)
                for (body, message) in [
                    (["title": ""], "title must not be empty."), (["title": NSNull()], "title must not be null."),
                    (["watchedOn": "2030-01-01"], "watchedOn \"2030-01-01\" is in the future"),
                    (["rating": 5.5], "rating must be from 0.5 to 5 stars"),
                    (["memo": String(repeating: "b", count: 10_001)], "memo must be at most 10,000 characters"),
                    (["memo": "\u{0}"], "memo must not contain a NUL character."),
                ] as [([String: Any], String)] {
                    let response = try await client.call(.patch, "/api/v1/notes/\(id)", token: token, json: body)
                    #expect(response.status == .badRequest)
                    #expect(response.apiErrorMessage?.hasPrefix(message) == true, "\(response.text.prefix(300))")
                }
                let unchanged = try await client.call(.get, "/api/v1/notes/\(id)", token: token)
                #expect(unchanged.jsonObject?["title"] as? String == note["title"] as? String)
                #expect(unchanged.jsonObject?["watchedOn"] as? String == "2024-03-01")
                let huge = try await client.call(
                    .post, "/api/v1/notes", token: token,
                    text: "{\"memo\":\"" + String(repeating: "x", count: 2 << 20) + "\"}")
                #expect(huge.status == .contentTooLarge)
            }
        }

        @Test(
            "a second user can never read, list, change or delete the first user's categories or notes",
            arguments: DiaryWebBackend.enabled)
        func authorization(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                let owner = try await client.account("owner")
                let stranger = try await client.account("stranger")
                let code = try #require(try await client.sampleMovieCodes().first)
                let category = try await client.call(.post, "/api/v1/categories", token: owner, json: ["name": "비밀"])
                let categoryID = try #require(category.jsonObject?["id"] as? String)
                let note = try await client.createNote(
                    owner, ["movieCode": code, "watchedOn": "2024-03-01", "categoryId": categoryID, "memo": "비밀 메모"])
                let noteID = try #require(note["id"] as? String)

                let notFound: [(HTTPRequest.Method, String, [String: Any]?)] = [
                    (.get, "/api/v1/notes/\(noteID)", nil), (.patch, "/api/v1/notes/\(noteID)", ["memo": "mine now"]),
                    (.delete, "/api/v1/notes/\(noteID)", nil),
                    (.patch, "/api/v1/categories/\(categoryID)", ["name": "mine"]),
                    (.delete, "/api/v1/categories/\(categoryID)?notes=delete", nil),
                    (.get, "/api/v1/notes?category=\(categoryID)", nil),
                ]
                for (method, path, body) in notFound {
                    let response = try await client.call(method, path, token: stranger, json: body)
                    #expect(response.status == .notFound, "\(method) \(path)")
                    let missing = path.replacingOccurrences(of: noteID, with: UUID().uuidString.lowercased())
                        .replacingOccurrences(of: categoryID, with: UUID().uuidString.lowercased())
                    let answerForMissing = try await client.call(method, missing, token: stranger, json: body)
                    #expect(answerForMissing.status == .notFound)
                    // Word for word the answer for an id that exists nowhere.
                    #expect(withoutIDs(response.apiErrorMessage) == withoutIDs(answerForMissing.apiErrorMessage))
                }
                let filed = try await client.call(
                    .post, "/api/v1/notes", token: stranger,
                    json: ["movieCode": code, "watchedOn": "2024-03-01", "categoryId": categoryID])
                #expect(filed.status == .badRequest)
                let list = try await client.call(.get, "/api/v1/notes", token: stranger)
                #expect(list.jsonObject?["total"] as? Int == 0)
                #expect(!list.text.contains("비밀"))
                let categories = try await client.call(.get, "/api/v1/categories", token: stranger)
                #expect((categories.jsonObject?["categories"] as? [Any])?.isEmpty == true)
                let export = try await client.call(.get, "/api/v1/notes/export?format=json", token: stranger)
                #expect(!export.text.contains("비밀"))
                let stats = try await client.call(.get, "/api/v1/stats", token: stranger)
                #expect(stats.jsonObject?["noteCount"] as? Int == 0)

                // Untouched.
                let mine = try await client.call(.get, "/api/v1/notes/\(noteID)", token: owner)
                #expect(mine.jsonObject?["memo"] as? String == "비밀 메모")
                #expect(mine.jsonObject?["categoryId"] as? String == categoryID)
            }
        }

        @Test("lists sort, filter and page; bad parameters answer 400", arguments: DiaryWebBackend.enabled)
        func listing(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                let token = try await client.account("minji")
                let codes = try await client.sampleMovieCodes()
                let ratings: [Any] = [5, 1.5, NSNull(), 3, 4.5]
                for (index, code) in codes.prefix(5).enumerated() {
                    _ = try await client.createNote(
                        token,
                        [
                            "movieCode": code, "watchedOn": "2024-03-0\(index + 1)", "rating": ratings[index],
                            "title": "T\(4 - index)",
                        ])
                }
                _ = try await client.createNote(
                    token, ["movieCode": codes[0], "watchedOn": "2023-12-25", "title": "T9"])

                func titles(_ query: String) async throws -> [String] {
                    let response = try await client.call(.get, "/api/v1/notes?\(query)", token: token)
                    #expect(response.status == .ok, "\(query): \(response.text)")
                    return (response.jsonObject?["notes"] as? [[String: Any]] ?? []).compactMap {
                        $0["title"] as? String
                    }
                }
                #expect(try await titles("") == ["T0", "T1", "T2", "T3", "T4", "T9"])
                #expect(try await titles("sort=watchedOn&order=asc") == ["T9", "T4", "T3", "T2", "T1", "T0"])
                #expect(try await titles("sort=title") == ["T0", "T1", "T2", "T3", "T4", "T9"])
                #expect(try await titles("sort=rating") == ["T4", "T0", "T1", "T3", "T2", "T9"])
                #expect(try await titles("sort=rating&order=asc") == ["T3", "T1", "T0", "T4", "T2", "T9"])
                #expect(try await titles("year=2023") == ["T9"])
                #expect(try await titles("rating=4.5") == ["T0"])
                #expect(try await titles("minRating=3") == ["T0", "T1", "T4"])
                #expect(try await titles("category=none&perPage=2&page=2") == ["T2", "T3"])
                #expect(try await titles("movie=\(codes[0])") == ["T4", "T9"])
                let page = try await client.call(.get, "/api/v1/notes?perPage=4&page=2", token: token)
                #expect(page.jsonObject?["total"] as? Int == 6)
                #expect(page.jsonObject?["page"] as? Int == 2)
                #expect(page.jsonObject?["perPage"] as? Int == 4)
                #expect((page.jsonObject?["notes"] as? [Any])?.count == 2)

                for query in [
                    "sort=bogus", "order=up", "year=24", "year=abcd", "rating=6", "minRating=0.3", "perPage=0",
                    "perPage=500",
                    "page=-1", "category=xyz", "movie=a%20b",
                ] {
                    let response = try await client.call(.get, "/api/v1/notes?\(query)", token: token)
                    #expect(response.status == .badRequest, "\(query)")
                    #expect(response.apiErrorMessage != nil)
                }
                #expect(
                    try await client.call(.get, "/api/v1/notes?category=\(UUID().uuidString)", token: token).status
                        == .notFound)
            }
        }
    }
}

/// `text` with every UUID replaced by `ID`.
func withoutIDs(_ text: String?) -> String? {
    text?.replacingOccurrences(
        of: "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}", with: "ID",
        options: .regularExpression)
}
