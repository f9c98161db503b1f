import BoxOfficeCodecs
import BoxOfficeStore
import BoxOfficeTestSupport
import Foundation
import KOBIS
import KOBISSimulator
import Logging
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// `boxoffice sync`, `top` and `export` end to end: the built binary against `simulate-kobis` over HTTP on loopback.

/// `boxoffice top` and `export` read the archive a sync filled, without calling KOBIS.
@Suite("boxoffice top and export against simulate-kobis", .serialized)
struct ArchiveCommandTests {
    @Test("top and export read the archive: figures equal the sums of the archived daily rows")
    func topAndExport() async throws {
        try await CLIHarness.withSimulator { server, cli in
            let sync = try await cli.run(["sync", "--from", "2024-03-01", "--to", "2024-03-10"])
            #expect(sync.status == 0, "\(sync.stderr)")
            let calls = try await CLIHarness.statsCalls(server)

            let export = try await cli.run(["export", "--from", "2024-03-01", "--to", "2024-03-10"])
            #expect(export.status == 0)
            let records = try RFC4180.parse(export.stdout)
            let header = try #require(records.first?.fields)
            #expect(header.prefix(6) == ["date", "rank", "change", "changeAmount", "movieCode", "title"])
            #expect(header.last == "titleEnglish")
            #expect(records.count == 1 + 100)
            let rows = records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0.fields)) }
            var sums: [String: Int64] = [:]
            for row in rows {
                sums[row["movieCode"] ?? "", default: 0] += Int64(row["audience"] ?? "") ?? -1
            }
            // Each row carries its film's English title where the sync kept one, as the JSON export does.
            #expect(rows.contains { !($0["titleEnglish"] ?? "").isEmpty })
            let exportJSON = try await cli.run([
                "export", "--from", "2024-03-01", "--to", "2024-03-10", "--format", "json",
            ])
            let days = try #require(
                try JSONSerialization.jsonObject(with: Data(exportJSON.stdout.utf8)) as? [[String: Any]])
            let jsonTitles = days.flatMap { ($0["entries"] as? [[String: Any]]) ?? [] }.map {
                $0["titleEnglish"] as? String ?? ""
            }
            #expect(jsonTitles == rows.map { $0["titleEnglish"] ?? "" })

            let top = try await cli.run([
                "top", "--from", "2024-03-01", "--to", "2024-03-10", "--format", "json", "--limit", "100",
            ])
            #expect(top.status == 0, "\(top.stderr)")
            let chart = try #require(try JSONSerialization.jsonObject(with: Data(top.stdout.utf8)) as? [String: Any])
            let entries = try #require(chart["entries"] as? [[String: Any]])
            #expect(entries.count == sums.count)
            for entry in entries {
                let code = try #require(entry["movieCode"] as? String)
                #expect((entry["audience"] as? NSNumber)?.int64Value == sums[code], "\(code)")
                #expect(["korean", "foreign"].contains(entry["nationality"] as? String ?? ""))
            }

            let topCSV = try await cli.run(["top", "--from", "2024-03-01", "--to", "2024-03-10", "--format", "csv"])
            let topRecords = try RFC4180.parse(topCSV.stdout)
            let topHeader = try #require(topRecords.first?.fields)
            #expect(topHeader.last == "titleEnglish")
            for (record, entry) in zip(topRecords.dropFirst(), entries) {
                let row = Dictionary(uniqueKeysWithValues: zip(topHeader, record.fields))
                #expect(row["movieCode"] == entry["movieCode"] as? String)
                #expect(row["titleEnglish"] == entry["titleEnglish"] as? String ?? "", "\(row)")
            }
            #expect(topRecords.dropFirst().contains { $0.fields.last?.isEmpty == false })

            let table = try await cli.run(["top", "--month", "2024-03"])
            #expect(table.status == 0)
            #expect(
                table.stdout.contains("Box office by period 2024-03-01 (Fri) ~ 2024-03-31 (Sun) · 10/31 days archived"))
            #expect(table.stdout.contains("Korean films "))
            let korean = try await cli.run(["top", "--month", "2024-03", "--lang", "ko"])
            #expect(korean.stdout.contains("기간 박스오피스 2024-03-01 (금) ~ 2024-03-31 (일) · 10/31일 보관"))
            #expect(korean.stdout.contains("한국영화 "))
            #expect(korean.stderr.contains("빈 날은 다음 명령으로 채울 수 있습니다: boxoffice sync --from 2024-03-11"))
            #expect(table.stderr.contains("note: the archive lacks 21 of 31 days (2024-03-11 – 2024-03-31)"))
            #expect(table.stderr.contains("Fill the gap with: boxoffice sync --from 2024-03-11 --to 2024-03-31"))
            #expect(try await CLIHarness.statsCalls(server) == calls, "top and export never call KOBIS")
        }
    }
}
