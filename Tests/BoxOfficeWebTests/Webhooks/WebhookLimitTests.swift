import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

@Suite("Webhook limits: ten hooks a person, a delivery log that is pruned", .serialized)
struct WebhookLimitTests {
    @Test(
        "the eleventh hook is refused with 400 in the reader's words, on the API and the page",
        arguments: DiaryWebBackend.enabled)
    func perPersonLimit(backend: DiaryWebBackend) async throws {
        try await WebhookAPITests.withApp(backend, allowPrivate: true) { client in
            let minji = try await client.account("minji")
            let other = try await client.account("other")
            var ids: [String] = []
            for index in 0..<Webhook.perPersonLimit {
                let created = try await client.call(
                    .post, "/api/v1/webhooks", token: minji,
                    json: ["url": "http://localhost:9/hook\(index)", "events": ["first"]])
                #expect(created.status == .created, "\(created.text)")
                ids.append(try #require(created.jsonObject?["id"] as? String))
            }
            let eleventh = try await client.call(
                .post, "/api/v1/webhooks", token: minji, json: ["url": "http://localhost:9/more", "events": ["first"]],
                headers: [.acceptLanguage: "en"])
            #expect(eleventh.status == .badRequest, "\(eleventh.text)")
            #expect(eleventh.apiErrorMessage?.contains("at most 10 webhooks") == true, "\(eleventh.text)")
            let korean = try await client.call(
                .post, "/api/v1/webhooks", token: minji, json: ["url": "http://localhost:9/more", "events": ["first"]],
                headers: [.acceptLanguage: "ko"])
            #expect(korean.status == .badRequest)
            #expect(korean.apiErrorMessage?.contains("10개") == true, "\(korean.text)")
            let list = try await client.call(.get, "/api/v1/webhooks", token: minji)
            #expect((list.jsonObject?["webhooks"] as? [Any])?.count == Webhook.perPersonLimit)

            // The limit is each person's own.
            let theirs = try await client.call(
                .post, "/api/v1/webhooks", token: other, json: ["url": "http://localhost:9/x", "events": ["first"]])
            #expect(theirs.status == .created)
            // One deleted, one more may be made.
            #expect(try await client.call(.delete, "/api/v1/webhooks/\(ids[0])", token: minji).status == .noContent)
            let replaced = try await client.call(
                .post, "/api/v1/webhooks", token: minji, json: ["url": "http://localhost:9/more", "events": ["first"]])
            #expect(replaced.status == .created, "\(replaced.text)")

            // The page says so too.
            let browser = PageBrowser(client)
            _ = try await browser.signUp("pages")
            let token = try await browser.sessionCSRF()
            for index in 0...Webhook.perPersonLimit {
                let page = try await browser.post(
                    "/account/webhooks",
                    [("csrf", token), ("url", "http://localhost:9/p\(index)"), ("event_first", "on")])
                if index < Webhook.perPersonLimit {
                    #expect(page.status == .ok, "\(index): \(page.text.prefix(300))")
                } else {
                    #expect(page.status == .badRequest)
                    #expect(page.text.contains("at most 10 webhooks"), "\(page.text.prefix(2000))")
                }
            }
        }
    }

    @Test(
        "settled deliveries beyond the newest 100, or older than 30 days, are deleted as new ones settle; pending ones stay",
        arguments: DiaryWebBackend.enabled)
    func deliveryLogPruned(backend: DiaryWebBackend) async throws {
        try await WebhookDeliveryTests.withServices(backend) { services in
            let minji = try await WebhookDeliveryTests.user(services, "minji")
            let (hook, _) = try await services.webhooks.create(
                userID: minji.id, url: "http://localhost:9/hook", events: ["first"], format: "json")
            let (otherHook, _) = try await services.webhooks.create(
                userID: minji.id, url: "http://localhost:9/other", events: ["first"], format: "json")
            let repository = services.database.webhookRepository()
            let now = WebTestSupport.fixedNow
            let message = WebhookMessage(kind: "test", title: "t", text: "t")
            func delivery(_ hook: Webhook, minutesAgo: Double) -> WebhookDelivery {
                let created = now.addingTimeInterval(-minutesAgo * 60)
                return WebhookDelivery(
                    id: UUID(), webhookID: hook.id, message: message, createdAt: created, nextAttemptAt: created)
            }
            // One 40 days old, then 110 over the last two hours, a pending one, and one on another hook.
            let old = delivery(hook, minutesAgo: 40 * 24 * 60)
            let recent = (0..<110).map { delivery(hook, minutesAgo: Double(120 - $0)) }
            let pending = delivery(hook, minutesAgo: 200)
            let elsewhere = delivery(otherHook, minutesAgo: 50 * 24 * 60)
            try await repository.enqueue([old, pending, elsewhere] + recent)
            for settled in [old, elsewhere] + recent {
                _ = try await repository.recordAttempt(
                    deliveryID: settled.id, webhookID: settled.webhookID, succeeded: true, status: 204, error: nil,
                    at: now, nextAttemptAt: nil)
            }
            let log = try await repository.deliveries(webhookID: hook.id, userID: minji.id, limit: 1000)
            #expect(log.count == Webhook.deliveryLogLimit + 1, "the newest 100 settled and the pending one")
            #expect(log.filter { $0.state == .pending }.map(\.id) == [pending.id])
            let kept = Set(log.map(\.id))
            #expect(!kept.contains(old.id))
            #expect(recent.suffix(Webhook.deliveryLogLimit).allSatisfy { kept.contains($0.id) })
            #expect(recent.prefix(10).allSatisfy { !kept.contains($0.id) })
            // The other hook's lone delivery is older than 30 days: its own settling pruned it.
            let other = try await repository.deliveries(webhookID: otherHook.id, userID: minji.id, limit: 10)
            #expect(other.isEmpty)
        }
    }
}
