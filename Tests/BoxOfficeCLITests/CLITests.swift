import BoxOfficeCodecs
import Foundation
import KOBIS
import KOBISSimulator
import Logging
import Testing

@Suite("boxoffice CLI end to end against simulate-kobis", .serialized)
struct CLITests {
    struct ChartJSON: Decodable {
        struct Entry: Decodable {
            struct Change: Decodable { var kind: String; var amount: Int }
            var rank: Int; var change: Change; var movieCode: String; var title: String; var openDate: String?
            var audience: Int64; var audienceTotal: Int64; var sales: Int64; var salesShare: Double
            var salesTotal: Int64; var screens: Int; var shows: Int
        }
        struct Range: Decodable { var start: String; var end: String }
        var kind: String; var range: Range; var source: String; var stale: Bool; var fetchedAt: String
        var entries: [Entry]
    }

    @Test("daily --format json prints the simulator's exact figures; a second run makes no upstream call")
    func dailyJSON() async throws {
        try await CLIHarness.withSimulator { server, cli in
            let result = try await cli.run(["daily", "--date", "2024-03-15", "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            let chart = try JSONDecoder().decode(ChartJSON.self, from: Data(result.stdout.utf8))
            let expected = KOBISSimulator().dailyBoxOffice(
                CalendarDate("2024-03-15")!, nation: nil, multiMovie: nil, wideAreaCode: nil)
            #expect(chart.kind == "daily")
            #expect(chart.source == "kobis")
            #expect(chart.stale == false)
            #expect(chart.range.start == "2024-03-15")
            #expect(chart.entries.count == expected.entries.count)
            for (entry, row) in zip(chart.entries, expected.entries) {
                #expect(entry.rank == row.rank)
                #expect(entry.movieCode == row.movieCode)
                #expect(entry.title == row.movieName)
                #expect(entry.audience == row.audience)
                #expect(entry.audienceTotal == row.audienceTotal)
                #expect(entry.salesTotal == row.salesTotal)
                #expect(
                    entry.change.kind
                        == (row.status == .new ? "new" : row.rankDelta > 0 ? "up" : row.rankDelta < 0 ? "down" : "same")
                )
            }
            #expect(server.callCount == 1)
            let again = try await cli.run(["daily", "--date", "2024-03-15", "--format", "json"])
            #expect(again.status == 0)
            #expect(server.callCount == 1, "a settled day must come from the store")
        }
    }

    @Test("table output: separators, rank marks, columns aligned for Korean titles")
    func table() async throws {
        try await CLIHarness.withSimulator { _, cli in
            let result = try await cli.run(["daily", "--date", "2024-03-15", "--lang", "ko"])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            // Title, header, 10 rows, the day's market and its legend; required, since the lines are read by index.
            try #require(lines.count == 14)
            #expect(lines[0].contains("2024-03-15 (금)"))
            #expect(lines[1].contains("순위"))
            #expect(lines[1].contains("일차") && lines[1].contains("회당"))
            let rows = Array(lines[2..<12])
            #expect(rows.allSatisfy { $0.contains(",") })
            #expect(rows.allSatisfy { row in ["신작", "▲", "▼", " - "].contains { row.contains($0) } })
            // The last column ends at the same display column on every row.
            let widths = Set(lines[1..<12].map(displayWidth))
            #expect(widths.count == 1, "\(widths)")
            // The market: ≈ won in 억/만 and the top 10's share, each with its range.
            #expect(lines[12].hasPrefix("전체 매출 ≈ "), "\(lines[12])")
            #expect(lines[12].contains("억") && lines[12].contains(" 원 (범위 ") && lines[12].contains("상위 10편 비중 ≈ "))
            #expect(lines[13].hasPrefix("≈는 "))
            // A filtered chart has no market.
            let korean = try await cli.run(["daily", "--date", "2024-03-15", "--nation", "K", "--lang", "en"])
            #expect(korean.status == 0, "\(korean.stderr)")
            #expect(!korean.stdout.contains("Market sales"))
            let english = try await cli.run(["daily", "--date", "2024-03-15", "--lang", "en"])
            #expect(english.stdout.contains("Market sales ≈ ₩") && english.stdout.contains(" billion"))
        }
    }

    @Test("csv output: header and one line per entry")
    func csv() async throws {
        try await CLIHarness.withSimulator { _, cli in
            let result = try await cli.run(["daily", "--date", "2024-03-15", "--format", "csv", "--nation", "K"])
            #expect(result.status == 0, "\(result.stderr)")
            let records = try RFC4180.parse(result.stdout)
            let header = try #require(records.first?.fields)
            #expect(header.prefix(5) == ["rank", "change", "changeAmount", "movieCode", "title"])
            #expect(header.suffix(4) == ["shows", "dayOfRun", "audiencePerShow", "titleEnglish"])
            #expect(records.count == 11)
            // Each row ends with its day of run, audience per show and English title, as the JSON has them.
            let json = try await cli.run(["daily", "--date", "2024-03-15", "--format", "json", "--nation", "K"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["market"] == nil, "a filtered chart has no market")
            let entries = try #require(object["entries"] as? [[String: Any]])
            #expect(entries.count == records.count - 1)
            for (record, entry) in zip(records.dropFirst(), entries) {
                let row = Dictionary(uniqueKeysWithValues: zip(header, record.fields))
                #expect(row["dayOfRun"] == (entry["dayOfRun"] as? Int).map(String.init) ?? "", "\(row)")
                #expect(Double(row["audiencePerShow"] ?? "") == entry["audiencePerShow"] as? Double, "\(row)")
                #expect(row["titleEnglish"] == entry["titleEnglish"] as? String ?? "", "\(row)")
            }
        }
    }

    @Test("weekly, movie and search")
    func otherCommands() async throws {
        try await CLIHarness.withSimulator { _, cli in
            let weekly = try await cli.run(["weekly", "--date", "2024-03-15", "--range", "weekend", "--format", "json"])
            #expect(weekly.status == 0, "\(weekly.stderr)")
            let chart = try JSONDecoder().decode(ChartJSON.self, from: Data(weekly.stdout.utf8))
            #expect(chart.kind == "weekend")
            #expect(chart.range.start == "2024-03-15" && chart.range.end == "2024-03-17")
            let code = try #require(chart.entries.first?.movieCode)
            let movie = try await cli.run(["movie", code, "--format", "json"])
            #expect(movie.status == 0, "\(movie.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(movie.stdout.utf8)) as? [String: Any])
            for key in [
                "code", "title", "titleEnglish", "runtimeMinutes", "productionYear", "openDate", "nations", "genres",
                "directors", "actors", "grades", "companies",
            ] {
                #expect(object[key] != nil, "movie JSON lacks \(key)")
            }
            #expect(object["code"] as? String == code)
            let table = try await cli.run(["movie", code])
            #expect(table.status == 0)
            #expect(table.stdout.contains(chart.entries[0].title))
            let title = chart.entries[0].title
            let search = try await cli.run(["search", String(title.prefix(3)), "--format", "json"])
            #expect(search.status == 0, "\(search.stderr)")
            #expect(search.stdout.contains(code))
        }
    }

    @Test(
        "bad input: one clear line on stderr and a non-zero exit",
        arguments: [
            (["daily", "--date", "2024-02-30"], "\"2024-02-30\" is not a real day"),
            (["weekly", "--date", "2004-01-01"], "the earliest one is 2004-01-05–2004-01-11"),
            (["daily", "--nation", ""], "nation"), (["weekly", "--area", " "], "area"),
            (["daily", "--date", "yesterday"], "YYYY-MM-DD"),
            (["daily", "--date", "2999-01-01"], "future"),
            (["daily", "--nation", "X"], "nation"),
            (["daily", "--format", "xml"], "format"),
            (["weekly", "--range", "month"], "range"),
            (["movie", "NOPE!"], "movie code"),
            (["movie", "99999999"], "no movie"),
            (["frobnicate"], "frobnicate"),
        ])
    func badInput(arguments: [String], mention: String) async throws {
        try await CLIHarness.withSimulator { _, cli in
            let result = try await cli.run(arguments)
            #expect(result.status != 0)
            #expect(result.stdout.isEmpty)
            let errorLines = result.stderrLines.filter { !$0.hasPrefix("note:") && !$0.hasPrefix("(see") }
            #expect(errorLines.count == 1, "\(result.stderr)")
            #expect(result.stderr.lowercased().contains(mention.lowercased()), "\(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"))
        }
    }

    @Test(
        "upstream faults: KOBIS's message, a non-zero exit, no stack trace",
        arguments: [
            (SimulatorFault.faultinfo, "유효하지않은 키값입니다."),
            (.http500, "HTTP 500"),
            (.malformed, "could not be read"),
            (.reset, "KOBIS could not be reached"),
        ])
    func upstreamFaults(fault: SimulatorFault, mention: String) async throws {
        try await CLIHarness.withSimulator(fault: fault) { _, cli in
            let result = try await cli.run(["daily", "--date", "2024-03-15"])
            #expect(result.status != 0)
            #expect(result.stderrLines.count == 1, "\(result.stderr)")
            #expect(result.stderr.contains(mention), "\(result.stderr)")
            #expect(!result.stderr.contains("testkey"))
        }
    }

    @Test("a stored provisional chart after KOBIS refuses the key: shown, with KOBIS's reason in the title")
    func staleChartSaysWhy() async throws {
        try await CLIHarness.withSimulator { server, cli in
            var cli = cli
            cli.environment["BOXOFFICE_PROVISIONAL_TTL"] = "0"
            let fresh = try await cli.run(["daily"])
            #expect(fresh.status == 0, "\(fresh.stderr)")
            server.setFault(.faultinfo)
            let stale = try await cli.run(["daily"])
            #expect(stale.status == 0, "\(stale.stderr)")
            let title = stale.stdout.split(separator: "\n").first.map(String.init) ?? ""
            #expect(title.contains("The stored chart. KOBIS refused the API key (320010)"), "\(stale.stdout)")
            #expect(title.contains("유효하지않은 키값입니다."), "KOBIS's own words are quoted: \(title)")
            #expect(stale.stdout.split(separator: "\n").count == fresh.stdout.split(separator: "\n").count)
            #expect(stale.stderr.isEmpty, "\(stale.stderr)")
            // JSON and CSV keep stdout for the chart and say why on stderr; the JSON, as the API's, also has it as
            // `notice`.
            for format in ["json", "csv"] {
                let data = try await cli.run(["daily", "--format", format])
                #expect(data.status == 0, "\(data.stderr)")
                #expect(data.stderr.contains("KOBIS refused the API key (320010)"), "\(format): \(data.stderr)")
                #expect(format == "json" || !data.stdout.contains("KOBIS refused"), "\(format)")
            }
            let json = try await cli.run(["daily", "--format", "json"])
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            #expect(object?["stale"] as? Bool == true, "\(json.stdout.prefix(300))")
            let notice = try #require(object?["notice"] as? String)
            #expect(
                notice.hasPrefix("Showing the last stored figures. KOBIS refused the API key (320010)"), "\(notice)")
        }
    }

    @Test("options ArgumentParser refuses: one line in the language --lang asks for, with the command's help")
    func parserErrors() async throws {
        let cli = try CLIRunner(kobisBaseURL: nil, key: nil)
        defer { cli.cleanUp() }
        let long = String(repeating: "x", count: 10_000)
        let cases: [([String], String)] = [
            (
                ["daily", "--format", "xml", "--lang", "ko"],
                "boxoffice: '--format <format>'에 쓸 수 없는 값입니다: 'xml' ('table', 'json', 'csv' 중 하나) "
                    + "('boxoffice daily --help'를 보세요)"
            ),
            (
                ["daily", "--format=xml", "--lang=en"],
                "boxoffice: The value 'xml' is invalid for '--format <format>'. Please provide one of 'table', 'json' "
                    + "or 'csv'. (see 'boxoffice daily --help')"
            ),
            (
                ["records", "milestones", "--lang", "ko", "--threshold"],
                "boxoffice: 값이 빠졌습니다: '--threshold <threshold>' ('boxoffice records --help'를 보세요)"
            ),
            (["daily", "--qqqqqq"], "boxoffice: Unknown option '--qqqqqq' (see 'boxoffice daily --help')"),
            (
                ["daily", "--fromat", "csv", "--lang", "ko"],
                "boxoffice: 알 수 없는 옵션입니다: '--fromat' (혹시 '--format'?) ('boxoffice daily --help'를 보세요)"
            ),
            (["run", "--lang", "ko"], "boxoffice: 인자가 빠졌습니다: '<code>' ('boxoffice run --help'를 보세요)"),
            (
                ["daily", "extra", "more", "--lang", "ko"],
                "boxoffice: 알 수 없는 인자입니다: 'extra', 'more' ('boxoffice daily --help'를 보세요)"
            ),
            (
                ["sync", "--weekly=yes", "--from", "2024-01-01", "--to", "2024-01-02", "--lang", "ko"],
                "boxoffice: 값을 받지 않는 옵션입니다: '--weekly' (받은 값: 'yes') ('boxoffice sync --help'를 보세요)"
            ),
            // A negative number is the value it is, not a missing one.
            (
                ["records", "totals", "--limit", "-1", "--lang", "ko"],
                "boxoffice: '--limit <limit>'에 쓸 수 없는 값입니다: '-1' ('boxoffice records --help'를 보세요)"
            ),
            // --lang before the command still takes ko or en.
            (
                ["--lang", "daily", "--date", "2024-03-15"],
                "boxoffice: The value 'daily' is invalid for '--lang <lang>'. Please provide one of 'ko' and 'en'. "
                    + "(see 'boxoffice --help')"
            ),
            (["--lang"], "boxoffice: Missing value for '--lang <lang>' (see 'boxoffice --help')"),
            (
                ["--lang", "ko"],
                "boxoffice: --lang 뒤에 명령을 적어 주세요. 예: boxoffice --lang ko daily ('boxoffice --help'를 보세요)"
            ),
            // A first word that is no command is said to be one, wherever --lang stands.
            (["--lang", "ko", "frobnicate"], "boxoffice: 알 수 없는 명령입니다: 'frobnicate' ('boxoffice --help'를 보세요)"),
            (["frobnicate", "--lang", "en"], "boxoffice: Unknown command 'frobnicate' (see 'boxoffice --help')"),
            // A value may hold an apostrophe or a newline: the sentence is read by its fixed words, not its quotes.
            (
                ["daily", "--format", "don't", "--lang", "ko"],
                "boxoffice: '--format <format>'에 쓸 수 없는 값입니다: 'don't' ('table', 'json', 'csv' 중 하나) "
                    + "('boxoffice daily --help'를 보세요)"
            ),
            (
                ["daily", "Schindler's List", "--lang", "ko"],
                "boxoffice: 알 수 없는 인자입니다: 'Schindler's List' ('boxoffice daily --help'를 보세요)"
            ),
            (
                ["daily", "--format", "x\ny", "--lang", "ko"],
                "boxoffice: '--format <format>'에 쓸 수 없는 값입니다: 'x\\ny' ('table', 'json', 'csv' 중 하나) "
                    + "('boxoffice daily --help'를 보세요)"
            ),
            // The negative number is found at whichever place the option takes it.
            (
                ["run", "20190001", "--vs", "20180001", "--vs", "-5", "--lang", "ko"],
                "boxoffice: '--vs <vs>'에 쓸 수 없는 값입니다: '-5' ('boxoffice run --help'를 보세요)"
            ),
            // A value is quoted as far as the app's own messages quote one.
            (
                ["daily", "--format", long, "--lang", "ko"],
                "boxoffice: '--format <format>'에 쓸 수 없는 값입니다: '\(long.prefix(40))…' ('table', 'json', 'csv' 중 하나) "
                    + "('boxoffice daily --help'를 보세요)"
            ),
        ]
        for (arguments, line) in cases {
            let result = try await cli.run(arguments)
            #expect(result.status == 64, "\(arguments.prefix(6)): \(result.stderr)")
            #expect(result.stderrLines == [line])
            #expect(result.stdout.isEmpty)
        }
        // --lang before the command is read as after it.
        let korean = try await cli.run(["--lang", "ko", "daily", "--date", "2024-03-15"])
        #expect(korean.status == 0, "\(korean.stderr)")
        #expect(korean.stdout.contains("일별 박스오피스"), "\(korean.stdout)")
    }

    @Test("a value with a newline or a terminal escape is written escaped, on the one line")
    func controlCharacters() async throws {
        let cli = try CLIRunner(kobisBaseURL: nil, key: nil)
        defer { cli.cleanUp() }
        for arguments in [
            ["daily", "--date", "2019\n-01-01", "--lang", "ko"], ["records", "totals", "--nation", "\u{1B}[31mred"],
            ["records", "to\ntals", "--lang", "en"], ["daily", "--format", "\u{1B}]0;x\u{07}", "--lang", "ko"],
            ["movie", "\u{202E}lmth.exe"], ["daily", "--format", "x\ny", "--lang", "ko"],
        ] {
            let result = try await cli.run(arguments)
            #expect(result.status != 0)
            #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderr)")
            let scalars = result.stderr.dropLast().unicodeScalars
            #expect(!scalars.contains { $0.properties.generalCategory == .control || $0.value == 0x202E })
            #expect(result.stderr.contains("\\n") || result.stderr.contains("\\u{"), "\(result.stderr)")
        }
    }

    @Test("network failure: nothing listening")
    func refused() async throws {
        let cli = try CLIRunner(kobisBaseURL: URL(string: "http://127.0.0.1:1/kobisopenapi/webservice/rest")!)
        defer { cli.cleanUp() }
        let result = try await cli.run(["daily", "--date", "2024-03-15"])
        #expect(result.status != 0)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("KOBIS could not be reached"))
    }

    @Test("sample mode: no key, a notice on stderr, source sample")
    func sampleMode() async throws {
        let cli = try CLIRunner(kobisBaseURL: nil, key: nil)
        defer { cli.cleanUp() }
        let result = try await cli.run(["daily", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("sample mode"))
        let chart = try JSONDecoder().decode(ChartJSON.self, from: Data(result.stdout.utf8))
        #expect(chart.source == "sample")
        #expect(chart.entries.count == 10)
    }

    @Test(
        "help: --help, help CMD and CMD --help print usage on stdout and exit 0",
        arguments: [
            (["--help"], "SUBCOMMANDS:"), (["help", "sync"], "--concurrency"), (["sync", "--help"], "--budget"),
            (["daily", "--help"], "--nation"),
        ])
    func help(arguments: [String], mention: String) async throws {
        let cli = try CLIRunner(kobisBaseURL: nil, key: nil)
        defer { cli.cleanUp() }
        let result = try await cli.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("USAGE: boxoffice"), "\(result.stdout)")
        #expect(result.stdout.contains(mention), "\(result.stdout)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("migrate creates the SQLite file")
    func migrate() async throws {
        let cli = try CLIRunner(kobisBaseURL: nil, key: nil)
        defer { cli.cleanUp() }
        let result = try await cli.run(["migrate"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("up to date"))
        #expect(FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("test.sqlite").path))
    }
}

func displayWidth(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
        let v = scalar.value
        let wide =
            (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v)
        return total + (wide ? 2 : 1)
    }
}
