import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import Testing

/// `boxoffice run` and `boxoffice records` note archive gaps on stderr as `top` and `market` do (one implementation):
/// the days the archive lacks and the sync that fills them, while stdout stays the JSON or CSV alone; no note when the
/// archive holds every day they read.
@Suite("boxoffice run and records: archive gaps on stderr", .serialized)
struct ArchiveGapNoteCommandTests {
    static let gapNote = "note: the archive lacks"

    @Test("run: a film whose run spans a day the archive lacks gets the note; none once its days are all archived")
    func run() async throws {
        try await CLIHarness.withSimulator { _, cli in
            // 2024-03-05 is left out.
            for (from, to) in [("2024-03-01", "2024-03-04"), ("2024-03-06", "2024-03-10")] {
                let sync = try await cli.run(["sync", "--from", from, "--to", to])
                #expect(sync.status == 0, "\(sync.stderr)")
            }
            let daily = try await cli.run(["daily", "--date", "2024-03-06", "--format", "json"])
            let chart = try #require(try JSONSerialization.jsonObject(with: Data(daily.stdout.utf8)) as? [String: Any])
            let codes = try #require(chart["entries"] as? [[String: Any]]).compactMap { $0["movieCode"] as? String }
            // From the archive's sixth of March on, every day of every film's run is archived.
            var from6 = cli
            from6.environment["BOXOFFICE_ARCHIVE_FROM"] = "2024-03-06"
            var spanning: [String] = []
            for code in codes {
                let json = try await cli.run(["run", code, "--format", "json", "--lang", "en"])
                #expect(json.status == 0, "\(json.stderr)")
                let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8))
                let run = try #require((report as? [String: Any])?["run"] as? [String: Any])
                let whole = try await from6.run(["run", code, "--lang", "en"])
                #expect(whole.status == 0, "\(whole.stderr)")
                #expect(!whole.stderr.contains(Self.gapNote), "\(code): \(whole.stderr)")
                guard try #require(run["firstDay"] as? String) <= "2024-03-04" else { continue }
                spanning.append(code)
                let csv = try await cli.run(["run", code, "--format", "csv", "--lang", "en"])
                #expect(csv.stdout.hasPrefix("movieCode,day,date,audience\r\n"))
                // stdout is the JSON or CSV alone; the note, the gap and the sync that fills it are on stderr.
                for result in [json, csv] {
                    #expect(result.stderr.contains(Self.gapNote), "\(code): \(result.stderr)")
                    #expect(result.stderr.contains("2024-03-05"), "\(code): \(result.stderr)")
                    #expect(result.stderr.contains("Fill the gap with: boxoffice sync --from "))
                    #expect(!result.stdout.contains(Self.gapNote))
                }
            }
            let code = try #require(spanning.first, "a film charted before and after the missing day")
            let korean = try await cli.run(["run", code, "--lang", "ko"])
            #expect(korean.stderr.contains("참고: 보관함에") && korean.stderr.contains("2024-03-05"), "\(korean.stderr)")
        }
    }

    @Test("records: the days they read that the archive lacks (BOXOFFICE_ARCHIVE_FROM to yesterday); none when whole")
    func records() async throws {
        try await CLIHarness.withSimulator { _, cli in
            let sync = try await cli.run(["sync", "--from", "2024-03-01", "--to", "2024-03-10"])
            #expect(sync.status == 0, "\(sync.stderr)")
            // The archive keeps days from 2004 on by default: most are missing.
            let json = try await cli.run(["records", "totals", "--format", "json", "--lang", "en"])
            #expect(json.status == 0, "\(json.stderr)")
            let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            #expect(report?["kind"] as? String == "totals")
            #expect(json.stderr.contains(Self.gapNote) && json.stderr.contains("2004-01-01"), "\(json.stderr)")
            #expect(json.stderr.contains("Fill the gap with: boxoffice sync --from 2004-01-01 --to "))
            // With --year, the year and the next: 2024-03-11 onwards is missing, 2024-03-01…10 is not.
            let year = try await cli.run(["records", "legs", "--year", "2024", "--format", "csv", "--lang", "en"])
            #expect(year.status == 0, "\(year.stderr)")
            #expect(year.stdout.hasPrefix("order,rank,movieCode,title,"))
            #expect(year.stderr.contains("2024-01-01 – 2024-02-29, 2024-03-11 – "), "\(year.stderr)")

            // An archive that keeps days from yesterday on, with yesterday synced: nothing is missing. (Should the day
            // in Seoul move on meanwhile, yesterday is a new day: ask again.)
            for _ in 0..<2 {
                let yesterday = BoxOfficeCalendar().yesterday
                var recent = cli
                recent.environment["BOXOFFICE_ARCHIVE_FROM"] = yesterday.isoString
                let fill = try await recent.run(["sync", "--from", yesterday.isoString, "--to", yesterday.isoString])
                #expect(fill.status == 0, "\(fill.stderr)")
                let whole = try await recent.run(["records", "totals", "--format", "json"])
                guard BoxOfficeCalendar().yesterday == yesterday else { continue }
                #expect(whole.status == 0, "\(whole.stderr)")
                #expect(!whole.stderr.contains(Self.gapNote), "\(whole.stderr)")
                #expect((try? JSONSerialization.jsonObject(with: Data(whole.stdout.utf8))) != nil)
                break
            }
        }
    }
}
