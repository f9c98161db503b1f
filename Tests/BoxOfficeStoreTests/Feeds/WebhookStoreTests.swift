import BoxOfficeCore
import FluentKit
import Foundation
import Testing

@testable import BoxOfficeStore

/// Webhooks and their deliveries in the store, on a real SQLite file and on PostgreSQL when set.
@Suite("Webhooks: store, claims and the run of failures")
struct WebhookStoreTests {
    static let now = DiaryTime.normalized(Date(timeIntervalSince1970: 1_710_903_600.5))

    static func hook(_ user: DiaryUser, url: String = "https://hooks.example.com/a") -> Webhook {
        Webhook(id: UUID(), userID: user.id, url: url, events: [.first, .opened], format: .discord, createdAt: now)
    }

    static func delivery(_ hook: Webhook, at: Date = now) -> WebhookDelivery {
        WebhookDelivery(
            id: UUID(), webhookID: hook.id,
            message: WebhookMessage(kind: "first", title: "t", text: "x", fields: ["a": "b"]),
            createdAt: at, nextAttemptAt: at)
    }

    @Test("hooks are the user's own; the secret is kept for deliveries only", arguments: Backend.enabled)
    func scoping(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let hooks = database.webhookRepository()
            let minji = try await AdminRepositoryTests.createUser("minji", in: database)
            let other = try await AdminRepositoryTests.createUser("other", in: database)
            let mine = Self.hook(minji)
            #expect(try await hooks.createWebhook(mine, secret: "whsec_1", limit: 10))
            #expect(try await hooks.webhooks(userID: minji.id) == [mine])
            #expect(try await hooks.webhooks(userID: other.id).isEmpty)
            #expect(try await hooks.webhook(id: mine.id, userID: other.id) == nil)
            #expect(try await hooks.deleteWebhook(id: mine.id, userID: other.id) == false)
            #expect(try await hooks.webhookWithSecret(id: mine.id)?.secret == "whsec_1")
            #expect(try await hooks.enabledWebhooks(userIDs: [minji.id, other.id]).map(\.hook.id) == [mine.id])
            try await hooks.enqueue([Self.delivery(mine)])
            #expect(try await hooks.deliveries(webhookID: mine.id, userID: other.id, limit: 10).isEmpty)
            #expect(try await hooks.deliveries(webhookID: mine.id, userID: minji.id, limit: 10).count == 1)
            #expect(try await hooks.deleteWebhook(id: mine.id, userID: minji.id))
            #expect(try await database.rowCount(of: "webhook_deliveries") == 0)
        }
    }

    @Test("twelve creates of one person at once store exactly the limit's ten", arguments: Backend.enabled)
    func limitUnderRace(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let hooks = database.webhookRepository()
            let minji = try await AdminRepositoryTests.createUser("minji", in: database)
            let other = try await AdminRepositoryTests.createUser("other", in: database)
            #expect(try await hooks.createWebhook(Self.hook(other), secret: "s", limit: 10))
            let created = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<12 {
                    group.addTask { try await hooks.createWebhook(Self.hook(minji), secret: "s", limit: 10) }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(created == 10)
            #expect(try await hooks.webhooks(userID: minji.id).count == 10)
            #expect(try await hooks.webhooks(userID: other.id).count == 1, "another person's hooks count apart")
        }
    }

    @Test("a due delivery is claimed by one holder; a retry waits for its time", arguments: Backend.enabled)
    func claims(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let hooks = database.webhookRepository()
            let minji = try await AdminRepositoryTests.createUser("minji", in: database)
            let hook = Self.hook(minji)
            #expect(try await hooks.createWebhook(hook, secret: "s", limit: 10))
            let deliveries = (0..<6).map { _ in Self.delivery(hook) }
            try await hooks.enqueue(deliveries)
            let until = Self.now.addingTimeInterval(120)
            let claims = try await withThrowingTaskGroup(of: [UUID].self) { group in
                for holder in ["a", "b", "c"] {
                    group.addTask {
                        try await hooks.claimDueDeliveries(now: Self.now, holder: holder, until: until, limit: 6).map(
                            \.id)
                    }
                }
                return try await group.reduce(into: [UUID]()) { $0 += $1 }
            }
            #expect(claims.count == 6 && Set(claims) == Set(deliveries.map(\.id)), "each claimed exactly once")
            #expect(try await hooks.claimDueDeliveries(now: Self.now, holder: "d", until: until, limit: 6).isEmpty)

            let retryAt = Self.now.addingTimeInterval(30)
            _ = try await hooks.recordAttempt(
                deliveryID: deliveries[0].id, webhookID: hook.id, succeeded: false, status: 500, error: "HTTP 500",
                at: Self.now, nextAttemptAt: retryAt)
            #expect(try await hooks.claimDueDeliveries(now: Self.now, holder: "d", until: until, limit: 6).isEmpty)
            let retried = try await hooks.claimDueDeliveries(now: retryAt, holder: "d", until: until, limit: 6)
            #expect(retried.map(\.id) == [deliveries[0].id])
            #expect(retried.first?.attempts == 1 && retried.first?.lastStatus == 500)
            #expect(retried.first?.message.fields == ["a": "b"])
        }
    }

    @Test("ten failed attempts in a row turn a hook off; a success ends the run", arguments: Backend.enabled)
    func failureRun(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let hooks = database.webhookRepository()
            let minji = try await AdminRepositoryTests.createUser("minji", in: database)
            let hook = Self.hook(minji)
            #expect(try await hooks.createWebhook(hook, secret: "s", limit: 10))
            let deliveries = (0..<12).map { _ in Self.delivery(hook) }
            try await hooks.enqueue(deliveries)
            for index in 0..<9 {
                let state = try await hooks.recordAttempt(
                    deliveryID: deliveries[index].id, webhookID: hook.id, succeeded: false, status: nil,
                    error: "refused", at: Self.now, nextAttemptAt: nil)
                #expect(state?.enabled == true && state?.consecutiveFailures == index + 1)
            }
            let ok = try await hooks.recordAttempt(
                deliveryID: deliveries[9].id, webhookID: hook.id, succeeded: true, status: 204, error: nil,
                at: Self.now, nextAttemptAt: nil)
            #expect(ok?.consecutiveFailures == 0)
            var last: Webhook?
            for index in 0..<10 {
                last = try await hooks.recordAttempt(
                    deliveryID: deliveries[index].id, webhookID: hook.id, succeeded: false, status: 500,
                    error: "HTTP 500", at: Self.now, nextAttemptAt: Self.now)
            }
            #expect(last?.enabled == false && last?.disabledAt == Self.now && last?.consecutiveFailures == 10)
            #expect(try await hooks.enabledWebhooks(userIDs: [minji.id]).isEmpty)
            let log = try await hooks.deliveries(webhookID: hook.id, userID: minji.id, limit: 20)
            #expect(log.allSatisfy { $0.state != .pending }, "a turned-off hook's pending deliveries fail")
            #expect(try await hooks.nextDueDate() == nil)
        }
    }
}
