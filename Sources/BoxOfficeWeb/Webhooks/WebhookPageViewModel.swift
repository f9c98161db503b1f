import BoxOfficeCore
import Foundation

/// The account's webhooks page: each hook with its state (and the notice when it was turned off), its test and delete
/// buttons and its delivery log; the form to make one; a new hook's secret, once.
struct WebhookPageViewModel: Sendable {
    struct LogRow: Sendable {
        var time: String
        var kind: String
        var state: String
        var status: String
        var error: String
    }

    struct Hook: Sendable {
        var url: String
        var format: String
        var events: String
        var stateLabel: String
        var turnedOff: Bool
        var testAction: String
        var deleteAction: String
        var log: [LogRow]
        var hasLog: Bool
    }

    struct EventChoice: Sendable {
        var name: String
        var label: String
        var checked: Bool
    }

    struct FormatChoice: Sendable {
        var value: String
        var selected: Bool
    }

    struct Created: Sendable {
        var url: String
        var secret: String
    }

    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var w: WebhookPageStrings
    var nav: DiaryNavViewModel
    var csrf: String
    var flash: String?
    var errors: [String]
    var hasErrors: Bool
    var hooks: [Hook]
    var hasHooks: Bool
    var created: Created?
    var createAction: String
    var formURL: String
    var eventChoices: [EventChoice]
    var formatChoices: [FormatChoice]

    init(
        environment: DiaryPageEnvironment, session: DiarySession, hooks: [(Webhook, [WebhookDelivery])],
        flash: String? = nil, errors: [String] = [], form: NewWebhookForm? = nil, created: Created? = nil
    ) {
        let w = WebhookPageStrings.table(for: environment.language)
        s = environment.strings
        self.w = w
        layout = environment.layout(title: w.title)
        nav = environment.navigation(session, active: .account)
        csrf = session.csrfToken
        self.flash = flash
        self.errors = errors
        hasErrors = !errors.isEmpty
        self.created = created
        createAction = environment.link("/account/webhooks")
        formURL = form?.url ?? ""
        let chosen = Set(form?.events ?? AlertKind.allCases.map(\.rawValue))
        eventChoices = AlertKind.allCases.map {
            EventChoice(name: "event_\($0.rawValue)", label: w.alertKind($0), checked: chosen.contains($0.rawValue))
        }
        let format = form?.format ?? WebhookFormat.json.rawValue
        formatChoices = WebhookFormat.allCases.map { FormatChoice(value: $0.rawValue, selected: $0.rawValue == format) }
        self.hooks = hooks.map { hook, deliveries in
            let id = hook.id.uuidString
            return Hook(
                url: hook.url, format: hook.format.rawValue,
                events: hook.events.map(w.alertKind).joined(separator: ", "),
                stateLabel: hook.enabled ? w.on : w.off, turnedOff: !hook.enabled,
                testAction: environment.link("/account/webhooks/\(id)/test"),
                deleteAction: environment.link("/account/webhooks/\(id)/delete"),
                log: deliveries.map { delivery in
                    LogRow(
                        time: DiaryFormatting.minute(delivery.lastAttemptAt ?? delivery.createdAt),
                        kind: delivery.message.kind, state: w.state(delivery.state, attempts: delivery.attempts),
                        status: delivery.lastStatus.map(String.init) ?? "–", error: w.deliveryError(delivery.lastError))
                },
                hasLog: !deliveries.isEmpty)
        }
        hasHooks = !hooks.isEmpty
    }
}
