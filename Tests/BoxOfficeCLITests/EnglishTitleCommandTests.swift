import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import Testing

/// In English, the CLI's tables lead a film with KOBIS's English title and keep the Korean one beside it, as English
/// pages do, from what the archive keeps with the films' nations (no KOBIS call); chart JSON carries `titleEnglish`
/// in either language, as the API does.
@Suite("The CLI's tables in English: English titles first", .serialized)
struct EnglishTitleCommandTests {
    @Test("daily, top, records, run, market: 'English (Korean)' in English, the Korean title alone in Korean")
    func englishTitles() async throws {
        try await CLIHarness.withSimulator { server, cli in
            let sync = try await cli.run(["sync", "--from", "2024-03-01", "--to", "2024-03-10"])
            #expect(sync.status == 0, "\(sync.stderr)")
            // The week is not in the sync: its first fetch stores it, as any settled chart.
            #expect(try await cli.run(["weekly", "--date", "2024-03-04", "--format", "json"]).status == 0)
            let calls = try await CLIHarness.statsCalls(server)

            // The chart JSON carries the kept titles whatever the language.
            let json = try await cli.run(["daily", "--date", "2024-03-10", "--format", "json", "--lang", "ko"])
            #expect(json.status == 0, "\(json.stderr)")
            let chart = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let entries = try #require(chart["entries"] as? [[String: Any]])
            let titled = entries.compactMap { entry -> (code: String, korean: String, english: String)? in
                guard let code = entry["movieCode"] as? String, let korean = entry["title"] as? String,
                    let english = entry["titleEnglish"] as? String, english != korean
                else { return nil }
                return (code, korean, english)
            }
            #expect(titled.count == entries.count, "the sync kept every charted film's English title")
            let top = try #require(titled.first)
            let shown = "\(top.english) (\(top.korean))"

            let commands: [[String]] = [
                ["daily", "--date", "2024-03-10"], ["weekly", "--date", "2024-03-04"],
                ["top", "--from", "2024-03-01", "--to", "2024-03-10"],
                ["records", "totals", "--year", "2024", "--limit", "100"], ["run", top.code],
                ["market", "days", "--from", "2024-03-01", "--to", "2024-03-10"],
            ]
            for command in commands {
                let english = try await cli.run(command + ["--lang", "en"])
                #expect(english.status == 0, "\(command): \(english.stderr)")
                let korean = try await cli.run(command + ["--lang", "ko"])
                #expect(korean.status == 0, "\(command): \(korean.stderr)")
                // Each film's line: the English title first, the Korean one beside it; in Korean, the Korean alone.
                let films = titled.filter { korean.stdout.contains($0.korean) }
                #expect(!films.isEmpty, "\(command)")
                for film in films {
                    #expect(english.stdout.contains("\(film.english) (\(film.korean))"), "\(command): \(film)")
                    #expect(!korean.stdout.contains(film.english), "\(command): \(film)")
                }
            }
            // The analytics JSON names each film's English title once, in `englishTitles`, in either language.
            let reports: [[String]] = [
                ["records", "totals", "--year", "2024", "--limit", "100"], ["run", top.code],
                ["market", "days", "--from", "2024-03-01", "--to", "2024-03-10"],
            ]
            for command in reports {
                for language in ["ko", "en"] {
                    let json = try await cli.run(command + ["--format", "json", "--lang", language])
                    #expect(json.status == 0, "\(command): \(json.stderr)")
                    let report = try #require(
                        try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
                    let english = try #require(report["englishTitles"] as? [String: String], "\(command)")
                    #expect(english[top.code] == top.english, "\(command) --lang \(language)")
                    #expect(english.values.allSatisfy { !$0.isEmpty })
                }
            }
            let run = try await cli.run(["run", top.code, "--lang", "en"])
            #expect(run.stdout.hasPrefix(shown) || run.stdout.contains(shown), "\(run.stdout)")
            // Chart CSV has the same columns in either language, the English title last.
            let csv = try await cli.run(["daily", "--date", "2024-03-10", "--format", "csv", "--lang", "en"])
            let koreanCSV = try await cli.run(["daily", "--date", "2024-03-10", "--format", "csv", "--lang", "ko"])
            #expect(csv.stdout == koreanCSV.stdout)
            #expect(csv.stdout.hasPrefix("rank,") && csv.stdout.contains(",titleEnglish\r\n"))
            #expect(csv.stdout.contains(top.english))
            #expect(try await CLIHarness.statsCalls(server) == calls, "the titles come from the archive, not KOBIS")
        }
    }

    @Test("an upgraded store whose nations came without titles gets them from the next sync, once")
    func upgradedStore() async throws {
        try await CLIHarness.withSimulator { server, cli in
            let from = "2024-03-01"
            let to = "2024-03-07"
            let days = CLIHarness.days(from, to)
            #expect(try await cli.run(["sync", "--from", from, "--to", to]).status == 0)
            let kept = try await Self.englishTitles(cli, days)
            #expect(!kept.isEmpty)

            try await CLIHarness.forgetEnglishTitles(cli)
            #expect(try await Self.englishTitles(cli, days).isEmpty)
            let calls = try await CLIHarness.statsCalls(server)
            let again = try await cli.run(["sync", "--from", from, "--to", to])
            #expect(again.status == 0, "\(again.stderr)")
            // Every film looked up once more, by the pages of its year or its details; no chart fetched again.
            let nations = try CLIHarness.nationLine(again.stdout)
            #expect(nations.planned == CLIHarness.films(days).count)
            #expect(nations.fromLists + nations.fromDetails == nations.planned)
            #expect(try await CLIHarness.statsCalls(server) - calls == nations.listPages + nations.fromDetails)
            #expect(try await Self.englishTitles(cli, days) == kept)
            try await CLIHarness.expectNationsMatchDetails(cli, days)

            // Once is enough: a film KOBIS gives no title is not asked about again.
            let settled = try await CLIHarness.statsCalls(server)
            let third = try await cli.run(["sync", "--from", from, "--to", to])
            #expect(third.status == 0, "\(third.stderr)")
            #expect(try CLIHarness.nationLine(third.stdout).planned == 0)
            #expect(try await CLIHarness.statsCalls(server) == settled)
        }
    }

    /// Movie code → `titleEnglish` of the archived daily charts of `days`, as `daily --format json` gives them.
    static func englishTitles(_ cli: CLIRunner, _ days: [CalendarDate]) async throws -> [String: String] {
        var titles: [String: String] = [:]
        for day in days {
            let json = try await cli.run(["daily", "--date", day.isoString, "--format", "json"])
            #expect(json.status == 0, "\(json.stderr)")
            let chart = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            for entry in try #require(chart["entries"] as? [[String: Any]]) {
                if let code = entry["movieCode"] as? String, let english = entry["titleEnglish"] as? String {
                    titles[code] = english
                }
            }
        }
        return titles
    }
}
