public import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Webhooks and their deliveries in `webhooks` and `webhook_deliveries`, shared by every instance on the database.
/// A delivery is claimed with one conditional update (only rows still pending and unclaimed, re-checked by the
/// database on the row it updates), so two instances never send the same attempt.
struct FluentWebhookRepository: WebhookRepository {
    let database: any Database

    static let hooks = "webhooks"
    static let deliveries = "webhook_deliveries"
    static let testSends = "webhook_test_sends"
    private static let hookColumns = [
        "id", "user_id", "url", "events", "format", "enabled", "consecutive_failures", "created_at", "disabled_at",
    ]
    private static let deliveryColumns = [
        "id", "webhook_id", "message", "state", "attempts", "created_at", "next_attempt_at", "last_attempt_at",
        "last_status", "last_error",
    ]

    func createWebhook(_ hook: Webhook, secret: String, limit: Int) async throws -> Bool {
        try await StorageFailure.run("store a webhook", logger: database.logger) {
            try await database.transaction { transaction in
                // Two creates of one person queue here, so the second counts the first's hook.
                try await DiaryUserLock.hold(userID: hook.userID, on: transaction)
                let sql = try transaction.requireSQL()
                let values = [
                    SQLBind(hook.id), SQLBind(hook.userID), SQLBind(hook.url),
                    SQLBind(hook.events.map(\.rawValue).joined(separator: ",")), SQLBind(hook.format.rawValue),
                    SQLBind(hook.enabled), SQLBind(hook.consecutiveFailures), SQLBind(hook.createdAt),
                    SQLBind(hook.disabledAt), SQLBind(secret),
                ]
                let row = try await sql.raw(
                    """
                    INSERT INTO \(ident: Self.hooks) (\(SQLList((Self.hookColumns + ["secret"]).map { SQLIdentifier($0) })))
                    SELECT \(SQLList(values)) WHERE (SELECT COUNT(*) FROM \(ident: Self.hooks) WHERE user_id = \(bind: hook.userID)) < \(bind: limit)
                    RETURNING id
                    """
                ).first()
                return row != nil
            }
        }
    }

    func webhooks(userID: UUID) async throws -> [Webhook] {
        try await StorageFailure.run("read webhooks", logger: database.logger) {
            try await database.requireSQL().select().columns(Self.hookColumns).from(Self.hooks)
                .where("user_id", .equal, userID).orderBy("created_at").orderBy("id")
                .all().map(Self.hook)
        }
    }

    func webhook(id: UUID, userID: UUID) async throws -> Webhook? {
        try await StorageFailure.run("read a webhook", logger: database.logger) {
            try await database.requireSQL().select().columns(Self.hookColumns).from(Self.hooks)
                .where("id", .equal, id).where("user_id", .equal, userID)
                .first().map(Self.hook)
        }
    }

    func deleteWebhook(id: UUID, userID: UUID) async throws -> Bool {
        try await StorageFailure.run("delete a webhook", logger: database.logger) {
            try await database.transaction { transaction in
                let sql = try transaction.requireSQL()
                let rows = try await sql.raw(
                    """
                    DELETE FROM \(ident: Self.hooks) WHERE id = \(bind: id) AND user_id = \(bind: userID) RETURNING id
                    """
                ).all()
                guard !rows.isEmpty else { return false }
                // Also where the database does not enforce the foreign key.
                try await sql.delete(from: Self.deliveries).where("webhook_id", .equal, id).run()
                return true
            }
        }
    }

    func enabledWebhooks(userIDs: Set<UUID>) async throws -> [(hook: Webhook, secret: String)] {
        guard !userIDs.isEmpty else { return [] }
        return try await StorageFailure.run("read webhooks to deliver to", logger: database.logger) {
            try await database.requireSQL().select().columns(Self.hookColumns + ["secret"]).from(Self.hooks)
                .where("user_id", .in, Array(userIDs)).where("enabled", .equal, true)
                .all().map { (hook: try Self.hook($0), secret: try $0.decode(column: "secret", as: String.self)) }
        }
    }

    func webhookWithSecret(id: UUID) async throws -> (hook: Webhook, secret: String)? {
        try await StorageFailure.run("read a webhook to deliver to", logger: database.logger) {
            try await database.requireSQL().select().columns(Self.hookColumns + ["secret"]).from(Self.hooks)
                .where("id", .equal, id)
                .first().map { (hook: try Self.hook($0), secret: try $0.decode(column: "secret", as: String.self)) }
        }
    }

