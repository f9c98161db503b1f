import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// `GET /account/webhooks`; `POST /account/webhooks` (makes one and shows its secret once);
/// `POST /account/webhooks/{id}/test` (queues a test message; past 5 an hour for the hook, the page again with 429,
/// `Retry-After` and the reason); `POST /account/webhooks/{id}/delete`. Another person's
/// hook, or anything that is not an id, is a 404.
struct WebhookPageController<Context: DiarySessionContext>: Sendable {
    let webhooks: WebhookService
    let site: PageSite
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("account/webhooks") { request, context in
            let environment = DiaryPageEnvironment(request: request, site: site)
            let w = WebhookPageStrings.table(for: environment.language)
            let flash: String?
            switch request.formParameters.nonEmpty("done") {
            case "test": flash = w.testQueued
            case "deleted": flash = w.deleted
            default: flash = nil
            }
            return try await render(environment, session: try context.requireSession(), flash: flash)
        }
        group.post("account/webhooks") { request, context in
            let environment = DiaryPageEnvironment(request: request, site: site)
            let session = try context.requireSession()
            let form = try context.form.decode(NewWebhookForm.self)
            do {
                let (hook, secret) = try await webhooks.create(
                    userID: session.user.id, url: form.url, events: form.events, format: form.format)
                // Shown here, once: the page is not stored and a reload does not show it again.
                return try await render(environment, session: session, created: .init(url: hook.url, secret: secret))
            } catch BoxOfficeError.invalid(let problem) {
                return try await render(
                    environment, session: session, errors: [ReasonText(environment.language).input(problem)],
                    form: form, status: .badRequest)
            }
        }
        group.post("account/webhooks/{id}/test") { request, context in
            let session = try context.requireSession()
            let environment = DiaryPageEnvironment(request: request, site: site)
            do {
                try await webhooks.sendTest(webhookID: try Self.id(context), userID: session.user.id)
            } catch let limit as WebhookTestLimitReached {
                let words = WebhookPageStrings.table(for: environment.language).testLimit(limit)
                var response = try await render(
                    environment, session: session, errors: [words], status: .tooManyRequests)
                response.headers[.retryAfter] = String(limit.retryAfterSeconds)
                return response
            }
            return environment.redirect("/account/webhooks", [("done", "test")])
        }
        group.post("account/webhooks/{id}/delete") { request, context in
            let session = try context.requireSession()
            try await webhooks.delete(id: try Self.id(context), userID: session.user.id)
            return DiaryPageEnvironment(request: request, site: site).redirect(
                "/account/webhooks", [("done", "deleted")])
        }
    }

    private static func id(_ context: Context) throws -> UUID {
        let text = context.parameters.get("id") ?? ""
        guard let id = UUID(uuidString: text) else { throw DiaryError.notFound(.webhook(text)) }
        return id
    }

    private func render(
        _ environment: DiaryPageEnvironment, session: DiarySession, flash: String? = nil, errors: [String] = [],
        form: NewWebhookForm? = nil, created: WebhookPageViewModel.Created? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        var hooks: [(Webhook, [WebhookDelivery])] = []
        for hook in try await webhooks.webhooks(userID: session.user.id) {
            hooks.append((hook, try await webhooks.deliveries(webhookID: hook.id, userID: session.user.id)))
        }
        let viewModel = WebhookPageViewModel(
            environment: environment, session: session, hooks: hooks, flash: flash, errors: errors, form: form,
            created: created)
        return try renderer.render(viewModel, template: "diary_webhooks", status: status)
    }
}
