import BoxOfficeTestSupport
import Foundation
import Testing

/// `boxoffice market years|days|holidays` end to end: the built binary reads the archive a sync filled from
/// `simulate-kobis`, in three formats and two languages, refuses bad input in one line, and never calls KOBIS.
@Suite("boxoffice market against simulate-kobis", .serialized)
struct MarketCommandTests {
    @Test("market reads the archive: days, years and holidays as tables, JSON and CSV, with gaps on stderr")
    func market() async throws {
        try await CLIHarness.withSimulator { server, cli in
            let sync = try await cli.run(["sync", "--from", "2024-03-01", "--to", "2024-03-10"])
            #expect(sync.status == 0, "\(sync.stderr)")
            let calls = try await CLIHarness.statsCalls(server)

            let json = try await cli.run([
                "market", "days", "--from", "2024-03-01", "--to", "2024-03-10", "--format", "json",
            ])
            #expect(json.status == 0, "\(json.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(report["archivedDays"] as? Int == 10 && report["days"] as? Int == 10)
            let lines = try #require(report["lines"] as? [[String: Any]])
            #expect(lines.count == 10)
            let sales = try #require(lines.first?["sales"] as? [String: Any])
            #expect(
                sales["quality"] as? String == "range" && sales.keys.sorted() == ["high", "low", "quality", "value"])
            #expect(json.stderr.isEmpty)

            let table = try await cli.run(["market", "days", "--month", "2024-03", "--lang", "en"])
            #expect(table.status == 0, "\(table.stderr)")
            #expect(table.stdout.contains("The cinema market by day 2024-03-01 ~ 2024-03-31"))
            #expect(table.stdout.contains("≈ ₩") && table.stdout.contains("≈ marks the middle of a range"))
            #expect(table.stderr.contains("note: the archive lacks 21 of 31 days (2024-03-11 – 2024-03-31)"))
            #expect(table.stderr.contains("boxoffice sync --from 2024-03-11 --to 2024-03-31"), "\(table.stderr)")
            // The page's other tables follow the daily line: the months, the two ledgers and the ledger's cut.
            for heading in [
                "Sales and shares by month", "Days the #1 film had the largest share of shows",
                "Films given more shows than their sales earned", "by show share ÷ sales share, up to 10.",
            ] {
                #expect(table.stdout.contains(heading), "\(heading) missing from:\n\(table.stdout)")
            }
            #expect(table.stdout.contains("2024-03  ≈ ₩"), "the month's row: \(table.stdout)")
            let korean = try await cli.run([
                "market", "days", "--from", "2024-03-01", "--to", "2024-03-10", "--lang", "ko",
            ])
            #expect(korean.stdout.contains("일별 극장 시장 2024-03-01 ~ 2024-03-10") && korean.stdout.contains("억"))

            let csv = try await cli.run(["market", "years", "--format", "csv"])
            #expect(csv.status == 0, "\(csv.stderr)")
            let rows = csv.stdout.split(separator: "\r\n")
            #expect(rows.first?.hasPrefix("year,days,archivedDays,sales,salesLow,salesHigh,salesQuality") == true)
            #expect(rows.contains { $0.hasPrefix("2024,366,10,") })
            #expect(rows.dropFirst().first?.hasPrefix("2004,") == true)
            // Every gap since the archive's first day, counted with separators, and the sync that fills them.
            #expect(
                csv.stderr.range(
                    of: #"lacks [0-9],[0-9]{3} of [0-9],[0-9]{3} days \(2004-01-01 – "#, options: .regularExpression)
                    != nil, "\(csv.stderr)")
            #expect(csv.stderr.contains("boxoffice sync --from 2004-01-01 --to "), "\(csv.stderr)")

            let holidays = try await cli.run(["market", "holidays", "--holiday", "seollal", "--lang", "en"])
            #expect(holidays.status == 0, "\(holidays.stderr)")
            #expect(
                holidays.stdout.contains("Seollal at the cinema") && holidays.stdout.contains("2024-02-09 ~ 2024-02-12")
                    && holidays.stdout.contains("On last year's")
            )
            // The windows' missing days, not the days between them, and the sync from the first to the last.
            #expect(holidays.stderr.contains("note: the archive lacks "), "\(holidays.stderr)")
            // A sync per window (2004's Seollal alone), the first three, then "…": never one over the years between.
            let perWindow =
                #"boxoffice sync --from 2004-0[12]-[0-9]{2} --to 2004-0[12]-[0-9]{2}; boxoffice sync --from 2005-"#
            #expect(holidays.stderr.range(of: perWindow, options: .regularExpression) != nil, "\(holidays.stderr)")
            #expect(holidays.stderr.contains("; …\n"), "\(holidays.stderr)")

            #expect(try await CLIHarness.statsCalls(server) == calls, "market never calls KOBIS")
        }
    }

    @Test("bad input: one line on stderr in the reader's language naming the value, a non-zero exit")
    func badInput() async throws {
        try await CLIHarness.withSimulator { _, cli in
            for input in ChartInputCase.marketDays where !input.accepted {
                let result = try await cli.run(["market", "days"] + input.options + ["--lang", "en"])
                #expect(result.status != 0, "\(input)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(input): \(result.stderr)")
            }
            let holiday = try await cli.run(["market", "holidays", "--holiday", "christmas", "--lang", "ko"])
            #expect(holiday.status != 0 && holiday.stderr.contains("christmas") && holiday.stderr.contains("seollal"))
            let long = try await cli.run([
                "market", "days", "--from", "2019-01-01", "--to", "2020-01-02", "--lang", "en",
            ])
            #expect(long.status != 0 && long.stderr.contains("2020-01-02") && long.stderr.contains("366"))
        }
    }
}