    func enqueue(_ deliveries: [WebhookDelivery]) async throws {
        guard !deliveries.isEmpty else { return }
        try await StorageFailure.run("queue webhook deliveries", logger: database.logger) {
            let sql = try database.requireSQL()
            var waiting = deliveries
            // A hook (or its person) deleted since the deliveries were made: the others' still go. Another may go
            // between the look and the insert, so a few rounds; each drops at least the hooks deleted before it.
            for round in 1...3 {
                do {
                    return try await Self.insert(waiting, on: sql)
                } catch let error as any DatabaseError where error.isConstraintFailure && round < 3 {
                    let ids = Array(Set(waiting.map(\.webhookID)))
                    let live = Set(
                        try await sql.select().column("id").from(Self.hooks).where("id", .in, ids).all()
                            .map { try $0.decode(column: "id", as: UUID.self) })
                    waiting = waiting.filter { live.contains($0.webhookID) }
                }
            }
        }
    }

    private static func insert(_ deliveries: [WebhookDelivery], on sql: any SQLDatabase) async throws {
        guard !deliveries.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var insert = sql.insert(into: Self.deliveries).columns(Self.deliveryColumns)
        for delivery in deliveries {
            let message = String(decoding: try encoder.encode(delivery.message), as: UTF8.self)
            insert = insert.values(
                SQLBind(delivery.id), SQLBind(delivery.webhookID), SQLBind(message),
                SQLBind(delivery.state.rawValue), SQLBind(delivery.attempts), SQLBind(delivery.createdAt),
                SQLBind(delivery.nextAttemptAt), SQLBind(delivery.lastAttemptAt), SQLBind(delivery.lastStatus),
                SQLBind(delivery.lastError))
        }
        try await insert.run()
    }

