import BoxOfficeCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KOBISSimulator
import OpenAPIRuntime
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

@Suite("Diary API: lists of notes kept until the diary changes")
struct DiaryNoteListKeptTests {
    static let password = "correct horse battery"

    @Test(
        "a write through this instance or another shows at once; each person and each query has its own answer",
        arguments: DiaryWebBackend.enabled)
    func keptUntilTheDiaryChanges(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withTwoInstances(backend) { first, second in
            try await Self.check(first: first, second: second)
        }
    }

    static func token(_ client: any TestClientProtocol, _ username: String) async throws -> String {
        let response = try await client.call(
            .post, "/api/v1/tokens", json: ["username": username, "password": password])
        return try #require(response.jsonObject?["token"] as? String)
    }

    /// The ids of the notes in a list, in order.
    static func ids(_ client: any TestClientProtocol, _ token: String, _ query: String = "") async throws -> [String] {
        let response = try await client.call(.get, "/api/v1/notes\(query)", token: token)
        #expect(response.status == .ok, "\(response.text)")
        #expect(response.headers[.cacheControl] == "no-store")
        #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
        let notes = try #require(response.jsonObject?["notes"] as? [[String: Any]])
        return notes.compactMap { $0["id"] as? String }
    }

    static func check(first: any TestClientProtocol, second: any TestClientProtocol) async throws {
        for username in ["minji", "jisoo"] {
            let created = try await first.call(
                .post, "/api/v1/users", json: ["username": username, "password": password])
            #expect(created.status == .created)
        }
        let here = try await token(first, "minji")
        let elsewhere = try await token(second, "minji")
        let jisoo = try await token(first, "jisoo")
        let codes = try await first.sampleMovieCodes()

        #expect(try await ids(first, here).isEmpty)
        #expect(try await ids(first, here).isEmpty)
        let one = try #require(
            try await first.createNote(here, ["movieCode": codes[0], "watchedOn": "2024-03-01"])["id"] as? String)
        #expect(try await ids(first, here) == [one])
        let two = try #require(
            try await second.createNote(elsewhere, ["movieCode": codes[1], "watchedOn": "2024-03-02"])["id"] as? String)
        #expect(try await ids(first, here) == [two, one])
        #expect(try await ids(first, here) == [two, one])

        // Each query is its own answer.
        #expect(try await ids(first, here, "?perPage=1") == [two])
        #expect(try await ids(first, here, "?order=asc") == [one, two])
        #expect(try await ids(first, here, "?perPage=1&page=2") == [one])

        // An edit through the other instance shows at once.
        let edited = try await second.call(
            .patch, "/api/v1/notes/\(one)", token: elsewhere, json: ["memo": "다시 보고 싶다"])
        #expect(edited.status == .ok)
        let list = try await first.call(.get, "/api/v1/notes", token: here)
        let memos = try #require(list.jsonObject?["notes"] as? [[String: Any]]).compactMap { $0["memo"] as? String }
        #expect(memos.contains("다시 보고 싶다"))

        // Another person gets their own (empty) list; a bad token or query is refused as before.
        #expect(try await ids(first, jisoo).isEmpty)
        #expect(try await first.call(.get, "/api/v1/notes", token: "bo_not-a-token").status == .unauthorized)
        #expect(try await first.call(.get, "/api/v1/notes?sort=nope", token: here).status == .badRequest)

        #expect(try await second.call(.delete, "/api/v1/notes/\(two)", token: elsewhere).status == .noContent)
        #expect(try await ids(first, here) == [one])
        #expect(try await ids(first, here, "?perPage=1") == [one])
        #expect(try await ids(first, jisoo).isEmpty)
    }

    @Test(
        "an answer is read once per person, diary version and query; only a 200 is kept",
        arguments: DiaryWebBackend.enabled)
    func readOncePerVersion(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withServices(backend) { services in try await Self.checkKept(services) }
    }

    /// Counts the answers the handler was asked for.
    actor Handler {
        var calls = 0
        var status = HTTPResponse.Status.ok

        func answer() -> (HTTPResponse, HTTPBody?) {
            calls += 1
            let text = #"{"call":\#(calls)}"#
            return (
                HTTPResponse(
                    status: status,
                    headerFields: [
                        .contentType: "application/json; charset=utf-8", .contentLength: "\(text.utf8.count)",
                    ]
                ), HTTPBody(text)
            )
        }

        func answer(with status: HTTPResponse.Status) { self.status = status }
    }

    static func checkKept(_ services: AppServices) async throws {
        let minji = try await services.diaryAccounts.signUp(username: "minji", password: password)
        let jisoo = try await services.diaryAccounts.signUp(username: "jisoo", password: password)
        let middleware = KeptNoteListMiddleware(
            notes: services.diaryNotes, answers: RenderedPageCache(byteBudget: 1 << 20), calendar: services.calendar)
        let handler = Handler()
        func list(_ user: DiaryUser, _ path: String = "/api/v1/notes", operation: String = Operations.ListNotes.id)
            async throws -> (status: HTTPResponse.Status, text: String)
        {
            let head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: path)
            let (response, body) = try await DiaryAPIUser.$current.withValue(user) {
                try await middleware.intercept(
                    head, body: nil, metadata: .init(), operationID: operation,
                    next: { _, _, _ in await handler.answer() })
            }
            #expect(response.headerFields[.contentType] == "application/json; charset=utf-8")
            let text = try await String(collecting: try #require(body), upTo: 1 << 20)
            #expect(response.headerFields[.contentLength] == "\(text.utf8.count)")
            return (response.status, text)
        }

        #expect(try await list(minji).text == #"{"call":1}"#)
        #expect(try await list(minji).text == #"{"call":1}"#, "kept")
        #expect(try await list(jisoo).text == #"{"call":2}"#, "another person")
        #expect(try await list(minji, "/api/v1/notes?perPage=1").text == #"{"call":3}"#, "another query")
        #expect(try await list(minji, "/api/v1/notes?perPage=1").text == #"{"call":3}"#)
        #expect(
            try await list(minji, operation: Operations.ListWatchlist.id).text == #"{"call":4}"#, "only the notes list")
        #expect(try await list(minji, operation: Operations.ListWatchlist.id).text == #"{"call":5}"#)

        // A change to the diary raises its version: the next answer is read again.
        let code = try #require(
            try await services.charts.chart(ChartQuery(kind: .daily, date: CalendarDate(WebTestSupport.settledDate)!))
                .entries.first?.movieCode)
        _ = try await services.diaryNotes.createNote(
            NoteDraft(movieCode: code, watchedOn: CalendarDate("2024-03-15")!), for: minji)
        #expect(try await list(minji).text == #"{"call":6}"#, "the diary changed")
        #expect(try await list(minji).text == #"{"call":6}"#)
        #expect(try await list(jisoo).text == #"{"call":2}"#, "jisoo's diary did not change")

        // Only a 200 is kept.
        await handler.answer(with: .badRequest)
        let refused = try await list(jisoo, "/api/v1/notes?page=2")
        #expect(refused.status == .badRequest && refused.text == #"{"call":7}"#)
        #expect(try await list(jisoo, "/api/v1/notes?page=2").text == #"{"call":8}"#)
    }
}
