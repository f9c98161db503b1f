import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KOBISSimulator
import Logging
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

extension DeliveryTests {
    /// `Idempotency-Key` on `POST /api/v1/notes` and the form's `POST /notes`: the same key from the same person makes
    /// one note, however often and however concurrently it is sent.
    @Suite("Idempotency-Key on new notes", .serialized)
    struct IdempotencyTests {
        static let keyHeader = HTTPField.Name("Idempotency-Key")!

        static func keyed(_ key: String) -> HTTPFields { [keyHeader: key] }

        @Test(
            "API: the same key again answers the first note; another user's same key makes theirs; no key, a note each",
            arguments: DiaryWebBackend.enabled)
        func api(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                let code = try await client.sampleMovieCodes()[0]
                let minji = try await client.account("minji")
                let joon = try await client.account("joon")
                let note: [String: Any] = ["movieCode": code, "watchedOn": "2024-03-15", "rating": 4, "memo": "first"]
                let first = try await client.call(
                    .post, "/api/v1/notes", token: minji, json: note, headers: Self.keyed("n-1"))
                let second = try await client.call(
                    .post, "/api/v1/notes", token: minji, json: note, headers: Self.keyed("n-1"))
                #expect(first.status == .created, "\(first.text)")
                #expect(second.status == .created)
                #expect(second.text == first.text)
                #expect(second.headers[.location] == first.headers[.location])
                #expect(second.headers[.cacheControl] == "no-store")
                // A different body under the same key still answers the first note.
                var changed = note
                changed["memo"] = "second"
                let third = try await client.call(
                    .post, "/api/v1/notes", token: minji, json: changed, headers: Self.keyed("n-1"))
                #expect(third.text == first.text)
                #expect(try await client.noteTotal(minji) == 1)

                let theirs = try await client.call(
                    .post, "/api/v1/notes", token: joon, json: note, headers: Self.keyed("n-1"))
                #expect(theirs.status == .created)
                let firstID = try #require(first.jsonObject?["id"] as? String)
                let theirID = try #require(theirs.jsonObject?["id"] as? String)
                #expect(theirID != firstID)
                #expect(try await client.noteTotal(joon) == 1)
                #expect(try await client.call(.get, "/api/v1/notes/\(theirID)", token: minji).status == .notFound)

                _ = try await client.createNote(minji, note)
                _ = try await client.createNote(minji, note)
                #expect(try await client.noteTotal(minji) == 3)
            }
        }

