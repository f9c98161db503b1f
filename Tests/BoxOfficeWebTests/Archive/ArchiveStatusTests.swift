import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBIS
import KOBISSimulator
import Logging
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

/// `GET /api/v1/archive/status`, the keeper's notices on the pages and the quota on `/metrics`.
@Suite("Archive status and the keeper's notices")
struct ArchiveStatusTests {
    /// A sample app at the suite's fixed instant with the keeper on or off. An enabled keeper is paused before the
    /// app starts, so it stores nothing while the test reads the pages (its notices do not depend on timing).
    static func withApp(
        keeper: Bool, from: CalendarDate = BoxOfficeCalendar.defaultEarliestDate,
        _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let directory = try WebTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = AppConfiguration(
            databaseURL: "sqlite://\(directory.path)/app.sqlite", workingDirectory: directory.path)
        configuration.keeperEnabled = keeper
        configuration.archiveFrom = from
        let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
        let services = try await AppServices.start(
            configuration: configuration, logger: Logger(label: "web-test"),
            transport: SimulatorTransport(simulator: KOBISSimulator(now: now)), now: now)
        do {
            if keeper { try await services.keeper.pause() }
        } catch {
            await services.shutdown()
            throw error
        }
        let app = try await buildApplication(services: services)
        try await app.test(.router) { client in try await body(client) }
    }

    @Test("the status has the Contract's shape, validates against the document and counts readers' calls")
    func status() async throws {
        try await Self.withApp(keeper: false) { client in
            let checker = try await OpenAPITests.checker(client)
            let probe = OpenAPITests.Probe(path: "/api/v1/archive/status", uri: "/api/v1/archive/status", status: 200)
            let before = try await OpenAPITests.expectConforms(probe, client: client, checker: checker)
            #expect(before["keeper"]?["state"]?.stringValue == "disabled")
            #expect(before["keeper"]?["from"]?.stringValue == "2004-01-01")
            #expect(before["keeper"]?["latestSettledDay"]?.stringValue == "2024-03-18")
            #expect(before["keeper"]?["leader"] == .bool(false))
            #expect(before["keeper"]?["missingDays"] == .integer(7383))
            #expect(before["keeper"]?["archivedDays"] == .integer(0))
            #expect(before["quota"]?["day"]?.stringValue == "2024-03-20")
            #expect(before["quota"]?["limit"] == .integer(3000))
            #expect(before["quota"]?["reserve"] == .integer(500))
            #expect(before["quota"]?["used"] == .integer(0))
            #expect(before["quota"]?["enforced"] == .bool(false))
            let purposes = try #require(before["quota"]?["byPurpose"]?.objectValue)
            #expect(Set(purposes.keys) == ["readers", "keeper", "sync", "backfill", "lookups"])

            // Kept a second under the keeper's status version: asked again, the same answer.
            let first = try await client.get("/api/v1/archive/status")
            #expect(first.headers[.cacheControl] == "public, max-age=1")
            #expect(try await client.get("/api/v1/archive/status").text == first.text)

            // A call this instance made shows in the next answer, kept or not.
            #expect(try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)").status == .ok)
            let after = try await OpenAPITests.expectConforms(probe, client: client, checker: checker)
            #expect(after["quota"]?["used"] == .integer(1))
            #expect(after["quota"]?["byPurpose"]?["readers"] == .integer(1))
            #expect(after["keeper"]?["archivedDays"] == .integer(1))
        }
    }

    @Test("the status never shows the KOBIS key")
    func noSecrets() async throws {
        try await WebTestSupport.withSimulatorServer { _, client in
            let response = try await client.get("/api/v1/archive/status")
            #expect(response.status == .ok)
            #expect(!response.text.contains("test-key"))
            #expect(response.text.contains(#""enforced":true"#))
        }
    }

