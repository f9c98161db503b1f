import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// A diary file says what its films' details are (no KOBIS call), so what it says is bounded where it is kept and
/// where the statistics read it back: a review's import made a 43 MB statistics answer from made-up genres.
@Suite("Diary files: film details and statistics stay bounded")
struct DiaryFileDetailsAPITests {
    /// `count` notes of one film on as many days, each naming one genre of its own beside 드라마, and 100 of them.
    static func file(notes count: Int) -> String {
        let notes = (0..<count).map { index in
            let day = CalendarDate(year: 2020, month: 1, day: 1)?.adding(days: index).isoString ?? "2020-01-01"
            let genres = ["드라마", String(format: "g%03d", index)] + (0..<100).map { "x\(index)-\($0)" }
            let quoted = genres.map { "\"\($0)\"" }.joined(separator: ",")
            return #"{"id":"\#(UUID().uuidString)","movieCode":"20191234","title":"기생충","watchedOn":"\#(day)","#
                + #""createdAt":"2024-03-09T12:00:00Z","genres":[\#(quoted)],"releaseYear":99999,"#
                + #""titleEnglish":"\#(String(repeating: "P", count: 2_000))"}"#
        }
        return #"{"format":"boxoffice-diary","version":1,"categories":[],"notes":[\#(notes.joined(separator: ","))]}"#
    }

    @Test("an imported note keeps its first ten genres and a cut title; the statistics list the 200 most counted")
    func boundedDetails() async throws {
        try await DiaryWebTestSupport.withApp(.sqlite) { client in
            let token = try await client.account("minji")
            let imported = try await client.call(
                .post, "/api/v1/notes/import?format=json", token: token, text: Self.file(notes: 250))
            #expect(imported.status == .ok, "\(imported.text.prefix(300))")
            #expect(imported.jsonObject?["imported"] as? Int == 250)

            let list = try await client.call(.get, "/api/v1/notes?perPage=1&sort=watchedOn&order=asc", token: token)
            let note = try #require((list.jsonObject?["notes"] as? [[String: Any]])?.first)
            let genres = try #require(note["genres"] as? [String])
            #expect(genres.count == MovieSnapshot.Bounds.genresKept && genres.prefix(2) == ["드라마", "g000"])
            #expect((note["titleEnglish"] as? String)?.count == MovieSnapshot.Bounds.titleEnglishLimit)
            #expect(note["releaseYear"] is NSNull || note["releaseYear"] == nil)

            let stats = try await client.call(.get, "/api/v1/stats", token: token)
            #expect(stats.status == .ok)
            let perGenre = try #require(stats.jsonObject?["perGenre"] as? [[String: Any]])
            // 드라마 and 250 names of one note each, 8 more a note: the most counted first, then by name.
            #expect(perGenre.count == DiaryStatistics.namedListLimit)
            #expect(perGenre.first?["name"] as? String == "드라마" && perGenre.first?["count"] as? Int == 250)
            #expect(perGenre.dropFirst().allSatisfy { $0["count"] as? Int == 1 })
        }
    }

    @Test("a note created in 9999 is skipped with its reason, so the list's own cursors stay readable")
    func farInstants() async throws {
        try await DiaryWebTestSupport.withApp(.sqlite) { client in
            let token = try await client.account("minji")
            func note(_ day: String, createdAt: String) -> String {
                #"{"id":"\#(UUID().uuidString)","movieCode":"20191234","title":"기생충","watchedOn":"\#(day)","#
                    + #""createdAt":"\#(createdAt)"}"#
            }
            let file =
                #"{"format":"boxoffice-diary","version":1,"categories":[],"notes":["#
                + [
                    note("2024-01-01", createdAt: "9999-12-31T00:00:00Z"),
                    note("2024-01-02", createdAt: "2024-01-02T12:00:00Z"),
                    note("2024-01-03", createdAt: "2024-01-03T12:00:00Z"),
                ].joined(separator: ",") + "]}"
            let imported = try await client.call(
                .post, "/api/v1/notes/import?format=json&lang=en", token: token, text: file)
            #expect(imported.status == .ok, "\(imported.text.prefix(300))")
            #expect(imported.jsonObject?["imported"] as? Int == 2)
            let skipped = try #require(imported.jsonObject?["skipped"] as? [[String: Any]])
            #expect(skipped.count == 1)
            let reason = skipped.first?["reason"] as? String ?? ""
            #expect(reason.contains("createdAt must be a year from 1900 to 4999"), "\(reason)")
            let first = try await client.call(.get, "/api/v1/notes?perPage=1&sort=created&order=desc", token: token)
            let cursor = try #require(first.jsonObject?["nextCursor"] as? String)
            let next = try await client.call(
                .get, "/api/v1/notes?perPage=1&sort=created&order=desc&cursor=\(cursor)", token: token)
            #expect(next.status == .ok, "\(next.text.prefix(300))")
        }
    }
}