        @Test("API: a key that is not 1–255 visible ASCII characters is a 400 naming the header; nothing is written")
        func badKeys() async throws {
            try await DiaryWebTestSupport.withApp(.sqlite) { client in
                let code = try await client.sampleMovieCodes()[0]
                let token = try await client.account("minji")
                let note: [String: Any] = ["movieCode": code, "watchedOn": "2024-03-15"]
                for key in ["", "two words", String(repeating: "k", count: 256)] {
                    let response = try await client.call(
                        .post, "/api/v1/notes", token: token, json: note, headers: Self.keyed(key))
                    #expect(response.status == .badRequest, "\(key)")
                    #expect(
                        response.apiErrorMessage
                            == "Idempotency-Key must be 1 to 255 visible ASCII characters (! to ~, no spaces).")
                }
                let korean = try await client.call(
                    .post, "/api/v1/notes", token: token, json: note,
                    headers: [Self.keyHeader: "two words", .acceptLanguage: "ko"])
                #expect(korean.apiErrorMessage?.contains("공백 없는 ASCII") == true)
                #expect(try await client.noteTotal(token) == 0)
                let longest = String(repeating: "~", count: 255)
                let response = try await client.call(
                    .post, "/api/v1/notes", token: token, json: note, headers: Self.keyed(longest))
                #expect(response.status == .created)
            }
        }

        @Test("API: eight twins sent at once make one note, and each hears of it", arguments: DiaryWebBackend.enabled)
        func concurrentTwins(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                let code = try await client.sampleMovieCodes()[0]
                let token = try await client.account("minji")
                let ids = try await withThrowingTaskGroup(of: String?.self) { group in
                    for _ in 0..<8 {
                        group.addTask {
                            let note: [String: Any] = ["movieCode": code, "watchedOn": "2024-03-15"]
                            let response = try await client.call(
                                .post, "/api/v1/notes", token: token, json: note, headers: Self.keyed("twin"))
                            #expect(response.status == .created, "\(response.text)")
                            return response.jsonObject?["id"] as? String
                        }
                    }
                    return try await group.reduce(into: Set<String?>()) { $0.insert($1) }
                }
                #expect(ids.count == 1)
                #expect(ids.first.flatMap { $0 } != nil)
                #expect(try await client.noteTotal(token) == 1)
            }
        }

        @Test(
            "service: two twins that both find no note and both insert end with one note, the loser answering the winner's",
            arguments: DiaryWebBackend.enabled)
        func rendezvous(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withServices(backend) { services in
                let user = try await services.diaryAccounts.signUp(username: "minji", password: "correct horse")
                let stored = services.database.diaryRepositories().notes
                let gate = RendezvousNotes(stored)
                let service = gate.service(services)
                let code = try await RendezvousNotes.settledMovieCode(services)
                let draft = NoteDraft(movieCode: code, watchedOn: CalendarDate("2024-03-15")!)
                async let a = service.createNote(draft, for: user, idempotencyKey: "offline-7")
                async let b = service.createNote(draft, for: user, idempotencyKey: "offline-7")
                let (first, second) = try await (a, b)
                #expect(first.note == second.note)
                #expect(first.note.id == service.noteID(userID: user.id, idempotencyKey: "offline-7"))
                #expect(await gate.failedInserts == 1, "both inserted; the store let one in")
                #expect(try await stored.notes(userID: user.id, query: NoteListQuery()).total == 1)
            }
        }

        @Test(
            "another person cannot take the id a key will make: an imported note never keeps an id made from a key",
            arguments: DiaryWebBackend.enabled)
        func plantedID(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withServices(backend) { services in
                let minji = try await services.diaryAccounts.signUp(username: "minji", password: "correct horse")
                let joon = try await services.diaryAccounts.signUp(username: "joon", password: "correct horse")
                let code = try #require(
                    try await services.charts.chart(
                        ChartQuery(kind: .daily, date: CalendarDate(WebTestSupport.settledDate)!)
                    ).entries.first?.movieCode)
                // Joon knows minji's id and the key her app will send, and imports a note with the id it makes.
                let planted = services.diaryNotes.noteID(userID: minji.id, idempotencyKey: "offline-42")
                let free = UUID()
                let file =
                    "id,movieCode,title,watchedOn\n\(planted),\(code),Planted,2024-03-01\n"
                    + "\(free),\(code),Free,2024-03-02\n"
                let report = try await services.diaryTransfer.importFile(Data(file.utf8), format: .csv, for: joon)
                #expect(report.imported == 2, "\(report)")
                let joons = try await services.database.diaryRepositories().notes.allNotes(userID: joon.id)
                #expect(Set(joons.map(\.id)).contains(free), "a free id of the usual kind is kept")
                #expect(!joons.map(\.id).contains(planted), "one made from a key is not")

                let draft = NoteDraft(movieCode: code, watchedOn: CalendarDate("2024-03-15")!)
                let saved = try await services.diaryNotes.createNote(draft, for: minji, idempotencyKey: "offline-42")
                #expect(saved.note.id == planted)
                let again = try await services.diaryNotes.createNote(draft, for: minji, idempotencyKey: "offline-42")
                #expect(again.note == saved.note)
            }
        }

        @Test(
            "form: POST /notes with a key twice redirects to one note; the CSRF token may come as X-CSRF-Token",
            arguments: DiaryWebBackend.enabled)
        func form(backend: DiaryWebBackend) async throws {
            try await AdminTestSupport.withApp(backend) { app in
                let code = try await app.client.sampleMovieCodes()[0]
                let browser = try await AdminTestSupport.signedIn(app, "minji", admin: false)
                let csrf = try await browser.sessionCSRF()
                let fields = "movie=\(code)&title=Film&watchedOn=2024-03-15&rating=&category=&place=&memo=offline"
                func post(_ headers: HTTPFields, body: String = fields) async throws -> TestResponse {
                    var headers = headers
                    headers[.contentType] = "application/x-www-form-urlencoded"
                    headers[.acceptLanguage] = "en"
                    headers[.cookie] = await browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
                    return try await app.client.execute(
                        uri: "/notes", method: .post, headers: headers, body: ByteBuffer(string: body)
                    ) { $0 }
                }
                let token = HTTPField.Name("X-CSRF-Token")!
                let first = try await post([Self.keyHeader: "queued-1", token: csrf])
                #expect(first.status == .seeOther, "\(first.text.prefix(300))")
                let location = try #require(first.location)
                #expect(location.hasPrefix("/notes/") && location.hasSuffix("?done=saved"))
                let again = try await post([Self.keyHeader: "queued-1", token: csrf])
                #expect(again.status == .seeOther)
                #expect(again.location == location)
                // The token in the form works as before, with the same key: the same note.
                let inForm = try await post([Self.keyHeader: "queued-1"], body: "csrf=\(csrf)&" + fields)
                #expect(inForm.location == location)
                #expect(try await DiaryPageTestSupport.noteTotal(browser) == 1)

                #expect(try await post([Self.keyHeader: "queued-2", token: "wrong"]).status == .forbidden)
                #expect(try await post([Self.keyHeader: "queued-2"]).status == .forbidden, "no token at all")
                let bad = try await post([Self.keyHeader: "two words", token: csrf])
                #expect(bad.status == .badRequest)
                #expect(bad.text.contains("Idempotency-Key must be 1 to 255 visible ASCII characters"))
                #expect(try await DiaryPageTestSupport.noteTotal(browser) == 1)
            }
        }
    }
}
