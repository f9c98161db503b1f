import Foundation
import Testing

/// `--help` in the reader's language: Korean where the output is Korean (the environment's locale or `--lang ko`),
/// wrapped by the columns a terminal gives Hangul, and English as ArgumentParser writes it.
@Suite struct HelpLanguageTests {
    /// The columns a terminal gives `line`: two for a Hangul syllable or jamo, one for the rest of what help writes.
    static func columns(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { width, scalar in
            let wide =
                (0xAC00...0xD7A3).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)
                || (0x3130...0x318F).contains(scalar.value)
            return width + (wide ? 2 : 1)
        }
    }

    /// `text` with every run of white space one space: what a wrapped line says, wherever it was wrapped.
    static func flat(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func koreanHelp(_ arguments: [String], columns: Int = 80) async throws -> CLIRunner.Result {
        var cli = try CLIRunner()
        cli.environment["LANG"] = "ko_KR.UTF-8"
        cli.environment["COLUMNS"] = String(columns)
        return try await cli.run(arguments)
    }

    @Test func theToolsHelpIsKoreanInAKoreanLocaleAndFitsTheTerminal() async throws {
        for width in [80, 60] {
            let result = try await koreanHelp(["--help"], columns: width)
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            let text = result.stdout
            for words in [
                "개요:", "사용법: boxoffice <명령>", "옵션:", "명령:", "도움말을 봅니다.", "웹 앱을 실행합니다.",
                "명령별 도움말: 'boxoffice help <명령>'", "환경 변수: KOBIS_API_KEY",
            ] {
                #expect(text.contains(words), "\(words) missing from:\n\(text)")
            }
            for english in ["OVERVIEW", "USAGE", "OPTIONS", "SUBCOMMANDS", "Show help information", "Run the web app"] {
                #expect(!text.contains(english), "\(english) in the Korean help:\n\(text)")
            }
            let over = text.split(separator: "\n").filter { Self.columns($0) > width }
            #expect(over.isEmpty, "lines wider than \(width) columns: \(over)")
        }
    }

    @Test func theHelpCommandTakesLangWhereverItIsGiven() async throws {
        let english = try CLIRunner()
        for arguments in [
            ["--lang", "ko", "help", "daily"], ["help", "daily", "--lang", "ko"], ["help", "--lang=ko"],
        ] {
            let result = try await english.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.hasPrefix("개요: "), "\(arguments): \(result.stdout)")
        }
        let korean = try await koreanHelp(["help", "daily", "--lang", "en"])
        #expect(korean.stdout.hasPrefix("OVERVIEW: Show a day's box office"), "\(korean.stdout)")
    }

    @Test func aCommandOfCommandsTakesLangBeforeItsCommand() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let list = try await cli.run(["admin", "--lang", "ko", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(!list.stderr.contains("--lang"), "\(list.stderr)")
        let wrong = try await cli.run(["admin", "--lang", "xx", "list"])
        #expect(wrong.status != 0)
    }

    @Test func aCompletionScriptIsNeverTranslatedNorWrapped() async throws {
        let korean = try await koreanHelp(["--generate-completion-script", "bash"], columns: 40)
        #expect(korean.status == 0, "\(korean.stderr)")
        let english = try await CLIRunner().run(["--generate-completion-script", "bash"])
        #expect(!korean.stdout.isEmpty && korean.stdout == english.stdout)
    }

    @Test func anOptionsDescriptionContinuesUnderItselfAndNarrowTerminalsDoNotCrash() async throws {
        // `--threshold <threshold>` fills the label column: its description follows one space, at column 26.
        let records = try await koreanHelp(["help", "records"], columns: 60)
        #expect(records.status == 0)
        let stray = records.stdout.split(separator: "\n").filter {
            $0.hasPrefix("  ") && !$0.hasPrefix("   ") && !$0.hasPrefix("  -") && !$0.hasPrefix("  <")
        }
        #expect(stray.isEmpty, "lines at the label's indent that are no label: \(stray)")
        // A terminal narrower than help's columns is read as 40 columns, in either language.
        for (language, width) in [("ko", "10"), ("en", "10"), ("en", "-1"), ("ko", "abc")] {
            var cli = try CLIRunner()
            cli.environment["COLUMNS"] = width
            let help = try await cli.run(["sync", "--help", "--lang", language])
            #expect(help.status == 0, "COLUMNS=\(width) --lang \(language): \(help.stderr)")
            #expect(help.stdout.contains("--concurrency"))
        }
    }

    @Test func aCommandsHelpFollowsLangOverTheLocale() async throws {
        let korean = try await koreanHelp(["daily", "--help", "--lang", "ko"])
        #expect(korean.status == 0)
        #expect(korean.stdout.contains("개요: 하루의 박스오피스를 보여 줍니다"))
        #expect(korean.stdout.contains("K는 한국영화, F는 외국영화."))
        #expect(Self.flat(korean.stdout).contains("(값: table, json, csv; 기본값: table)"))
        // An option's description continues under itself, and the usage line under its words.
        let lines = korean.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        if let usage = lines.firstIndex(where: { $0.hasPrefix("사용법: ") }), usage + 1 < lines.count {
            #expect(lines[usage + 1].hasPrefix("        [--"), "usage continues at its words: \(lines[usage + 1])")
        } else {
            Issue.record("no wrapped usage line in:\n\(korean.stdout)")
        }

        let english = try await koreanHelp(["daily", "--help", "--lang", "en"])
        #expect(english.status == 0)
        #expect(english.stdout.contains("OVERVIEW: Show a day's box office"))
        #expect(english.stdout.contains("K for Korean films, F for foreign films."))
        #expect(!english.stdout.contains("개요"))
    }

    @Test func helpOfASubcommandAndTheHelpCommandAreKorean() async throws {
        let sync = try await koreanHelp(["help", "sync"])
        #expect(sync.status == 0)
        #expect(sync.stdout.contains("종료 상태: 0 모두 보관"))
        #expect(sync.stdout.contains("--concurrency <concurrency>"))
        #expect(sync.stdout.contains("동시에 보내는 KOBIS 호출 수, 1–16. (기본값: 4)"))

        let grant = try await koreanHelp(["admin", "grant", "--help"])
        #expect(grant.status == 0)
        #expect(grant.stdout.contains("사용법: boxoffice admin grant <username>"))
        #expect(grant.stdout.contains("인자:"))
        #expect(grant.stdout.contains("계정의 아이디 (대소문자 구분 없음)."))
    }

    @Test func theWeeklyRangesDefaultIsTheNamePeopleType() async throws {
        let english = try await CLIRunner().run(["weekly", "--help"])
        #expect(
            Self.flat(english.stdout).contains("(values: week, weekend, weekdays; default: week)"), "\(english.stdout)")
        let korean = try await koreanHelp(["weekly", "--help"])
        #expect(Self.flat(korean.stdout).contains("(값: week, weekend, weekdays; 기본값: week)"), "\(korean.stdout)")
        // The names are still read without regard to case.
        let weekend = try await CLIRunner().run([
            "weekly", "--range", "WEEKEND", "--date", "2024-03-15", "--format", "json",
        ])
        #expect(weekend.status == 0, "\(weekend.stderr)")
        let chart = try JSONSerialization.jsonObject(with: Data(weekend.stdout.utf8)) as? [String: Any]
        #expect(chart?["kind"] as? String == "weekend")
    }
}
