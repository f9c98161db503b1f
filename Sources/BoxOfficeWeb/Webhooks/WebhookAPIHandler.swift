import BoxOfficeCore
import Foundation

/// `listWebhooks`, `createWebhook` and `deleteWebhook`: a person's webhooks. The secret is answered once, at creation;
/// another person's webhook does not exist (404).
struct WebhookAPIHandler: Sendable {
    let webhooks: WebhookService

    func listWebhooks(_: Operations.ListWebhooks.Input) async throws -> Operations.ListWebhooks.Output {
        let hooks = try await webhooks.webhooks(userID: try DiaryAPIUser.get().id)
        return .ok(.init(body: .json(.init(webhooks: hooks.map(Components.Schemas.DiaryWebhook.init)))))
    }

    func createWebhook(_ input: Operations.CreateWebhook.Input) async throws -> Operations.CreateWebhook.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let (hook, secret) = try await webhooks.create(
            userID: try DiaryAPIUser.get().id, url: body.url, events: body.events.map(\.rawValue),
            format: body.format?.rawValue)
        return .created(.init(body: .json(.init(hook, secret: secret))))
    }

    func deleteWebhook(_ input: Operations.DeleteWebhook.Input) async throws -> Operations.DeleteWebhook.Output {
        let user = try DiaryAPIUser.get()
        guard let id = UUID(uuidString: input.path.id) else { throw DiaryError.notFound(.webhook(input.path.id)) }
        try await webhooks.delete(id: id, userID: user.id)
        return .noContent(.init())
    }
}

extension Components.Schemas.DiaryWebhook: ExplicitNullEncoding {
    init(_ hook: Webhook) {
        self.init(
            id: hook.id.uuidString, url: hook.url,
            events: hook.events.compactMap { .init(rawValue: $0.rawValue) },
            format: .init(rawValue: hook.format.rawValue) ?? .json, enabled: hook.enabled,
            consecutiveFailures: hook.consecutiveFailures, createdAt: hook.createdAt, disabledAt: hook.disabledAt)
    }
}

extension Components.Schemas.DiaryCreatedWebhook: ExplicitNullEncoding {
    /// The secret is shown here only.
    init(_ hook: Webhook, secret: String) {
        self.init(
            id: hook.id.uuidString, url: hook.url,
            events: hook.events.compactMap { .init(rawValue: $0.rawValue) },
            format: .init(rawValue: hook.format.rawValue) ?? .json, enabled: hook.enabled,
            consecutiveFailures: hook.consecutiveFailures, createdAt: hook.createdAt, disabledAt: hook.disabledAt,
            secret: secret)
    }
}
