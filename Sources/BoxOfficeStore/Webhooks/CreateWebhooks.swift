import FluentKit
import FluentSQL
import SQLKit

/// Creates `webhooks` (a person's hooks: target, kinds, format, the HMAC secret, the run of failures) and
/// `webhook_deliveries` (each message on its way to a hook: pending with its next attempt and claim, or settled, with
/// the last attempt's status and error — the delivery log). Both go with their user.
struct CreateWebhooks: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateWebhooks" }

    func prepare(on database: any Database) async throws {
        let sql = try database.requireSQL()
        try await database.schema(FluentWebhookRepository.hooks)
            .id()
            .field("user_id", .uuid, .required, .references(DiaryUserModel.schema, .id, onDelete: .cascade))
            .field("url", .string, .required)
            .field("events", .string, .required)
            .field("format", .string, .required)
            .field("secret", .string, .required)
            .field("enabled", .bool, .required)
            .field("consecutive_failures", .int, .required)
            .field("created_at", .datetime, .required)
            .field("disabled_at", .datetime)
            .create()
        try await sql.create(index: "idx_webhooks_user_id").on(FluentWebhookRepository.hooks).column("user_id").run()

        try await database.schema(FluentWebhookRepository.deliveries)
            .id()
            .field(
                "webhook_id", .uuid, .required, .references(FluentWebhookRepository.hooks, .id, onDelete: .cascade)
            )
            .field("message", .string, .required)
            .field("state", .string, .required)
            .field("attempts", .int, .required)
            .field("created_at", .datetime, .required)
            .field("next_attempt_at", .datetime, .required)
            .field("claimed_by", .string)
            .field("claimed_until", .datetime)
            .field("last_attempt_at", .datetime)
            .field("last_status", .int)
            .field("last_error", .string)
            .create()
        try await sql.create(index: "idx_webhook_deliveries_due").on(FluentWebhookRepository.deliveries)
            .column("state").column("next_attempt_at").run()
        try await sql.create(index: "idx_webhook_deliveries_log").on(FluentWebhookRepository.deliveries)
            .column("webhook_id").column("created_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FluentWebhookRepository.deliveries).delete()
        try await database.schema(FluentWebhookRepository.hooks).delete()
    }
}
