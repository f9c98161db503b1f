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

/// Finding 10 of the 2026-11-28 review: the period page of the running month told web readers to run
/// `boxoffice sync` for its provisional day although the keeper was on (`current`) and refreshes that day itself.
@Suite("The period page's provisional-day notice")
struct ProvisionalNoticeTests {
    static let month = DateRange(
        start: CalendarDate(year: 2024, month: 3, day: 1)!, end: CalendarDate(year: 2024, month: 3, day: 19)!)

    /// A sample app over real HTTP on `backend` whose archive holds every day of March 2024 up to yesterday (the
    /// 19th, still provisional at the suite's clock), with the keeper (from March 1st) on or off. With the keeper
    /// on, `body` runs once it says it is `current`.
    static func withApp(
        _ backend: DiaryWebBackend, keeper: Bool, _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await DiaryWebTestSupport.withDatabase(backend) { databaseURL, directory in
            var configuration = AppConfiguration(databaseURL: databaseURL, workingDirectory: directory.path)
            configuration.keeperEnabled = keeper
            configuration.archiveFrom = month.start
            let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
            let services = try await AppServices.start(
                configuration: configuration, logger: Logger(label: "provisional-notice-test"),
                transport: SimulatorTransport(simulator: KOBISSimulator(now: now)), now: now)
            do {
                let report = try await services.syncEngine(options: SyncOptions(concurrency: 4)).run(
                    SyncRequest(range: month))
                #expect(report.isComplete)
                let app = try await buildApplication(services: services)
                try await app.test(.live) { client in
                    if keeper {
                        let current = try await Wait.until("the keeper is current") {
                            let status = try await client.get("/api/v1/archive/status").jsonObject
                            return (status?["keeper"] as? [String: Any])?["state"] as? String == "current"
                        }
                        try #require(current)
                    }
                    try await body(client)
                }
            } catch {
                await services.shutdown()
                throw error
            }
            await services.shutdown()
        }
    }

    @Test(
        "keeper current: the provisional day is the keeper's to refresh, no terminal command",
        arguments: DiaryWebBackend.enabled)
    func keeperOn(backend: DiaryWebBackend) async throws {
        try await Self.withApp(backend, keeper: true) { client in
            for uri in ["/charts/period?lang=en", "/charts/period?month=2024-03&lang=en"] {
                let page = try await client.get(uri)
                #expect(page.status == .ok)
                #expect(page.text.contains("1 day is provisional and may still change."), "\(uri)")
                #expect(page.text.contains("The archive keeper fetches them again once KOBIS settles them."), "\(uri)")
                #expect(!page.text.contains("boxoffice sync"), "\(uri): \(page.text)")
                #expect(!page.text.contains("sync-command"), "\(uri)")
            }
            let korean = try await client.get("/charts/period?month=2024-03&lang=ko")
            #expect(korean.text.contains("1일은 잠정 집계로 아직 바뀔 수 있습니다."))
            #expect(korean.text.contains("자동 보관이 집계가 확정되면 다시 받아 보관합니다."))
            #expect(!korean.text.contains("boxoffice sync"))
        }
    }

    @Test("keeper off: the command that refreshes the provisional day stays", arguments: DiaryWebBackend.enabled)
    func keeperOff(backend: DiaryWebBackend) async throws {
        try await Self.withApp(backend, keeper: false) { client in
            for language in ["en", "ko"] {
                let page = try await client.get("/charts/period?month=2024-03&lang=\(language)")
                #expect(page.status == .ok)
                #expect(
                    page.text.contains(
                        #"<code class="sync-command">boxoffice sync --from 2024-03-19 --to 2024-03-19</code>"#),
                    "\(language): \(page.text)")
                #expect(!page.text.contains("archive keeper") && !page.text.contains("자동 보관"))
            }
        }
    }
}
