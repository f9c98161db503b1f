import BoxOfficeCore
import Crypto
import Foundation
import Hummingbird
import KOBISSimulator
import Logging
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

@Suite("Webhook deliveries: stored, signed, retried with backoff, turned off after 10 failures", .serialized)
struct WebhookDeliveryTests {
    /// The app's services over a fresh database, private targets allowed, retries without waiting.
    static func withServices(_ backend: DiaryWebBackend, _ body: @Sendable (AppServices) async throws -> Void)
        async throws
    {
        try await DiaryWebTestSupport.withDatabase(backend) { databaseURL, directory in
            var configuration = DiaryWebTestSupport.configuration(databaseURL: databaseURL, directory: directory)
            configuration.webhookAllowPrivate = true
            let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
            let services = try await AppServices.start(
                configuration: configuration, logger: DiaryWebTestSupport.quietLogger,
                transport: SimulatorTransport(simulator: KOBISSimulator(now: now)), now: now, webhookBackoff: { _ in 0 }
            )
            do {
                try await body(services)
            } catch {
                await services.shutdown()
                throw error
            }
            await services.shutdown()
        }
    }

    static func user(_ services: AppServices, _ name: String) async throws -> DiaryUser {
        try await services.diaryAccounts.signUp(username: name, password: "correct horse battery")
    }

    static func alert(_ user: DiaryUser, _ kind: AlertKind) -> Alert {
        Alert(
            id: UUID(), userID: user.id, kind: kind, movieCode: "20060001", title: "괴물",
            date: CalendarDate("2024-03-19")!, createdAt: WebTestSupport.fixedNow)
    }

    @Test(
        "a new alert reaches the hooks that take its kind, signed; a 500 is retried until it is delivered",
        arguments: DiaryWebBackend.enabled)
    func retriedUntilDelivered(backend: DiaryWebBackend) async throws {
        let receiver = WebhookReceiver()
        receiver.answer([.internalServerError, .internalServerError])
        try await receiver.run { port in
            try await Self.withServices(backend) { services in
                let minji = try await Self.user(services, "minji")
                let other = try await Self.user(services, "other")
                let (hook, secret) = try await services.webhooks.create(
                    userID: minji.id, url: "http://localhost:\(port)/minji", events: ["first"], format: "json")
                _ = try await services.webhooks.create(
                    userID: other.id, url: "http://localhost:\(port)/other", events: ["first"], format: "json")
                await services.webhooks.alertsStored([Self.alert(minji, .first), Self.alert(minji, .left)])
                #expect(await services.webhookDispatcher.runDue() == 3, "one delivery, tried three times")

                let got = receiver.received
                #expect(got.count == 3 && got.allSatisfy { $0.path == "/minji" }, "only minji's hook, only `first`")
                for request in got {
                    let expected =
                        "sha256="
                        + HMAC<SHA256>.authenticationCode(
                            for: request.body, using: SymmetricKey(data: Data(secret.utf8))
                        ).map { String(format: "%02x", $0) }.joined()
                    #expect(request.headers[HTTPFields.Element.Name("X-BoxOffice-Signature")!] == expected)
                }
                let json = try #require(try JSONSerialization.jsonObject(with: got[2].body) as? [String: String])
                #expect(json["kind"] == "first" && json["movieCode"] == "20060001" && json["title"] == "괴물")
                #expect(json["date"] == "2024-03-19")

                let log = try await services.webhooks.deliveries(webhookID: hook.id, userID: minji.id)
                #expect(
                    log.count == 1 && log[0].state == .delivered && log[0].attempts == 3 && log[0].lastStatus == 204)
                #expect(try await services.webhooks.webhooks(userID: minji.id).first?.consecutiveFailures == 0)
                await #expect(throws: DiaryError.self) {
                    _ = try await services.webhooks.deliveries(webhookID: hook.id, userID: other.id)
                }
            }
        }
    }

    @Test(
        "ten failed attempts in a row turn the hook off; a successful test turns it on again",
        arguments: DiaryWebBackend.enabled)
    func turnedOff(backend: DiaryWebBackend) async throws {
        let receiver = WebhookReceiver()
        receiver.answer(Array(repeating: .internalServerError, count: 10))
        try await receiver.run { port in
            try await Self.withServices(backend) { services in
                let minji = try await Self.user(services, "minji")
                let (hook, _) = try await services.webhooks.create(
                    userID: minji.id, url: "http://127.0.0.1:\(port)/hook", events: ["first", "top10", "left"],
                    format: "slack")
                // One attempt at a time, so exactly the first ten are the receiver's 500s.
                let dispatcher = WebhookDispatcher(
                    repository: services.database.webhookRepository(),
                    transport: WebhookSender.live(allowPrivate: true),
                    calendar: services.calendar, holder: "one-at-a-time", concurrency: 1, backoff: { _ in 0 })
                await services.webhooks.alertsStored([
                    Self.alert(minji, .first), Self.alert(minji, .top10), Self.alert(minji, .left),
                ])
                await dispatcher.runDue()
                #expect(receiver.received.count == 10, "two deliveries of five attempts, then nothing")
                let off = try #require(try await services.webhooks.webhooks(userID: minji.id).first)
                #expect(!off.enabled && off.consecutiveFailures == 10 && off.disabledAt != nil)
                let log = try await services.webhooks.deliveries(webhookID: hook.id, userID: minji.id)
                #expect(log.count == 3 && log.allSatisfy { $0.state == .failed })
                #expect(log.contains { $0.lastError == "the webhook is turned off" })

                await services.webhooks.alertsStored([Self.alert(minji, .first)])
                #expect(await dispatcher.runDue() == 0, "a turned-off hook gets no new deliveries")

                try await services.webhooks.sendTest(webhookID: hook.id, userID: minji.id)
                #expect(await dispatcher.runDue() == 1)
                #expect(receiver.received.count == 11)
                let slack = try #require(
                    try JSONSerialization.jsonObject(with: receiver.received[10].body) as? [String: String])
                #expect(slack["text"]?.contains("BoxOffice") == true)
                let on = try #require(try await services.webhooks.webhooks(userID: minji.id).first)
                #expect(on.enabled && on.consecutiveFailures == 0)
            }
        }
    }

    @Test("a target that turns private after creation is refused at delivery, without a request")
    func checkedAtDelivery() async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { port in
            try await Self.withServices(.sqlite) { services in
                let minji = try await Self.user(services, "minji")
                let (hook, _) = try await services.webhooks.create(
                    userID: minji.id, url: "http://localhost:\(port)/hook", events: ["first"], format: "json")
                // The same store, sent by an instance that does not allow private targets.
                let strict = WebhookDispatcher(
                    repository: services.database.webhookRepository(),
                    transport: WebhookSender.live(allowPrivate: false),
                    calendar: services.calendar, holder: "strict", backoff: { _ in 0 })
                await services.webhooks.alertsStored([Self.alert(minji, .first)])
                #expect(await strict.runDue() == 5)
                #expect(receiver.received.isEmpty)
                let log = try await services.webhooks.deliveries(webhookID: hook.id, userID: minji.id)
                #expect(log.first?.lastError == "refused: private or reserved address", "\(log)")
                #expect(log.first?.lastError?.contains("127.0.0.1") == false, "never which address")
            }
        }
    }
}
