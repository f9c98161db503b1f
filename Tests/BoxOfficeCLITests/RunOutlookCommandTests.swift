import BoxOfficeTestSupport
import Foundation
import Testing

/// `boxoffice run` prints 천만 전망 in its table as its JSON says it, in Korean and English.
@Suite("boxoffice run: the outlook for 10 million", .serialized)
struct RunOutlookCommandTests {
    @Test("the table prints the outlook of the JSON: its rank, and that no finished film compares yet")
    func outlook() async throws {
        try await CLIHarness.withSimulator { server, cli in
            let sync = try await cli.run(["sync", "--from", "2024-03-01", "--to", "2024-03-10"])
            #expect(sync.status == 0, "\(sync.stderr)")
            let daily = try await cli.run(["daily", "--date", "2024-03-10", "--format", "json"])
            let chart = try #require(try JSONSerialization.jsonObject(with: Data(daily.stdout.utf8)) as? [String: Any])
            let codes = try #require(chart["entries"] as? [[String: Any]]).compactMap { $0["movieCode"] as? String }
            let calls = try await CLIHarness.statsCalls(server)
            var shown = 0
            for code in codes.prefix(3) {
                let json = try await cli.run(["run", code, "--format", "json"])
                #expect(json.status == 0, "\(json.stderr)")
                let report = try #require(
                    try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
                let english = try await cli.run(["run", code, "--lang", "en"])
                let korean = try await cli.run(["run", code, "--lang", "ko"])
                guard let outlook = report["outlook"] as? [String: Any] else {
                    #expect(!english.stdout.contains("Outlook for 10 million"))
                    continue
                }
                shown += 1
                let day = try #require(outlook["day"] as? Int)
                let rank = try #require(outlook["rank"] as? Int)
                let films = try #require(outlook["rankedFilms"] as? Int)
                #expect((1...60).contains(day))
                #expect(outlook["audience"] as? Int == (report["run"] as? [String: Any]).flatMap(Self.latestTotal))
                #expect(english.stdout.contains("Outlook for 10 million"))
                #expect(
                    english.stdout.contains("#\(rank) of \(films) films in the archive by admissions on day \(day)."))
                #expect(korean.stdout.contains("천만 전망"))
                #expect(korean.stdout.contains("개봉 \(day)일째 누적 관객으로 보관된 영화 \(films)편 중 \(rank)위입니다."))
                // Ten archived days: no film's first run is over, so none compares.
                #expect((outlook["comparables"] as? [Any])?.isEmpty == true)
                #expect(
                    english.stdout.contains(
                        "The archive holds no finished film yet with about as many admissions by the same day."))
            }
            #expect(shown > 0)
            #expect(try await CLIHarness.statsCalls(server) == calls, "run never calls KOBIS")
        }
    }

    /// The cumulative of the run's latest pace point.
    static func latestTotal(_ run: [String: Any]) -> Int? {
        (run["pace"] as? [[String: Any]])?.last?["audience"] as? Int
    }
}
