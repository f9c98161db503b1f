import FluentKit
import SQLKit

/// Creates `webhook_test_sends`: when each person sent a webhook test, kept apart from the hooks so that deleting a
/// hook and making it again does not hand out fresh tests. Rows older than the window are pruned as tests are sent;
/// all of them go with their user.
struct CreateWebhookTestSends: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateWebhookTestSends" }

    func prepare(on database: any Database) async throws {
        try await database.schema(FluentWebhookRepository.testSends)
            .id()
            .field("user_id", .uuid, .required, .references(DiaryUserModel.schema, .id, onDelete: .cascade))
            .field("sent_at", .datetime, .required)
            .create()
        try await database.requireSQL().create(index: "idx_webhook_test_sends_user").on(
            FluentWebhookRepository.testSends
        ).column("user_id").column("sent_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FluentWebhookRepository.testSends).delete()
    }
}
