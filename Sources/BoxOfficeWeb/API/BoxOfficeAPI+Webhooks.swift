/// The webhooks' operations, behind ``DiaryBearerTokenMiddleware``.
extension BoxOfficeAPI {
    func listWebhooks(_ input: Operations.ListWebhooks.Input) async throws -> Operations.ListWebhooks.Output {
        try await webhooks.listWebhooks(input)
    }

    func createWebhook(_ input: Operations.CreateWebhook.Input) async throws -> Operations.CreateWebhook.Output {
        try await webhooks.createWebhook(input)
    }

    func deleteWebhook(_ input: Operations.DeleteWebhook.Input) async throws -> Operations.DeleteWebhook.Output {
        try await webhooks.deleteWebhook(input)
    }
}
