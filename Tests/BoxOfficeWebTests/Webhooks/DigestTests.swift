import BoxOfficeCore
import Foundation
import Hummingbird
import KOBISSimulator
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

@Suite("The daily digest: yesterday's top 10, sent once across the fleet", .serialized)
struct DigestTests {
    /// Two instances of the app's services on one database, each with the digest going to `url`.
    static func withTwoInstances(
        _ backend: DiaryWebBackend, url: String, format: WebhookFormat,
        _ body: @Sendable (AppServices, AppServices) async throws -> Void
    ) async throws {
        try await DiaryWebTestSupport.withDatabase(backend) { databaseURL, directory in
            var configuration = DiaryWebTestSupport.configuration(databaseURL: databaseURL, directory: directory)
            configuration.webhookAllowPrivate = true
            configuration.digestWebhook = URL(string: url)
            configuration.digestFormat = format
            let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
            let simulator = KOBISSimulator(now: now)
            let first = try await AppServices.start(
                configuration: configuration, logger: DiaryWebTestSupport.quietLogger,
                transport: SimulatorTransport(simulator: simulator), now: now)
            let second: AppServices
            do {
                second = try await AppServices.start(
                    configuration: configuration, logger: DiaryWebTestSupport.quietLogger,
                    transport: SimulatorTransport(simulator: simulator), now: now)
            } catch {
                await first.shutdown()
                throw error
            }
            var failure: (any Error)?
            do { try await body(first, second) } catch { failure = error }
            await first.shutdown()
            await second.shutdown()
            if let failure { throw failure }
        }
    }

    @Test(
        "two instances looking at once send it once; nothing before the morning's chart is stored",
        arguments: DiaryWebBackend.enabled)
    func once(backend: DiaryWebBackend) async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { port in
            try await Self.withTwoInstances(backend, url: "http://127.0.0.1:\(port)/digest", format: .discord) {
                first, second in
                let a = try #require(first.digest)
                let b = try #require(second.digest)
                #expect(try await a.sendIfDue() == .notYet, "yesterday's chart is not stored yet")
                let yesterday = first.calendar.yesterday
                let chart = try await first.charts.chart(.daily(yesterday))
                let results = try await withThrowingTaskGroup(of: DigestService.Result.self) { group in
                    for digest in [a, b, a, b] { group.addTask { try await digest.sendIfDue() } }
                    return try await group.reduce(into: [DigestService.Result]()) { $0.append($1) }
                }
                #expect(results.filter { $0 == .sent(day: yesterday) }.count == 1, "\(results)")
                #expect(results.filter { $0 == .alreadyClaimed }.count == 3, "\(results)")
                #expect(try await b.sendIfDue() == .alreadyClaimed)
                let got = receiver.received
                #expect(got.count == 1)
                let body = try #require(try JSONSerialization.jsonObject(with: got[0].body) as? [String: String])
                let content = try #require(body["content"])
                #expect(content.hasPrefix("\(yesterday.isoString) 일별 박스오피스"))
                #expect(content.contains("1. \(chart.entries[0].title)"))
                #expect(content.split(separator: "\n").count == 11, "a heading and the top 10")
            }
        }
    }

    @Test("a failed send lets the day go for a later try")
    func retriedLater() async throws {
        let receiver = WebhookReceiver()
        receiver.answer([.badGateway])
        try await receiver.run { port in
            try await Self.withTwoInstances(.sqlite, url: "http://127.0.0.1:\(port)/digest", format: .json) {
                first, _ in
                let digest = try #require(first.digest)
                _ = try await first.charts.chart(.daily(first.calendar.yesterday))
                #expect(try await digest.sendIfDue() == .failed(.failed(.answered(status: 502))))
                #expect(try await digest.sendIfDue() == .sent(day: first.calendar.yesterday))
                #expect(receiver.received.count == 2)
            }
        }
    }
}
