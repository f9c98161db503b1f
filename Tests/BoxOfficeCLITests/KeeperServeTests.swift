import BoxOfficeCore
import BoxOfficeStore
import BoxOfficeTestSupport
import Foundation
import KOBIS
import Logging
import Testing

/// `boxoffice serve` with the archive keeper on, as a real process in sample mode: it fills its range on its own.
@Suite("boxoffice serve: the archive keeper", .serialized)
struct KeeperServeTests {
    @Test("sample mode: the keeper fills ~70 days by itself; the status says current and a month's page is complete")
    func fillsInSampleMode() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "boxoffice-keeper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let today = CalendarDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!)
        let from = today.adding(days: -70)
        // A whole month inside the range and settled: the previous month, or the one before early in a month.
        var month = CalendarDate(year: today.year, month: today.month, day: 1)!.adding(days: -1)
        if today.day < 3 { month = CalendarDate(year: month.year, month: month.month, day: 1)!.adding(days: -1) }
        let monthText = String(format: "%04d-%02d", month.year, month.month)

        let server = ServerProcess(
            databaseURL: "sqlite://" + directory.appendingPathComponent("keeper.sqlite").path,
            workingDirectory: directory,
            environment: ["BOXOFFICE_KEEPER": "on", "BOXOFFICE_ARCHIVE_FROM": from.isoString])
        let http = try await server.start()
        do {
            var status: [String: Any] = [:]
            try await Wait.until(
                "the keeper to fill the archive", limit: .seconds(120), every: .milliseconds(100),
                detail: { "\(status)\n\(server.log.suffix(2000))" }
            ) {
                let answer = try await http.send("GET", "/api/v1/archive/status")
                #expect(answer.status == 200)
                status = answer.json ?? [:]
                let keeper = status["keeper"] as? [String: Any] ?? [:]
                return keeper["state"] as? String == "current" && keeper["missingDays"] as? Int == 0
            }
            let keeper = try #require(status["keeper"] as? [String: Any], "\(status)")
            #expect(keeper["state"] as? String == "current", "\(status)\n\(server.log.suffix(2000))")
            #expect(keeper["missingDays"] as? Int == 0)
            #expect(keeper["archivedDays"] as? Int == 69)
            #expect(keeper["from"] as? String == from.isoString)
            #expect(keeper["leader"] as? Bool == true)
            let quota = try #require(status["quota"] as? [String: Any])
            let purposes = try #require(quota["byPurpose"] as? [String: Any])
            #expect((purposes["keeper"] as? Int ?? 0) > 0)

            let page = try await http.send("GET", "/charts/period?month=\(monthText)&lang=en")
            #expect(page.status == 200)
            #expect(!page.text.contains("notice-coverage"), "\(page.text.prefix(3000))")
            #expect(!page.text.contains("boxoffice sync"))
            let api = try await http.send("GET", "/api/v1/charts/period?month=\(monthText)")
            let coverage = try #require(api.json?["coverage"] as? [String: Any], "\(api.text.prefix(500))")
            #expect(coverage["missingDays"] as? Int == 0, "\(coverage)")
        } catch {
            server.stop(signal: SIGKILL)
            throw error
        }
        server.stop()
        #expect(server.terminationStatus == 0, "\(server.log.suffix(1000))")
    }

    @Test("an upgraded store: the keeper looks up the titles its nations came without, and every row gets its own")
    func titlesAfterUpgrade() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "boxoffice-keeper-titles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("keeper.sqlite").path
        let today = CalendarDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!)
        let from = today.adding(days: -20)
        let range = DateRange(start: from, end: today.adding(days: -2))
        func server() -> ServerProcess {
            ServerProcess(
                databaseURL: "sqlite://" + path, workingDirectory: directory,
                environment: ["BOXOFFICE_KEEPER": "on", "BOXOFFICE_ARCHIVE_FROM": from.isoString])
        }

        // A first serve fills the days, with every film's nation and title.
        let first = server()
        let http = try await first.start()
        do {
            var status: [String: Any] = [:]
            try #require(
                try await Wait.until(
                    "the keeper to fill the days", limit: .seconds(120), every: .milliseconds(100),
                    detail: { "\(status)\n\(first.log.suffix(2000))" }
                ) {
                    status = try await http.send("GET", "/api/v1/archive/status").json ?? [:]
                    let keeper = status["keeper"] as? [String: Any] ?? [:]
                    return keeper["state"] as? String == "current" && keeper["missingDays"] as? Int == 0
                })
        } catch {
            first.stop(signal: SIGKILL)
            throw error
        }
        first.stop()
        #expect(first.terminationStatus == 0)

        let database = try BoxOfficeDatabase(location: .sqlite(path: path), logger: Logger(label: "test"))
        let second = server()
        do {
            let archive = database.archiveRepository(origin: "sample")
            let charts = try await database.chartRepository(origin: "sample").dailyCharts(in: range)
            let codes = Array(Set(charts.flatMap { $0.entries.map(\.movieCode) }))
            let filled = try await archive.englishTitles(of: codes)
            #expect(charts.count == range.count && filled.count == codes.count, "every sample film has a title")

            // As the upgrade of a store whose nations were read before titles were kept leaves it.
            try await database.forgetEnglishTitles()
            #expect(try await archive.englishTitles(of: codes).isEmpty)
            let http = try await second.start()
            // Watched in the store: the API keeps a chart's answer for minutes, so it is read once, at the end.
            var stored: [String: String] = [:]
            try #require(
                try await Wait.until(
                    "the keeper to look the titles up", limit: .seconds(120), every: .milliseconds(100),
                    detail: { "\(stored.count) of \(codes.count)\n\(second.log.suffix(2000))" }
                ) {
                    stored = try await archive.englishTitles(of: codes)
                    return stored.count == codes.count
                })
            #expect(stored == filled)
            for chart in charts {
                let answer = try await http.send("GET", "/api/v1/daily?date=\(chart.range.start.isoString)")
                #expect(answer.status == 200)
                let entries = try #require(answer.json?["entries"] as? [[String: Any]])
                #expect(entries.count == chart.entries.count)
                for entry in entries {
                    let code = entry["movieCode"] as? String ?? ""
                    #expect(entry["titleEnglish"] as? String == filled[code], "\(chart.range.start) \(code)")
                }
            }
            await database.shutdown()
        } catch {
            second.stop(signal: SIGKILL)
            await database.shutdown()
            throw error
        }
        second.stop()
        #expect(second.terminationStatus == 0, "\(second.log.suffix(1000))")
    }
}