    @Test("/metrics has today's quota by purpose and the keeper's state")
    func metrics() async throws {
        try await Self.withApp(keeper: false) { client in
            _ = try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
            let text = try await client.get("/metrics").text
            #expect(text.contains(#"kobis_quota_used{purpose="readers"} 1"#), "\(text)")
            #expect(text.contains(#"kobis_quota_used{purpose="keeper"} 0"#))
            #expect(text.contains(#"boxoffice_keeper_state{state="disabled"} 1"#))
            #expect(text.contains(#"boxoffice_keeper_state{state="filling"} 0"#))
        }
    }

    @Test("with the keeper on, the period's gap notice names the keeper instead of a command, in both languages")
    func keeperNotices() async throws {
        try await Self.withApp(keeper: true, from: CalendarDate(year: 2023, month: 1, day: 1)!) { client in
            // The keeper starts with the app: until it leads and has read the pause, a leader says "standby" and
            // the page speaks of filling. Its own word, once it has, is what the pages then show.
            var keeper: [String: Any] = [:]
            try #require(
                try await Wait.until("the keeper to lead and say it is paused", detail: { "\(keeper)" }) {
                    let status = try await client.get("/api/v1/archive/status").jsonObject
                    keeper = status?["keeper"] as? [String: Any] ?? [:]
                    return keeper["state"] as? String == "paused" && keeper["leader"] as? Bool == true
                })
            let english = try await client.get("/charts/period?month=2024-02&lang=en")
            #expect(english.status == .ok)
            #expect(english.text.contains("An administrator paused the archive keeper"), "\(english.text)")
            #expect(!english.text.contains("boxoffice sync"))
            let korean = try await client.get("/charts/period?month=2024-02&lang=ko")
            #expect(korean.text.contains("관리자가 자동 보관을 일시 정지했습니다"))
            #expect(!korean.text.contains("boxoffice sync"))
            // Before the keeper's first day the command stays: the keeper never fills those days.
            let older = try await client.get("/charts/period?month=2022-02&lang=en")
            #expect(older.text.contains("boxoffice sync"))
            #expect(!older.text.contains("archive keeper"))
        }
        try await Self.withApp(keeper: false) { client in
            let page = try await client.get("/charts/period?month=2024-02&lang=en")
            #expect(page.text.contains("boxoffice sync"))
            #expect(!page.text.contains("archive keeper"))
        }
    }

    @Test("an empty trend names the keeper when it runs, the command when it does not")
    func emptyTrend() {
        let empty = MovieTrend(movieCode: "20240001", source: .sample, points: [])
        let keeping = MovieTrendViewModel(trend: empty, language: .english, keeperRuns: true)
        #expect(keeping.emptyText.contains("Its trend appears as the archive keeper fills the archive."))
        #expect(!keeping.emptyText.contains("boxoffice sync"))
        let korean = MovieTrendViewModel(trend: empty, language: .korean, keeperRuns: true)
        #expect(korean.emptyText.contains("자동 보관이"))
        #expect(MovieTrendViewModel(trend: empty, language: .english).emptyText.contains("boxoffice sync"))
    }

    @Test("the notice says when the fill should be done at today's pace, or that it waits for tomorrow's quota")
    func pace() {
        let now = WebTestSupport.fixedNow
        let day = CalendarDate(year: 2024, month: 3, day: 18)!
        var status = KeeperStatus(
            state: .filling, from: day, latestSettledDay: day, archivedDays: 0, missingDays: 10, leader: true,
            daysPerHour: 5)
        let english = ArchiveStrings.table(for: .english)
        // 10 days at 5 a day per hour: two hours after 12:00 in Seoul.
        #expect(
            CoverageNoticeViewModel.keeperText(status, strings: english, now: now)
                == "The archive keeper is filling the missing days, newest first. "
                + "At today's pace it should be done by 2024-03-20 14:00 (KST).")
        status.state = .waitingForQuota
        status.daysPerHour = nil
        #expect(
            CoverageNoticeViewModel.keeperText(status, strings: english, now: now).hasSuffix(
                "Today's KOBIS calls for the archive are spent; it continues after midnight (KST)."))
        status.state = .paused
        #expect(
            CoverageNoticeViewModel.keeperText(status, strings: ArchiveStrings.table(for: .korean), now: now)
                .contains("일시 정지"))
    }
}
