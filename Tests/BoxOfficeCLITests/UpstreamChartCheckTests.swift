import Foundation
import Testing

/// A KOBIS answer is checked before it is kept: a chart of another day is refused (it would be kept, and shown, as
/// the day asked for), and a film listed twice is counted once.
@Suite("KOBIS charts checked before they are kept", .serialized)
struct UpstreamChartCheckTests {
    static func answer(showRange: String, rows: [[String: String]]) throws -> Data {
        try JSONSerialization.data(withJSONObject: [
            "boxOfficeResult": [
                "boxofficeType": "일별 박스오피스", "showRange": showRange, "dailyBoxOfficeList": rows,
            ]
        ])
    }

    @Test func aChartOfAnotherDayIsRefusedAndNotKept() async throws {
        let rows = [TerminalEscapingTests.row(rank: 1, code: "20990001", title: "다른 날")]
        try await StaticFileServer.withDailyResponse(try Self.answer(showRange: "20220105~20220105", rows: rows)) {
            cli in
            let refused = try await cli.run(["daily", "--date", "2022-01-06", "--lang", "ko"])
            #expect(refused.status != 0)
            #expect(refused.stdout.isEmpty, "\(refused.stdout)")
            let lines = refused.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains("KOBIS가 읽을 수 없는 답을 보냈습니다"), "\(refused.stderr)")
            // Nothing was kept for the day asked for: the store still has no chart to show.
            let again = try await cli.run(["daily", "--date", "2022-01-06", "--format", "json"])
            #expect(again.status != 0, "\(again.stdout)")
            // The day the answer is for is shown as itself.
            let right = try await cli.run(["daily", "--date", "2022-01-05", "--format", "json"])
            #expect(right.status == 0, "\(right.stderr)")
            #expect(right.stdout.contains("20990001"))
        }
    }

    @Test func aFilmListedTwiceIsCountedOnce() async throws {
        let rows = [
            TerminalEscapingTests.row(rank: 1, code: "20990001", title: "첫째"),
            TerminalEscapingTests.row(rank: 2, code: "20990002", title: "둘째"),
            TerminalEscapingTests.row(rank: 3, code: "20990001", title: "첫째"),
        ]
        try await StaticFileServer.withDailyResponse(try Self.answer(showRange: "20220105~20220105", rows: rows)) {
            cli in
            let result = try await cli.run(["daily", "--date", "2022-01-05", "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            let chart = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let entries = try #require(chart["entries"] as? [[String: Any]])
            #expect(entries.compactMap { $0["movieCode"] as? String } == ["20990001", "20990002"])
            #expect(entries.compactMap { $0["rank"] as? Int } == [1, 2])
        }
    }
}
