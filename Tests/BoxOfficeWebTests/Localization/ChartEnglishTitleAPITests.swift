import BoxOfficeApp
import BoxOfficeCore
import Foundation
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// Chart JSON rows (`/api/v1/daily`, `/api/v1/weekly`, `/api/v1/charts/period`) carry `titleEnglish` where the archive
/// keeps KOBIS's English title with the film's nation, and leave it out otherwise, with no KOBIS call.
@Suite("Chart JSON: the English titles the archive keeps")
struct ChartEnglishTitleAPITests {
    /// Each row's `titleEnglish` is the kept title of its film, or absent when none is kept; returns how many of each.
    static func check(
        _ path: String, _ client: any TestClientProtocol, _ services: AppServices
    ) async throws -> (titled: Int, untitled: Int) {
        let response = try await client.get(path)
        #expect(response.status == .ok, "\(path)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]], "\(path)")
        let codes = entries.compactMap { $0["movieCode"] as? String }
        let kept = try await services.archive.englishTitles(of: codes)
        var counts = (titled: 0, untitled: 0)
        for entry in entries {
            let code = try #require(entry["movieCode"] as? String)
            if let title = kept[code] {
                #expect(entry["titleEnglish"] as? String == title, "\(path) \(code)")
                counts.titled += 1
            } else {
                #expect(entry["titleEnglish"] == nil, "\(path) \(code)")
                counts.untitled += 1
            }
        }
        return counts
    }

    @Test("a film with a kept English title has it in every chart's JSON; one without has no such field")
    func titles() async throws {
        try await ArchiveWebSupport.withArchivedApp { services, client in
            // The sync kept the titles of the archived days' films (2024-03-01…15); an archived day's chart and the
            // period read them from the store.
            let callsBefore = try await FilmRunAPITests.upstreamCalls(client)
            let archived = ["/api/v1/daily?date=2024-03-10", "/api/v1/charts/period?from=2024-03-01&to=2024-03-15"]
            for path in archived {
                let counts = try await Self.check(path, client, services)
                #expect(counts.titled > 0 && counts.untitled == 0, "\(path): \(counts)")
            }
            #expect(try await FilmRunAPITests.upstreamCalls(client) == callsBefore, "no KOBIS call for the titles")
            // The week (not archived: fetched) carries them too.
            let week = try await Self.check("/api/v1/weekly?date=2024-03-04", client, services)
            #expect(week.titled > 0 && week.untitled == 0, "\(week)")
            // A month earlier, films that left the chart before March: no title kept, no field.
            let earlier = try await Self.check("/api/v1/daily?date=2024-02-01", client, services)
            #expect(earlier.untitled > 0, "\(earlier)")
            // The field is the same whatever the reader's language.
            let english = try await client.get("/api/v1/daily?date=2024-03-10&lang=en")
            #expect(english.text.contains(#""titleEnglish":"#))
        }
    }
}
