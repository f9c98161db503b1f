import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

@Suite("Send a test: 5 an hour per hook, held in the database; failures summarised in the log", .serialized)
struct WebhookTestSendTests {
    @Test(
        "six tests of one hook: five delivered, the sixth refused with when to try again",
        arguments: DiaryWebBackend.enabled)
    func sixthRefused(backend: DiaryWebBackend) async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { port in
            try await WebhookDeliveryTests.withServices(backend) { services in
                let minji = try await WebhookDeliveryTests.user(services, "minji")
                let other = try await WebhookDeliveryTests.user(services, "other")
                let (hook, _) = try await services.webhooks.create(
                    userID: minji.id, url: "http://localhost:\(port)/hook", events: ["first"], format: "json")
                let (otherHook, _) = try await services.webhooks.create(
                    userID: minji.id, url: "http://localhost:\(port)/other", events: ["first"], format: "json")
                // Six at once: the limit is decided on the database, not by who counted first.
                let results = await withTaskGroup(of: Int?.self) { group in
                    for _ in 0..<6 {
                        group.addTask {
                            do {
                                try await services.webhooks.sendTest(webhookID: hook.id, userID: minji.id)
                                return 0
                            } catch let limit as WebhookTestLimitReached {
                                return limit.retryAfterSeconds
                            } catch {
                                return nil
                            }
                        }
                    }
                    return await group.reduce(into: [Int?]()) { $0.append($1) }
                }
                #expect(results.filter { $0 == 0 }.count == 5, "\(results)")
                let refused = results.compactMap { $0 }.filter { $0 > 0 }
                #expect(refused.count == 1 && refused.allSatisfy { (1...3600).contains($0) }, "\(results)")
                #expect(await services.webhookDispatcher.runDue() == 5)
                #expect(receiver.received.count == 5 && receiver.received.allSatisfy { $0.path == "/hook" })
                // The limit is each hook's own, and another person cannot test this one at all.
                try await services.webhooks.sendTest(webhookID: otherHook.id, userID: minji.id)
                await #expect(throws: DiaryError.self) {
                    try await services.webhooks.sendTest(webhookID: hook.id, userID: other.id)
                }
                let log = try await services.webhooks.deliveries(webhookID: hook.id, userID: minji.id)
                #expect(log.count == 5 && log.allSatisfy { $0.state == .delivered })
            }
        }
    }

    @Test(
        "twenty tests a person an hour over all hooks: deleting a hook and making it again gives none back",
        arguments: DiaryWebBackend.enabled)
    func personLimit(backend: DiaryWebBackend) async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { port in
            try await WebhookDeliveryTests.withServices(backend) { services in
                let minji = try await WebhookDeliveryTests.user(services, "minji")
                let perHook = WebhookService.testsPerWindow
                var hooks: [Webhook] = []
                for index in 0..<(WebhookService.testsPerPersonPerWindow / perHook) {
                    let (hook, _) = try await services.webhooks.create(
                        userID: minji.id, url: "http://localhost:\(port)/h\(index)", events: ["first"], format: "json")
                    hooks.append(hook)
                    for _ in 0..<perHook { try await services.webhooks.sendTest(webhookID: hook.id, userID: minji.id) }
                }
                try await services.webhooks.delete(id: hooks[0].id, userID: minji.id)
                let (again, _) = try await services.webhooks.create(
                    userID: minji.id, url: "http://localhost:\(port)/h0", events: ["first"], format: "json")
                do {
                    try await services.webhooks.sendTest(webhookID: again.id, userID: minji.id)
                    Issue.record("the 21st test of the hour was queued")
                } catch let limit as WebhookTestLimitReached {
                    #expect(limit.scope == .person)
                    #expect((1...3600).contains(limit.retryAfterSeconds))
                    #expect(
                        WebhookPageStrings.table(for: .english).testLimit(limit).hasPrefix(
                            "You can send at most 20 tests an hour over all your webhooks."))
                    #expect(
                        WebhookPageStrings.table(for: .korean).testLimit(limit).hasPrefix(
                            "시험 메시지는 모든 웹훅을 합쳐 한 시간에 20번까지"))
                }
            }
        }
    }

    @Test("the page answers the sixth test with 429, Retry-After and the reason in Korean and English")
    func page() async throws {
        try await WebhookAPITests.withApp(.sqlite, allowPrivate: true) { client in
            let browser = PageBrowser(client)
            _ = try await browser.signUp("minji")
            let csrf = try await browser.sessionCSRF()
            let made = try await browser.post(
                "/account/webhooks", [("csrf", csrf), ("url", "http://Localhost.:9/hook"), ("event_first", "on")])
            #expect(made.status == .ok)
            #expect(made.text.contains("http://localhost:9/hook"), "the stored URL is the normalised one")
            let page = try await browser.get("/account/webhooks")
            let action = try #require(
                page.text.firstMatch(of: /\/account\/webhooks\/([0-9A-Fa-f-]{36})\/test/).map { String($0.output.0) })
            for index in 0..<5 {
                let sent = try await browser.post(action, [("csrf", csrf)])
                #expect(sent.status == .seeOther, "test \(index + 1): \(sent.status)")
            }
            let sixth = try await browser.post(action, [("csrf", csrf)])
            #expect(sixth.status == .tooManyRequests)
            #expect(Int(sixth.headers[.retryAfter] ?? "").map { (1...3600).contains($0) } == true)
            #expect(sixth.text.contains("at most 5 tests an hour"), "\(sixth.text.prefix(2000))")
            await browser.setLanguage("ko")
            let korean = try await browser.post(action, [("csrf", csrf)])
            #expect(korean.status == .tooManyRequests)
            #expect(korean.text.contains("한 시간에 5번까지"), "\(korean.text.prefix(2000))")
        }
    }

    @Test("the delivery log shows summaries, never a socket's error text", arguments: DiaryWebBackend.enabled)
    func logSummaries(backend: DiaryWebBackend) async throws {
        let closed = try LoopbackSocket(listening: false)
        try await WebhookDeliveryTests.withServices(backend) { services in
            let minji = try await WebhookDeliveryTests.user(services, "minji")
            let (hook, _) = try await services.webhooks.create(
                userID: minji.id, url: "http://127.0.0.1:\(closed.port)/hook", events: ["first"], format: "json")
            try await services.webhooks.sendTest(webhookID: hook.id, userID: minji.id)
            #expect(await services.webhookDispatcher.runDue() == 1, "a test is tried once")
            let log = try await services.webhooks.deliveries(webhookID: hook.id, userID: minji.id)
            #expect(log.map(\.lastError) == ["could not connect"], "\(log)")
            #expect(log.first?.state == .failed)
        }
        let english = WebhookPageStrings.table(for: .english)
        let korean = WebhookPageStrings.table(for: .korean)
        #expect(english.deliveryError("could not connect") == "could not connect")
        #expect(korean.deliveryError("timed out") == "시간 초과")
        #expect(english.deliveryError("HTTP 500") == "answered 500")
        #expect(english.deliveryError("answered 502") == "answered 502")
        // What an older version stored is not shown as it is.
        let raw = "connect(descriptor:addr:size:): Connection refused (errno: 111)"
        #expect(english.deliveryError(raw) == "not delivered")
        #expect(korean.deliveryError("refused: 10.0.0.1 is privateNetwork") == "보내지 못함")
    }
}
