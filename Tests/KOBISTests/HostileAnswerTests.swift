import Foundation
import KOBIS
import Testing

/// Answers no real KOBIS sends but a broken or impersonated one might (found by a fuzz run of mutated samples): what
/// reaches pages, addresses and logs stays bounded and clean.
@Suite("Broken KOBIS answers")
struct HostileAnswerTests {
    /// The daily fixture with `count` rows, ranks 1…count, distinct codes.
    static func daily(rows count: Int) -> String {
        let rows = (1...count).map { rank in
            Fixtures.dailyRow.replacingOccurrences(
                of: #""rnum":"1","rank":"1""#, with: #""rnum":"\#(rank)","rank":"\#(rank)""#
            )
            .replacingOccurrences(of: "2023C109", with: "2023C\(rank)")
        }
        return #"{"boxOfficeResult":{"boxofficeType":"x","showRange":"20220105~20220105","dailyBoxOfficeList":["#
            + rows.joined(separator: ",") + "]}}"
    }

    @Test("a chart of more than 10 rows keeps the first 10 (KOBIS's most), in their order")
    func tenRowsAtMost() throws {
        let chart = try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(Self.daily(rows: 3000)))
        #expect(chart.boxOfficeResult.entries.count == 10)
        #expect(chart.boxOfficeResult.entries.map(\.rank) == Array(1...10))
        let short = try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(Self.daily(rows: 7)))
        #expect(short.boxOfficeResult.entries.count == 7)
    }

    @Test("a weekly chart is capped at 10 rows too")
    func weeklyCap() throws {
        let rows = (1...11).map { rank in
            Fixtures.dailyRow.replacingOccurrences(
                of: #""rnum":"1","rank":"1""#, with: #""rnum":"\#(rank)","rank":"\#(rank)""#)
        }
        let body =
            #"{"boxOfficeResult":{"boxofficeType":"x","showRange":"20111230~20120101","yearWeekTime":"201152","weeklyBoxOfficeList":["#
            + rows.joined(separator: ",") + "]}}"
        let chart = try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(body))
        #expect(chart.boxOfficeResult.entries.map(\.rank) == Array(1...10))
    }

    @Test("details may be KOBIS's empty answer (no code, no title) but not a title under a broken code")
    func movieInfoCodes() throws {
        let empty = #"{"movieInfoResult":{"movieInfo":{"movieCd":"","movieNm":"","nations":[]},"source":"영화진흥위원회"}}"#
        let info = try KOBISClient.decode(MovieInfoResponseDTO.self, from: Fixtures.response(empty))
        #expect(info.movieInfoResult.movieInfo.movieCode.isEmpty)
        let broken = Fixtures.movieInfo.replacingOccurrences(of: #""movieCd":"20194376""#, with: #""movieCd":"../x""#)
        #expect(broken != Fixtures.movieInfo)
        #expect(throws: KOBISError.self) {
            try KOBISClient.decode(MovieInfoResponseDTO.self, from: Fixtures.response(broken))
        }
    }

    @Test(
        "a film code that is not 1–20 letters and digits is a broken answer (it goes into addresses)",
        arguments: ["../../admin", "2023 C1", "", "가나다", String(repeating: "1", count: 21), "20%2F1", "<b>1</b>"])
    func filmCodes(code: String) {
        let body = Fixtures.daily(replacing: #""movieCd":"2023C109""#, with: #""movieCd":"\#(code)""#)
        #expect(throws: KOBISError.self) {
            try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(body))
        }
        let list = Fixtures.movieList.replacingOccurrences(of: #""movieCd":"2023C165""#, with: #""movieCd":"\#(code)""#)
        #expect(throws: KOBISError.self) {
            try KOBISClient.decode(MovieListResponseDTO.self, from: Fixtures.response(list))
        }
    }

    @Test("control characters leave KOBIS's text: tabs, line breaks and NEL become spaces, NUL and ESC go")
    func controlCharacters() throws {
        let body = Fixtures.daily(
            replacing: #""movieNm":"프렌즈: 몬스터섬의비밀 ""#, with: #""movieNm":"프렌즈\u0000\u001b[31m\n몬스터\u0085섬""#)
        let chart = try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(body))
        #expect(chart.boxOfficeResult.entries[0].movieName == "프렌즈[31m 몬스터 섬")
    }

    @Test(
        "a fault keeps its code whether a string or a number, bounded and clean; an empty one is still a fault",
        arguments: [
            (#"{"faultInfo":{"message":"잘못","errorCode":320010}}"#, "320010", "잘못"),
            (#"{"faultInfo":{"errorCode":"320011"}}"#, "320011", ""),
            (#"{"faultInfo":{"message":"bad\u0000\u001b[31mred\r\nline","errorCode":"1"}}"#, "1", "bad[31mred  line"),
        ])
    func faults(body: String, code: String, message: String) {
        #expect(throws: KOBISError.fault(code: code, message: message)) {
            try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(body))
        }
    }

    @Test("a fault that names neither code nor message is a broken answer (retried), not KOBIS's refusal")
    func emptyFault() {
        #expect(throws: KOBISError.malformedResponse(#"missing "boxOfficeResult" in body"#)) {
            try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(#"{"faultInfo":{}}"#))
        }
    }

    @Test("a broken number is quoted in the error cleaned and cut to 40 scalars, however long")
    func quotedValue() {
        let raw = "\u{1B}[31m" + String(repeating: "9x", count: 500_000)
        let body = Fixtures.daily(replacing: #""audiCnt":"64050""#, with: #""audiCnt":"\#(raw)""#)
        do {
            _ = try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(body))
            Issue.record("decoded")
        } catch {
            guard case .malformedResponse(let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.unicodeScalars.count < 200, "\(reason.prefix(300))")
            #expect(!reason.unicodeScalars.contains("\u{1B}"))
        }
    }

    @Test("a fault's message of 100,000 characters, or one character of 100,000 combining marks, is cut to 200 scalars")
    func longFault() {
        let marks =
            #"{"faultInfo":{"message":"a"# + String(repeating: "\u{0301}", count: 100_000) + #"","errorCode":"1"}}"#
        #expect(throws: KOBISError.fault(code: "1", message: "a" + String(repeating: "\u{0301}", count: 199))) {
            try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(marks))
        }
        let body = #"{"faultInfo":{"message":""# + String(repeating: "오", count: 100_000) + #"","errorCode":"320099"}}"#
        #expect(throws: KOBISError.fault(code: "320099", message: String(repeating: "오", count: 200))) {
            try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(body))
        }
    }
}
