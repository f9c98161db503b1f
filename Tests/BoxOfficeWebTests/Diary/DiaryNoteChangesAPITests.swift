import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

extension DiaryAPITests {
    @Suite("Diary API: what a PATCH changes, and the spellings the API accepts")
    struct DiaryNoteChangesAPITests {
        @Test(
            "a field left out keeps its value; null clears rating, categoryId and place and empties memo",
            arguments: DiaryWebBackend.enabled)
        func nullAndMissing(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                let token = try await client.account("minji")
                let code = try #require(try await client.sampleMovieCodes().first)
                let category = try await client.call(.post, "/api/v1/categories", token: token, json: ["name": "극장"])
                let categoryID = try #require(category.jsonObject?["id"] as? String)
                let note = try await client.createNote(
                    token,
                    [
                        "movieCode": code, "watchedOn": "2024-03-01", "memo": "좋았다", "rating": 4,
                        "categoryId": categoryID, "place": "HOME",
                    ])
                #expect(note["place"] as? String == "home", "place is read in any case")
                let id = try #require(note["id"] as? String)

                let kept = try await client.call(.patch, "/api/v1/notes/\(id)", token: token, json: ["title": "새 제목"])
                #expect(kept.status == .ok, "\(kept.text)")
                let keptNote = try #require(kept.jsonObject)
                #expect(keptNote["title"] as? String == "새 제목")
                #expect(keptNote["memo"] as? String == "좋았다")
                #expect(keptNote["rating"] as? Double == 4)
                #expect(keptNote["categoryId"] as? String == categoryID)
                #expect(keptNote["place"] as? String == "home")

                let cleared = try await client.call(
                    .patch, "/api/v1/notes/\(id)", token: token,
                    json: ["memo": NSNull(), "rating": NSNull(), "categoryId": NSNull(), "place": NSNull()])
                #expect(cleared.status == .ok, "\(cleared.text)")
                let clearedNote = try #require(cleared.jsonObject)
                #expect(clearedNote["memo"] as? String == "")
                #expect(clearedNote["rating"] is NSNull)
                #expect(clearedNote["categoryId"] is NSNull)
                #expect(clearedNote["place"] is NSNull)
                #expect(clearedNote["chartDate"] is NSNull && clearedNote["chartRank"] is NSNull)
                #expect(clearedNote["title"] as? String == "새 제목")

                let nullMovie = try await client.call(
                    .patch, "/api/v1/notes/\(id)", token: token, json: ["movieCode": NSNull(), "rating": 2.5])
                #expect(nullMovie.status == .ok, "a null movieCode is the same as leaving it out")
                #expect(nullMovie.jsonObject?["rating"] as? Double == 2.5)
                for (body, message) in [
                    (["watchedOn": NSNull()], "watchedOn must not be null."),
                    (["place": ""], "place must be cinema, home"),
                    (["categoryId": 7], "categoryId must be a string."),
                ] as [([String: Any], String)] {
                    let response = try await client.call(.patch, "/api/v1/notes/\(id)", token: token, json: body)
                    #expect(response.status == .badRequest, "\(body)")
                    #expect(response.apiErrorMessage?.hasPrefix(message) == true, "\(response.text.prefix(300))")
                }
            }
        }

        @Test(
            "two devices change different fields of one note at once, both having read it first: both changes stay",
            arguments: DiaryWebBackend.enabled)
        func changesAtOnceBothStay(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withServices(backend) { services in
                let user = try await services.diaryAccounts.signUp(username: "minji", password: "correct horse")
                let stored = services.database.diaryRepositories().notes
                let code = try await RendezvousNotes.settledMovieCode(services)
                var draft = NoteDraft(movieCode: code, watchedOn: CalendarDate("2024-03-15")!)
                draft.memo = "처음 메모"
                let note = try await services.diaryNotes.createNote(draft, for: user, idempotencyKey: nil).note
                // Each change reads the note, then waits until the other has read it too, before either writes.
                let gate = RendezvousNotes(stored, readsFirst: true)
                let service = gate.service(services)
                async let memo = service.updateNote(id: note.id, changes: NoteChanges(memo: "고친 메모"), for: user)
                async let rating = service.updateNote(
                    id: note.id, changes: NoteChanges(rating: .set(StarRating(halves: 9)!)), for: user)
                let (afterMemo, afterRating) = try await (memo, rating)
                let saved = try #require(try await stored.note(id: note.id, userID: user.id))
                #expect(saved.memo == "고친 메모")
                #expect(saved.rating == StarRating(halves: 9))
                // Each answer shows its own change; the one saved second shows both.
                #expect(afterMemo.note.memo == "고친 메모" && afterRating.note.rating == StarRating(halves: 9))
                #expect(
                    [afterMemo.note, afterRating.note].contains {
                        $0.memo == "고친 메모" && $0.rating == StarRating(halves: 9)
                    })
            }
        }

        @Test(
            "query values are read in any case and a file is imported whatever its Content-Type",
            arguments: DiaryWebBackend.enabled)
        func spellings(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                // A JSON body is read as JSON whatever the client calls it (curl -d says form data).
                let formSaid = try await client.call(
                    .post, "/api/v1/users", text: #"{"username": "curl_user", "password": "correct horse"}"#,
                    headers: [.contentType: "application/x-www-form-urlencoded"])
                #expect(formSaid.status == .created, "\(formSaid.text)")
                let token = try await client.account("minji")
                let codes = try await client.sampleMovieCodes()
                for (index, code) in codes.prefix(2).enumerated() {
                    _ = try await client.createNote(
                        token, ["movieCode": code, "watchedOn": "2024-03-0\(index + 1)", "title": "T\(index)"])
                }
                let sorted = try await client.call(.get, "/api/v1/notes?sort=TITLE&order=Asc&rating=", token: token)
                #expect(sorted.status == .ok, "\(sorted.text)")
                let titles = (sorted.jsonObject?["notes"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
                #expect(titles == ["T0", "T1"])

                let export = try await client.call(.get, "/api/v1/notes/export?format=CSV", token: token)
                #expect(export.status == .ok)
                #expect(export.headers[.contentType] == "text/csv; charset=utf-8")
                let target = try await client.account("jisoo")
                for contentType in ["text/plain", "application/octet-stream", "text/csv; charset=utf-8"] {
                    let imported = try await client.call(
                        .post, "/api/v1/notes/import?format=csv", token: target, text: export.text,
                        headers: [.contentType: contentType])
                    #expect(imported.status == .ok, "\(contentType): \(imported.text)")
                }
                #expect(try await client.noteTotal(target) == 2)
                let json = try await client.call(.get, "/api/v1/notes/export?format=json", token: token)
                #expect(json.headers[.contentType] == "application/json; charset=utf-8")
                #expect(json.jsonObject?["format"] as? String == "boxoffice-diary")
                #expect((json.jsonObject?["notes"] as? [[String: Any]])?.first?["rating"] is NSNull)
            }
        }
    }
}
