import BoxOfficeCore
import FluentKit
import Foundation
import Testing

@testable import BoxOfficeStore

/// Webhook tests counted per person as well as per hook, in `webhook_test_sends`: on a real SQLite file and on
/// PostgreSQL when set.
@Suite("Webhooks: tests counted per person")
struct WebhookTestSendStoreTests {
    static let now = WebhookStoreTests.now
    static let since = now.addingTimeInterval(-3600)

    static func test(_ hook: Webhook, at: Date = now) -> WebhookDelivery {
        WebhookDelivery(
            id: UUID(), webhookID: hook.id, message: WebhookMessage(kind: "test", title: "t", text: "x", fields: [:]),
            createdAt: at, nextAttemptAt: at)
    }

    @Test(
        "twelve tests at once over three hooks into a person's room for five queue five; a new hook gives none back",
        arguments: Backend.enabled)
    func personLimit(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let hooks = database.webhookRepository()
            let minji = try await AdminRepositoryTests.createUser("minji", in: database)
            let other = try await AdminRepositoryTests.createUser("other", in: database)
            var mine: [Webhook] = []
            for _ in 0..<3 {
                let hook = WebhookStoreTests.hook(minji)
                #expect(try await hooks.createWebhook(hook, secret: "s", limit: 10))
                mine.append(hook)
            }
            let outcomes = try await withThrowingTaskGroup(of: WebhookTestQueueing.self) { group in
                for index in 0..<12 {
                    let hook = mine[index % 3]
                    group.addTask {
                        try await hooks.enqueueTest(
                            Self.test(hook), userID: minji.id, since: Self.since, limit: 5, personLimit: 5)
                    }
                }
                return try await group.reduce(into: [WebhookTestQueueing]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == .queued }.count == 5, "\(outcomes)")
            #expect(outcomes.filter { $0 == .personLimitReached(oldest: Self.now) }.count == 7, "\(outcomes)")

            // Deleting a hook and making another gives no test back.
            #expect(try await hooks.deleteWebhook(id: mine[0].id, userID: minji.id))
            let fresh = WebhookStoreTests.hook(minji)
            #expect(try await hooks.createWebhook(fresh, secret: "s", limit: 10))
            #expect(
                try await hooks.enqueueTest(
                    Self.test(fresh), userID: minji.id, since: Self.since, limit: 5, personLimit: 5)
                    == .personLimitReached(oldest: Self.now))
            // Another person's room is their own; an hour on, the person's tests are back (and the old rows pruned).
            let theirs = WebhookStoreTests.hook(other)
            #expect(try await hooks.createWebhook(theirs, secret: "s", limit: 10))
            #expect(
                try await hooks.enqueueTest(
                    Self.test(theirs), userID: other.id, since: Self.since, limit: 5, personLimit: 5) == .queued)
            let later = Self.now.addingTimeInterval(3601)
            #expect(
                try await hooks.enqueueTest(
                    Self.test(fresh, at: later), userID: minji.id, since: later.addingTimeInterval(-3600), limit: 5,
                    personLimit: 5) == .queued)
            #expect(try await database.rowCount(of: "webhook_test_sends") == 2)
        }
    }

    @Test("a store made before the table upgrades in place and counts from then on", arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let previous =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
                + QuotaKeeperSchemaTests.later.prefix { !($0 is CreateWebhookTestSends) }
            let old = QuotaKeeperSchemaTests.migrator(previous, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            let minji = try await AdminRepositoryTests.createUser("minji", in: database)
            let hook = WebhookStoreTests.hook(minji)
            #expect(try await database.webhookRepository().createWebhook(hook, secret: "s", limit: 10))
            await #expect(throws: (any Error).self) { try await database.rowCount(of: "webhook_test_sends") }

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            #expect(try await database.webhookRepository().webhooks(userID: minji.id) == [hook])
            #expect(
                try await database.webhookRepository().enqueueTest(
                    Self.test(hook), userID: minji.id, since: Self.since, limit: 5, personLimit: 1) == .queued)
            #expect(
                try await database.webhookRepository().enqueueTest(
                    Self.test(hook), userID: minji.id, since: Self.since, limit: 5, personLimit: 1)
                    == .personLimitReached(oldest: Self.now))
        }
    }
}
