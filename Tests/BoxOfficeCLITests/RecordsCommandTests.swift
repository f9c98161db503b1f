import BoxOfficeCodecs
import BoxOfficeTestSupport
import Foundation
import Testing

/// `boxoffice records milestones|totals|streaks|legs` end to end: the built binary reads the records kept while a sync
/// filled the archive from `simulate-kobis`, in three formats and two languages, refuses bad input in one line, and
/// never calls KOBIS.
@Suite("boxoffice records against simulate-kobis", .serialized)
struct RecordsCommandTests {
    @Test("records reads the kept records: tables, JSON and CSV, in both languages, with no KOBIS call")
    func records() async throws {
        try await CLIHarness.withSimulator { server, cli in
            let sync = try await cli.run(["sync", "--from", "2024-03-01", "--to", "2024-03-10"])
            #expect(sync.status == 0, "\(sync.stderr)")
            let calls = try await CLIHarness.statsCalls(server)

            let json = try await cli.run(["records", "totals", "--limit", "5", "--format", "json"])
            #expect(json.status == 0, "\(json.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(report["kind"] as? String == "totals" && report["by"] as? String == "audience")
            #expect(report["limit"] as? Int == 5 && report["source"] as? String == "kobis")
            let lists = try #require(report["lists"] as? [[String: Any]])
            let entries = try #require(lists.first?["entries"] as? [[String: Any]])
            #expect(!entries.isEmpty && entries.count <= 5)
            let final = try #require(entries.first?["finalAudience"] as? [String: Any])
            #expect(
                final["quality"] as? String == "floor" && final.keys.sorted() == ["high", "low", "quality", "value"])
            let values = entries.compactMap { ($0["finalAudience"] as? [String: Any])?["value"] as? Double }
            #expect(values == values.sorted(by: >))

            let english = try await cli.run(["records", "streaks", "--lang", "en"])
            #expect(english.status == 0, "\(english.stderr)")
            #expect(english.stdout.contains("Longest unbroken runs at #1\n"))
            #expect(english.stdout.contains("Most days at #1"))
            let korean = try await cli.run(["records", "totals", "--lang", "ko"])
            #expect(korean.stdout.contains("누적 관객 순위") && korean.stdout.contains("≥ "))
            #expect(korean.stdout.contains("만") && korean.stdout.contains("명"))

            let csv = try await cli.run(["records", "legs", "--format", "csv"])
            #expect(csv.status == 0, "\(csv.stderr)")
            #expect(csv.stdout.hasPrefix("order,rank,movieCode,title,openDate,nation,"))
            // CSV has the same columns in either language: the English titles the JSON names, in a column of their own.
            let titles = try #require(report["englishTitles"] as? [String: String])
            #expect(!titles.isEmpty, "the sync kept English titles with the nations")
            for language in ["ko", "en"] {
                let totals = try await cli.run([
                    "records", "totals", "--limit", "5", "--format", "csv", "--lang", language,
                ])
                let records = try RFC4180.parse(totals.stdout)
                let header = try #require(records.first?.fields)
                #expect(header.last == "titleEnglish")
                let rows = records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0.fields)) }
                #expect(rows.count == entries.count)
                // Each film's reach, as the JSON gives it: which day counts are floors.
                let reaches = Dictionary(
                    entries.compactMap { entry in
                        (entry["movieCode"] as? String).map { ($0, entry["reach"] as? String ?? "?") }
                    }, uniquingKeysWith: { first, _ in first })
                for row in rows {
                    #expect(row["titleEnglish"] == titles[row["movieCode"] ?? ""] ?? "", "\(row)")
                    #expect(row["reach"] == reaches[row["movieCode"] ?? ""], "\(row)")
                }
                #expect(rows.contains { row in !(row["titleEnglish"] ?? "").isEmpty })
            }
            let days = try await cli.run([
                "market", "days", "--from", "2024-03-01", "--to", "2024-03-10", "--format", "csv",
            ])
            let dayRecords = try RFC4180.parse(days.stdout)
            let dayHeader = try #require(dayRecords.first?.fields)
            #expect(dayHeader.last == "firstTitleEnglish")
            let firstTitles = dayRecords.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(dayHeader, $0.fields)) }
            #expect(firstTitles.count == 10)
            #expect(firstTitles.contains { !($0["firstTitleEnglish"] ?? "").isEmpty }, "\(firstTitles)")

            let milestones = try await cli.run(["records", "milestones", "--threshold", "1000000", "--lang", "en"])
            #expect(milestones.status == 0 && milestones.stdout.contains("Fastest to 1 million admissions"))

            #expect(try await CLIHarness.statsCalls(server) == calls, "records never calls KOBIS")
        }
    }

    @Test("bad input: one line on stderr in the reader's language naming the value, a non-zero exit")
    func badInput() async throws {
        try await CLIHarness.withSimulator { _, cli in
            let cases: [([String], String)] = [
                (["records", "milestones", "--threshold", "4000000"], "4000000"),
                (["records", "totals", "--by", "profit"], "profit"), (["records", "totals", "--year", "2003"], "2003"),
                (["records", "legs", "--since", "20x4"], "20x4"), (["records", "streaks", "--nation", "K"], "K"),
                (["records", "streaks", "--limit", "101"], "101"), (["records", "fastest"], "fastest"),
            ]
            try await Self.expectRefused(cases, by: cli)
        }
    }

    @Test("in sample mode a mistake is still the one line: the sample notice follows only a run that succeeded")
    func badInputInSampleMode() async throws {
        let cli = try CLIRunner(kobisBaseURL: nil, key: nil)
        defer { cli.cleanUp() }
        let cases: [([String], String)] = [
            (["records", "milestones", "--threshold", "abc"], "abc"),
            (["records", "totals", "--year", "9999"], "9999"),
            (["market", "days", "--from", "2019-05-02", "--to", "2019-05-01"], "2019-05-01"),
            (["market", "days", "--year", "2019", "--month", "2019-02"], "--month"),
            (["top", "--month", "2019-13"], "2019-13"), (["records", "milestones", "--threshold", ""], "threshold"),
            (["top", "--limit", ""], "limit"),
            (["records", "totals", "--year", " "], "year"), (["run", "20190001", "--vs", ""], "vs"),
            (["export", "--year", "20x9"], "20x9"), (["daily", "--date", "2030-01-01"], "2030-01-01"),
            (["run", "abc"], "abc"),
        ]
        try await Self.expectRefused(cases, by: cli)
        // A good one still says it is sample data.
        let good = try await cli.run(["records", "streaks", "--lang", "en"])
        #expect(good.status == 0 && good.stderr.contains("sample mode"), "\(good.stderr)")
    }

    @Test("an option the view does not read or given empty is refused, and a mistaken view in the reader's words")
    func unreadOptions() async throws {
        let cli = try CLIRunner(kobisBaseURL: nil, key: nil)
        defer { cli.cleanUp() }
        let cases: [([String], String)] = [
            (["records", "streaks", "--threshold", "1000000"], "1000000"),
            (["records", "milestones", "--by", "sales"], "sales"),
            (["records", "milestones", "--year", "2020"], "2020"),
            (["market", "holidays", "--year", "2019"], "2019"),
            (["market", "years", "--month", "2019-02"], "2019-02"),
            (["market", "days", "--holiday", "seollal"], "seollal"),
            (["market", "holidays", "--holiday", ""], "holiday"), (["market", "bogus"], "bogus"),
        ]
        try await Self.expectRefused(cases, by: cli)
        let english = try await cli.run(["market", "holidays", "--year", "2019", "--lang", "en"])
        #expect(english.stderr == "boxoffice: --year \"2019\" is only taken by days; leave it out.\n")
        let korean = try await cli.run(["records", "totals", "--threshold", "1000000", "--lang", "ko"])
        #expect(korean.stderr == "boxoffice: --threshold \"1000000\": milestones에만 쓰는 옵션입니다. 빼 주세요.\n")
        let holiday = try await cli.run(["market", "days", "--holiday", "seollal", "--lang", "en"])
        #expect(holiday.stderr == "boxoffice: --holiday \"seollal\" is only taken by holidays; leave it out.\n")
        let view = try await cli.run(["market", "bogus", "--lang", "ko"])
        #expect(view.stderr.contains("보기 방식(view)") && view.stderr.contains("years, days 또는 holidays"))
        let kind = try await cli.run(["records", "speed", "--lang", "ko"])
        #expect(kind.stderr.hasPrefix("boxoffice: 기록 종류(kind): milestones, totals, streaks 또는 legs"), "\(kind.stderr)")
        // What each view reads still works.
        let holidays = try await cli.run(["market", "holidays", "--holiday", "seollal", "--format", "json"])
        #expect(holidays.status == 0, "\(holidays.stderr)")
    }

    /// Each of `cases` (arguments and the value the error must name), in English and Korean: a non-zero exit and one
    /// line on stderr naming the value.
    static func expectRefused(
        _ cases: [([String], String)], by cli: CLIRunner, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for (arguments, value) in cases {
            for language in ["en", "ko"] {
                let result = try await cli.run(arguments + ["--lang", language])
                #expect(result.status != 0, "\(arguments)", sourceLocation: sourceLocation)
                #expect(
                    result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)",
                    sourceLocation: sourceLocation)
                #expect(result.stderr.contains(value), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
            }
        }
    }
}
