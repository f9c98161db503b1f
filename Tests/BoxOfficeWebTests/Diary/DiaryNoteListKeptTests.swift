import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("Diary API: lists of notes kept until the diary changes")
struct DiaryNoteListKeptTests {
    static let password = "correct horse battery"

    @Test(
        "a write through this instance or another shows at once; each person and each query has its own answer",
        arguments: DiaryWebBackend.enabled)
    func keptUntilTheDiaryChanges(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withDatabase(backend) { databaseURL, directory in
            try await DiaryWebTestSupport.run(databaseURL: databaseURL, directory: directory) { first in
                try await DiaryWebTestSupport.run(databaseURL: databaseURL, directory: directory) { second in
                    try await Self.check(first: first, second: second)
                }
            }
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
}
