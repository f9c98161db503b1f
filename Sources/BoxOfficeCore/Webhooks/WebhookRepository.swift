public import Foundation

/// Stores webhooks and their deliveries. Reads and changes of hooks are scoped to one user; deliveries are claimed
/// by one instance at a time, so a fleet sends each attempt once.
public protocol WebhookRepository: Sendable {
    /// Stores `hook` unless its user has `limit` hooks already (`false`), deciding in one step, so two creates at
    /// once cannot both pass the limit.
    func createWebhook(_ hook: Webhook, secret: String, limit: Int) async throws -> Bool
    /// The user's hooks, oldest first.
    func webhooks(userID: UUID) async throws -> [Webhook]
    func webhook(id: UUID, userID: UUID) async throws -> Webhook?
    /// Deletes the user's hook and its deliveries; `false` when the user has no such hook.
    func deleteWebhook(id: UUID, userID: UUID) async throws -> Bool
    /// The enabled hooks of these users, each with its secret.
    func enabledWebhooks(userIDs: Set<UUID>) async throws -> [(hook: Webhook, secret: String)]
    /// A hook and its secret, for a delivery or a test.
    func webhookWithSecret(id: UUID) async throws -> (hook: Webhook, secret: String)?

    func enqueue(_ deliveries: [WebhookDelivery]) async throws
    /// Queues `delivery`, a test of the user's hook, unless that hook has `limit` test deliveries made after
    /// `since`, or the user sent `personLimit` tests after it to any hook, deleted ones included: decided under the
    /// user's lock on the database, so tests sent at once (by any instance) cannot pass a limit together.
    func enqueueTest(_ delivery: WebhookDelivery, userID: UUID, since: Date, limit: Int, personLimit: Int) async throws
        -> WebhookTestQueueing
    /// Claims up to `limit` pending deliveries due at `now` that no other holder has claimed (or whose claim ran
    /// out), for `holder` until `until`, soonest due first.
    func claimDueDeliveries(now: Date, holder: String, until: Date, limit: Int) async throws -> [WebhookDelivery]
    /// When the next pending delivery is due, if any is pending.
    func nextDueDate() async throws -> Date?
    /// Records an attempt: the delivery's new state (pending again with `nextAttemptAt` for a retry) and the hook's
    /// run of failures (reset by a success). A hook reaching ``Webhook/failureLimit`` failures in a row is turned off
    /// and its pending deliveries fail. When the delivery settles, the hook's log is pruned: settled deliveries
    /// beyond the newest ``Webhook/deliveryLogLimit``, or older than ``Webhook/deliveryLogDays`` days before `at`, are
    /// deleted. Returns the hook as it is now.
    func recordAttempt(
        deliveryID: UUID, webhookID: UUID, succeeded: Bool, status: Int?, error: String?, at: Date,
        nextAttemptAt: Date?
    ) async throws -> Webhook?
    /// The hook's latest deliveries, newest first.
    func deliveries(webhookID: UUID, userID: UUID, limit: Int) async throws -> [WebhookDelivery]
}

/// What became of a test to queue.
public enum WebhookTestQueueing: Hashable, Sendable {
    case queued
    /// The user has no such hook.
    case noSuchWebhook
    /// The hook had its tests for the window; `oldest` is when the oldest of them was made.
    case limitReached(oldest: Date)
    /// The person had their tests for the window, over all their hooks; `oldest` as above.
    case personLimitReached(oldest: Date)
}
