import Foundation
import Testing

@Suite("boxoffice speaks the reader's language: --lang, then LC_ALL, LC_MESSAGES, LANG", .serialized)
struct LanguageTests {
    static let korean = ["LANG": "ko_KR.UTF-8"]
    static let english = ["LANG": "C.UTF-8"]

    /// Runs `arguments` with the locale variables set to exactly `locale` (the others unset).
    static func run(_ cli: CLIRunner, _ arguments: [String], locale: [String: String]) async throws -> CLIRunner.Result
    {
        var cli = cli
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] { cli.environment[name] = locale[name] }
        return try await cli.run(arguments)
    }

    /// One line on stderr, nothing on stdout, a non-zero exit and no crash.
    static func expectOneLineError(
        _ result: CLIRunner.Result, _ line: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status != 0, sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(result.stderrLines == [line], sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
    }

    static let badDayKorean = #"boxoffice: --date "2024-02-30": 달력에 없는 날짜입니다."#
    static let badDayEnglish = #"boxoffice: --date "2024-02-30" is not a real day."#

    @Test("a bad --date: Korean under a Korean LANG, English under C, and --lang overrides LANG either way")
    func badDate() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let arguments = ["daily", "--date", "2024-02-30"]
        Self.expectOneLineError(try await Self.run(cli, arguments, locale: Self.korean), Self.badDayKorean)
        Self.expectOneLineError(try await Self.run(cli, arguments, locale: Self.english), Self.badDayEnglish)
        Self.expectOneLineError(
            try await Self.run(cli, arguments + ["--lang", "en"], locale: Self.korean), Self.badDayEnglish)
        Self.expectOneLineError(
            try await Self.run(cli, arguments + ["--lang", "ko"], locale: Self.english), Self.badDayKorean)
    }

    @Test(
        "the language comes from LC_ALL, then LC_MESSAGES, then LANG; empty ones are skipped; English by default",
        arguments: [
            (["LC_ALL": "ko_KR.UTF-8", "LC_MESSAGES": "C", "LANG": "C.UTF-8"], true),
            (["LC_ALL": "C.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8", "LANG": "ko_KR.UTF-8"], false),
            (["LC_MESSAGES": "ko_KR.UTF-8", "LANG": "C.UTF-8"], true),
            (["LC_MESSAGES": "en_US.UTF-8", "LANG": "ko_KR.UTF-8"], false),
            (["LC_ALL": "", "LC_MESSAGES": "", "LANG": "ko_KR.UTF-8"], true),
            (["LANG": "ko"], true),
            ([:], false),
        ])
    func environmentOrder(locale: [String: String], isKorean: Bool) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await Self.run(cli, ["daily", "--date", "2024-02-30"], locale: locale)
        Self.expectOneLineError(result, isKorean ? Self.badDayKorean : Self.badDayEnglish)
    }

    @Test("--lang takes ko or en only: anything else is a one-line usage error")
    func unknownLanguage() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await Self.run(cli, ["daily", "--lang", "fr"], locale: Self.english)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        let errors = result.stderrLines.filter { !$0.hasPrefix("(see") }
        #expect(errors.count == 1, "\(result.stderr)")
        #expect(errors.first?.contains("'fr'") == true, "\(result.stderr)")
    }

    @Test("a region code KOBIS does not list: the same reason in either language")
    func unknownRegion() async throws {
        try await CLIHarness.withSimulator { _, cli in
            let arguments = ["daily", "--date", "2024-03-15", "--area", "999"]
            Self.expectOneLineError(
                try await Self.run(cli, arguments, locale: Self.korean),
                #"boxoffice: --area "999": KOBIS에 없는 지역 코드입니다."#)
            Self.expectOneLineError(
                try await Self.run(cli, arguments, locale: Self.english),
                #"boxoffice: --area "999" is not a region code KOBIS knows."#)
        }
    }

    @Test("a bad sync --from, in Korean and in English")
    func badSyncDay() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let arguments = ["sync", "--from", "2024-1-01", "--to", "2024-02-01"]
        Self.expectOneLineError(
            try await Self.run(cli, arguments, locale: Self.korean),
            #"boxoffice: --from: 2024-03-15처럼 YYYY-MM-DD 형식의 날짜를 적어 주세요. 받은 값: "2024-1-01""#)
        Self.expectOneLineError(
            try await Self.run(cli, arguments, locale: Self.english),
            #"boxoffice: --from must be a real day as YYYY-MM-DD, e.g. 2024-03-15, got "2024-1-01"."#)
        // A day of the right shape the calendar lacks is said to be one.
        Self.expectOneLineError(
            try await Self.run(cli, ["sync", "--from", "2024-13-01", "--to", "2024-02-01"], locale: Self.korean),
            #"boxoffice: --from "2024-13-01": 달력에 없는 날짜입니다."#)
    }

    @Test("daily's table speaks the language; its JSON and CSV never change with it")
    func dailyTable() async throws {
        try await CLIHarness.withSimulator { _, cli in
            let arguments = ["daily", "--date", "2024-03-15"]
            let korean = try await Self.run(cli, arguments, locale: Self.korean)
            let english = try await Self.run(cli, arguments, locale: Self.english)
            #expect(korean.status == 0 && english.status == 0, "\(korean.stderr)\(english.stderr)")
            let koreanLines = korean.stdout.split(separator: "\n").map(String.init)
            let englishLines = english.stdout.split(separator: "\n").map(String.init)
            #expect(koreanLines.first == "일별 박스오피스 2024-03-15 (금)")
            #expect(englishLines.first == "Daily box office 2024-03-15 (Fri)")
            #expect(
                Self.columns(koreanLines[1])
                    == ["순위", "변동", "영화", "관객수", "누적 관객수", "매출 점유율", "스크린", "일차", "회당"])
            #expect(
                Self.columns(englishLines[1])
                    == [
                        "Rank", "Change", "Film", "Audience", "Total audience", "Sales share", "Screens", "Day",
                        "Per show",
                    ])
            // Under the table, the day's market in each language's numbers.
            #expect(koreanLines.contains { $0.hasPrefix("전체 매출 ≈ ") && $0.contains("억") })
            #expect(englishLines.contains { $0.hasPrefix("Market sales ≈ ₩") && $0.contains("billion") })
            // The same figures, with the new films marked in each language.
            #expect(koreanLines.count == englishLines.count)
            #expect(koreanLines.contains { $0.contains("신작") } == englishLines.contains { $0.contains("NEW") })
            #expect(!englishLines.contains { $0.contains("신작") })
            for format in ["json", "csv"] {
                let inKorean = try await Self.run(cli, arguments + ["--format", format], locale: Self.korean)
                let inEnglish = try await Self.run(cli, arguments + ["--format", format, "--lang", "en"], locale: [:])
                #expect(inKorean.status == 0 && !inKorean.stdout.isEmpty)
                #expect(inKorean.stdout == inEnglish.stdout, "\(format)")
            }
        }
    }

    @Test("sync's progress and summary in Korean")
    func syncKorean() async throws {
        try await CLIHarness.withSimulator { _, cli in
            let result = try await Self.run(
                cli, ["sync", "--from", "2024-03-01", "--to", "2024-03-02", "--lang", "ko"], locale: Self.english)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("sync 2024-03-01 – 2024-03-02: 차트 2개 중 2개를 받았습니다"), "\(result.stdout)")
            #expect(result.stdout.hasSuffix("보관함에 기간의 모든 날이 있습니다.\n"), "\(result.stdout)")
            #expect(result.stderr.hasPrefix("sync: 받을 차트 2개, 이미 보관된 것 0개."), "\(result.stderr)")
            #expect(result.stderr.contains("  차트 2/2  "), "\(result.stderr)")
        }
    }

    @Test("a bad setting in the environment: one line naming the variable, in the terminal's language")
    func badSetting() async throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        cli.environment["BOXOFFICE_UPSTREAM_TIMEOUT"] = "soon"
        Self.expectOneLineError(
            try await Self.run(cli, ["daily"], locale: Self.korean),
            #"boxoffice: BOXOFFICE_UPSTREAM_TIMEOUT: 0.1초부터 300초 사이의 숫자여야 합니다. 받은 값: "soon""#)
        Self.expectOneLineError(
            try await Self.run(cli, ["daily"], locale: Self.english),
            #"boxoffice: BOXOFFICE_UPSTREAM_TIMEOUT must be a number of seconds from 0.1 to 300, got "soon"."#)
    }

    @Test("migrate's line in Korean")
    func migrateKorean() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await Self.run(cli, ["migrate", "--lang", "ko"], locale: Self.english)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("데이터베이스가 최신 상태입니다: "), "\(result.stdout)")
    }

    /// A table line's cells: columns are two or more spaces apart, words within a cell one.
    static func columns(_ line: String) -> [String] {
        line.split(separator: /\s{2,}/).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
