import Foundation
import Testing

/// What KOBIS sends is text from elsewhere. Control characters (an escape sequence's ESC, a bell, a newline) leave it
/// when it is read (a line break becomes a space), for every surface; what remains that a terminal would obey (a
/// bidirectional override) is written escaped in a table, never as it is (JSON and CSV keep it, escaped by their own
/// rules).
@Suite("Tables write KOBIS's text escaped", .serialized)
struct TerminalEscapingTests {
    static func row(rank: Int, code: String, title: String) -> [String: String] {
        [
            "rnum": "\(rank)", "rank": "\(rank)", "rankInten": "0", "rankOldAndNew": "OLD", "movieCd": code,
            "movieNm": title, "openDt": "2021-12-22", "salesAmt": "100000000", "salesShare": "\(50 - rank).0",
            "salesInten": "0", "salesChange": "0", "salesAcc": "900000000", "audiCnt": "10000", "audiInten": "0",
            "audiChange": "0", "audiAcc": "90000", "scrnCnt": "500", "showCnt": "2000",
        ]
    }

    @Test func aHostileTitleIsWrittenEscapedInTheTable() async throws {
        let list = [
            Self.row(rank: 1, code: "20990001", title: "\u{1B}[31m빨강\u{1B}[0m\u{07} 제목"),
            Self.row(rank: 2, code: "20990002", title: "첫 줄\n둘째 줄"),
            Self.row(rank: 3, code: "20990003", title: "abc\u{202E}fed"),
        ]
        let body: [String: Any] = [
            "boxOfficeResult": [
                "boxofficeType": "일별 박스오피스", "showRange": "20220105~20220105", "dailyBoxOfficeList": list,
            ]
        ]
        try await StaticFileServer.withDailyResponse(try JSONSerialization.data(withJSONObject: body)) { cli in
            let table = try await cli.run(["daily", "--date", "2022-01-05", "--lang", "ko"])
            #expect(table.status == 0, "\(table.stderr)")
            let text = table.stdout
            #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" }, "\(text)")
            #expect(text.contains("[31m빨강[0m 제목"), "\(text)")
            #expect(text.contains(#"abc\u{202E}fed"#), "\(text)")
            // The newline became a space and split no row.
            #expect(text.contains("첫 줄 둘째 줄"), "\(text)")
            #expect(!text.contains("\n둘째 줄"), "\(text)")
            // The JSON has the title as read: without control characters, the override kept.
            let json = try await cli.run(["daily", "--date", "2022-01-05", "--format", "json"])
            let chart = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            let titles = (chart?["entries"] as? [[String: Any]])?.compactMap { $0["title"] as? String } ?? []
            #expect(titles == ["[31m빨강[0m 제목", "첫 줄 둘째 줄", "abc\u{202E}fed"])
        }
    }
}