    func enqueueTest(_ delivery: WebhookDelivery, userID: UUID, since: Date, limit: Int, personLimit: Int) async throws
        -> WebhookTestQueueing
    {
        try await StorageFailure.run("queue a webhook test", logger: database.logger) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let message = String(decoding: try encoder.encode(delivery.message), as: UTF8.self)
            return try await database.transaction { transaction in
                // One person's tests queue on their account row (PostgreSQL; SQLite has one writer), so both limits
                // below are decided in turn, whichever instance sends them.
                try await DiaryUserLock.hold(userID: userID, on: transaction)
                let sql = try transaction.requireSQL()
                // The hook's row too, so a delete of it waits for this test (or this test sees it gone).
                let lock = sql.dialect.name == "postgresql" ? " FOR UPDATE" : ""
                let owned = try await sql.raw(
                    """
                    SELECT id FROM \(ident: Self.hooks) WHERE id = \(bind: delivery.webhookID) AND user_id = \(bind: userID)\(unsafeRaw: lock)
                    """
                ).first()
                guard owned != nil else { return .noSuchWebhook }
                try await sql.delete(from: Self.testSends).where("user_id", .equal, SQLBind(userID))
                    .where("sent_at", .lessThanOrEqual, SQLBind(since)).run()
                let sent = try await sql.select().column("sent_at").from(Self.testSends)
                    .where("user_id", .equal, SQLBind(userID)).orderBy("sent_at").all()
                    .map { try $0.decode(column: "sent_at", as: Date.self) }
                if sent.count >= personLimit { return .personLimitReached(oldest: sent.first ?? delivery.createdAt) }
                let values = [
                    SQLBind(delivery.id), SQLBind(delivery.webhookID), SQLBind(message),
                    SQLBind(delivery.state.rawValue), SQLBind(delivery.attempts), SQLBind(delivery.createdAt),
                    SQLBind(delivery.nextAttemptAt), SQLBind(delivery.lastAttemptAt), SQLBind(delivery.lastStatus),
                    SQLBind(delivery.lastError),
                ]
                let inserted = try await sql.raw(
                    """
                    INSERT INTO \(ident: Self.deliveries) (\(SQLList(Self.deliveryColumns.map { SQLIdentifier($0) })))
                    SELECT \(SQLList(values)) WHERE (\(Self.recentTests(delivery.webhookID, since: since, count: true))) < \(bind: limit)
                    RETURNING id
                    """
                ).first()
                if inserted != nil {
                    try await sql.insert(into: Self.testSends).columns("id", "user_id", "sent_at")
                        .values(SQLBind(UUID()), SQLBind(userID), SQLBind(delivery.createdAt)).run()
                    return .queued
                }
                let oldest = try await sql.raw(
                    "\(Self.recentTests(delivery.webhookID, since: since, count: false))"
                ).first()?.decode(column: "created_at", as: Date.self)
                return .limitReached(oldest: oldest ?? delivery.createdAt)
            }
        }
    }

    /// The hook's test deliveries made after `since` (the message's JSON is written with sorted keys by this type,
    /// and `"kind":"test"` cannot occur inside an escaped value): their count, or the oldest's `created_at`.
    private static func recentTests(_ webhookID: UUID, since: Date, count: Bool) -> SQLQueryString {
        let test = "%\"kind\":\"test\"%"
        let what: SQLQueryString = count ? "SELECT COUNT(*)" : "SELECT created_at"
        let order: SQLQueryString = count ? "" : " ORDER BY created_at LIMIT 1"
        return """
            \(what) FROM \(ident: Self.deliveries) WHERE webhook_id = \(bind: webhookID) AND created_at > \(bind: since) AND message LIKE \(bind: test)\(order)
            """
    }

    func claimDueDeliveries(now: Date, holder: String, until: Date, limit: Int) async throws -> [WebhookDelivery] {
        try await StorageFailure.run("claim webhook deliveries", logger: database.logger) {
            let pending = WebhookDelivery.State.pending.rawValue
            let rows = try await database.requireSQL().raw(
                """
                UPDATE \(ident: Self.deliveries) SET claimed_by = \(bind: holder), claimed_until = \(bind: until)
                WHERE id IN (
                    SELECT id FROM \(ident: Self.deliveries)
                    WHERE state = \(bind: pending) AND next_attempt_at <= \(bind: now)
                        AND (claimed_until IS NULL OR claimed_until <= \(bind: now))
                    ORDER BY next_attempt_at LIMIT \(bind: limit))
                AND state = \(bind: pending) AND (claimed_until IS NULL OR claimed_until <= \(bind: now))
                RETURNING id, webhook_id, message, state, attempts, created_at, next_attempt_at, last_attempt_at,
                    last_status, last_error
                """
            ).all()
            return try rows.map(Self.delivery).sorted { $0.nextAttemptAt < $1.nextAttemptAt }
        }
    }

    func nextDueDate() async throws -> Date? {
        try await StorageFailure.run("read the next webhook delivery", logger: database.logger) {
            try await database.requireSQL().select().column("next_attempt_at").from(Self.deliveries)
                .where("state", .equal, WebhookDelivery.State.pending.rawValue)
                .orderBy("next_attempt_at").limit(1)
                .first()?.decode(column: "next_attempt_at", as: Date.self)
        }
    }

    func recordAttempt(
        deliveryID: UUID, webhookID: UUID, succeeded: Bool, status: Int?, error: String?, at: Date,
        nextAttemptAt: Date?
    ) async throws -> Webhook? {
        try await StorageFailure.run("record a webhook delivery attempt", logger: database.logger) {
            try await database.transaction { transaction in
                let sql = try transaction.requireSQL()
                // The hook's row before its deliveries', the order every writer of both takes (a hook's or its
                // person's deletion too), so none of them waits on another crosswise.
                if sql.dialect.name == "postgresql" {
                    try await sql.raw("SELECT id FROM \(ident: Self.hooks) WHERE id = \(bind: webhookID) FOR UPDATE")
                        .run()
                }
                let state: WebhookDelivery.State = succeeded ? .delivered : nextAttemptAt == nil ? .failed : .pending
                var update = sql.update(Self.deliveries)
                    .set(SQLIdentifier("attempts"), to: SQLRaw("attempts + 1"))
                    .set("state", to: state.rawValue)
                    .set("last_attempt_at", to: at)
                    .set("last_status", to: status)
                    .set("last_error", to: error)
                    .set("claimed_by", to: SQLLiteral.null)
                    .set("claimed_until", to: SQLLiteral.null)
                if let nextAttemptAt { update = update.set("next_attempt_at", to: nextAttemptAt) }
                try await update.where("id", .equal, deliveryID).run()
                if succeeded {
                    // A success (a test, say) ends a run of failures and turns a turned-off hook on again.
                    try await sql.update(Self.hooks).set("consecutive_failures", to: 0).set("enabled", to: true)
                        .set("disabled_at", to: SQLLiteral.null).where("id", .equal, webhookID).run()
                } else {
                    try await sql.update(Self.hooks)
                        .set(SQLIdentifier("consecutive_failures"), to: SQLRaw("consecutive_failures + 1"))
                        .where("id", .equal, webhookID).run()
                    let turnedOff = try await sql.raw(
                        """
                        UPDATE \(ident: Self.hooks) SET enabled = \(bind: false), disabled_at = \(bind: at)
                        WHERE id = \(bind: webhookID) AND enabled = \(bind: true)
                            AND consecutive_failures >= \(bind: Webhook.failureLimit)
                        RETURNING id
                        """
                    ).all()
                    if !turnedOff.isEmpty {
                        try await sql.update(Self.deliveries).set("state", to: WebhookDelivery.State.failed.rawValue)
                            .set("last_error", to: "the webhook is turned off")
                            .where("webhook_id", .equal, webhookID)
                            .where("state", .equal, WebhookDelivery.State.pending.rawValue)
                            .run()
                    }
                }
                if state != .pending { try await Self.pruneLog(webhookID: webhookID, now: at, on: sql) }
                return try await sql.select().columns(Self.hookColumns).from(Self.hooks).where("id", .equal, webhookID)
                    .first().map(Self.hook)
            }
        }
    }

    /// Deletes the hook's settled deliveries past the newest ``Webhook/deliveryLogLimit`` or older than
    /// ``Webhook/deliveryLogDays`` days: one statement, through the `(webhook_id, created_at)` index.
    static func pruneLog(webhookID: UUID, now: Date, on sql: any SQLDatabase) async throws {
        let pending = WebhookDelivery.State.pending.rawValue
        let cutoff = now.addingTimeInterval(-Double(Webhook.deliveryLogDays) * 86_400)
        try await sql.raw(
            """
            DELETE FROM \(ident: Self.deliveries)
            WHERE webhook_id = \(bind: webhookID) AND state <> \(bind: pending)
                AND (created_at < \(bind: cutoff) OR id NOT IN (
                    SELECT id FROM \(ident: Self.deliveries)
                    WHERE webhook_id = \(bind: webhookID) AND state <> \(bind: pending)
                    ORDER BY created_at DESC, id DESC LIMIT \(literal: Webhook.deliveryLogLimit)))
            """
        ).run()
    }

    func deliveries(webhookID: UUID, userID: UUID, limit: Int) async throws -> [WebhookDelivery] {
        guard try await webhook(id: webhookID, userID: userID) != nil else { return [] }
        return try await StorageFailure.run("read a webhook's deliveries", logger: database.logger) {
            try await database.requireSQL().select().columns(Self.deliveryColumns).from(Self.deliveries)
                .where("webhook_id", .equal, webhookID)
                .orderBy("created_at", .descending).orderBy("id", .descending)
                .limit(limit)
                .all().map(Self.delivery)
        }
    }

    private static func hook(_ row: any SQLRow) throws -> Webhook {
        let events = try row.decode(column: "events", as: String.self).split(separator: ",")
            .compactMap { AlertKind(rawValue: String($0)) }
        let formatName = try row.decode(column: "format", as: String.self)
        return Webhook(
            id: try row.decode(column: "id", as: UUID.self), userID: try row.decode(column: "user_id", as: UUID.self),
            url: try row.decode(column: "url", as: String.self), events: events,
            format: WebhookFormat(rawValue: formatName) ?? .json,
            enabled: try row.decode(column: "enabled", as: Bool.self),
            consecutiveFailures: try row.decode(column: "consecutive_failures", as: Int.self),
            createdAt: DiaryTime.normalized(try row.decode(column: "created_at", as: Date.self)),
            disabledAt: try row.decode(column: "disabled_at", as: Date?.self).map(DiaryTime.normalized))
    }

    private static func delivery(_ row: any SQLRow) throws -> WebhookDelivery {
        let message = try JSONDecoder().decode(
            WebhookMessage.self, from: Data(try row.decode(column: "message", as: String.self).utf8))
        return WebhookDelivery(
            id: try row.decode(column: "id", as: UUID.self),
            webhookID: try row.decode(column: "webhook_id", as: UUID.self), message: message,
            state: WebhookDelivery.State(rawValue: try row.decode(column: "state", as: String.self)) ?? .failed,
            attempts: try row.decode(column: "attempts", as: Int.self),
            createdAt: DiaryTime.normalized(try row.decode(column: "created_at", as: Date.self)),
            nextAttemptAt: try row.decode(column: "next_attempt_at", as: Date.self),
            lastAttemptAt: try row.decode(column: "last_attempt_at", as: Date?.self),
            lastStatus: try row.decode(column: "last_status", as: Int?.self),
            lastError: try row.decode(column: "last_error", as: String?.self))
    }
}

extension BoxOfficeDatabase {
    /// Webhooks and their deliveries, shared by every instance on this database.
    public func webhookRepository() -> any WebhookRepository {
        FluentWebhookRepository(database: database)
    }
}
