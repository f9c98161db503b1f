public import Foundation

/// A person's webhooks: made with a checked target and a secret shown once, listed, deleted, tested, and fed with
/// the person's new alerts (as ``AlertListener``). Deliveries are stored first and sent by ``WebhookDispatcher``, so
/// they survive a restart.
public struct WebhookService: AlertListener {
    /// How many deliveries a hook's log shows.
    public static let logLength = 20
    /// Tests one hook may be sent within ``testWindow``: enough to try a receiver, too few to scan ports with.
    public static let testsPerWindow = 5
    /// Tests one person may send within ``testWindow`` over all their hooks (deleting a hook gives none back).
    public static let testsPerPersonPerWindow = 20
    public static let testWindow: TimeInterval = 3600

    private let repository: any WebhookRepository
    /// The server-side request forgery check of a new hook's URL.
    private let policy: any WebhookTargetChecker
    private let wording: any WebhookWording
    private let calendar: BoxOfficeCalendar
    /// Wakes the dispatcher when a delivery is stored.
    private let wake: @Sendable () -> Void
    /// Tells the operator why a target was refused (the address and its kind, which readers are never told).
    private let reportRefusal: @Sendable (String) -> Void

    public init(
        repository: any WebhookRepository, policy: any WebhookTargetChecker, wording: any WebhookWording,
        calendar: BoxOfficeCalendar, wake: @escaping @Sendable () -> Void = {},
        reportRefusal: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.repository = repository
        self.policy = policy
        self.wording = wording
        self.calendar = calendar
        self.wake = wake
        self.reportRefusal = reportRefusal
    }

    /// Makes a hook for `userID`: `url` normalised and checked against server-side request forgery (the
    /// ``WebhookTargetChecker``), at least one known event kind, a known format, and fewer than
    /// ``Webhook/perPersonLimit`` hooks already. The normalised URL is stored. Returns the hook with its secret, the only time the secret is shown.
    public func create(userID: UUID, url: String, events: [String], format: String?) async throws
        -> (hook: Webhook, secret: String)
    {
        guard try await repository.webhooks(userID: userID).count < Webhook.perPersonLimit else {
            throw BoxOfficeError.invalid(InputProblem(nil, .tooManyWebhooks(limit: Webhook.perPersonLimit)))
        }
        let targetURL: String
        do throws(WebhookTargetProblem) {
            targetURL = try await policy.checkedURL(url)
        } catch {
            if case .nonPublicAddress = error { reportRefusal("webhooks: a new hook refused: \(error.logDescription)") }
            throw BoxOfficeError.invalid(InputProblem("url", .webhookTarget(error), value: url))
        }
        guard !events.isEmpty else { throw BoxOfficeError.invalid(InputProblem("events", .notEmpty)) }
        var kinds: [AlertKind] = []
        for event in events {
            guard let kind = AlertKind(rawValue: event) else {
                throw BoxOfficeError.invalid(
                    InputProblem("events", .oneOf(AlertKind.allCases.map(\.rawValue)), value: event))
            }
            kinds.append(kind)
        }
        let chosenFormat: WebhookFormat
        if let format {
            guard let parsed = WebhookFormat(rawValue: format) else {
                throw BoxOfficeError.invalid(
                    InputProblem("format", .oneOf(WebhookFormat.allCases.map(\.rawValue)), value: format))
            }
            chosenFormat = parsed
        } else {
            chosenFormat = .json
        }
        let hook = Webhook(
            id: UUID(), userID: userID, url: targetURL, events: kinds, format: chosenFormat,
            createdAt: calendar.currentInstant)
        let secret = SecretToken.generate(prefix: "whsec_")
        // Counted above for a quick answer; decided here, where two creates at once cannot both pass.
        guard try await repository.createWebhook(hook, secret: secret, limit: Webhook.perPersonLimit) else {
            throw BoxOfficeError.invalid(InputProblem(nil, .tooManyWebhooks(limit: Webhook.perPersonLimit)))
        }
        return (hook, secret)
    }

    public func webhooks(userID: UUID) async throws -> [Webhook] {
        try await repository.webhooks(userID: userID)
    }

    /// Deletes the user's hook; another person's (or none) is not found.
    public func delete(id: UUID, userID: UUID) async throws {
        guard try await repository.deleteWebhook(id: id, userID: userID) else {
            throw DiaryError.notFound(.webhook(id.uuidString))
        }
    }

    /// The hook's latest deliveries, newest first; another person's hook is not found.
    public func deliveries(webhookID: UUID, userID: UUID) async throws -> [WebhookDelivery] {
        guard try await repository.webhook(id: webhookID, userID: userID) != nil else {
            throw DiaryError.notFound(.webhook(webhookID.uuidString))
        }
        return try await repository.deliveries(webhookID: webhookID, userID: userID, limit: Self.logLength)
    }

    /// Queues a test message for the user's hook (also a turned-off one, to see whether it works again), at most
    /// ``testsPerWindow`` per hook and ``testsPerPersonPerWindow`` per person within ``testWindow``; throws
    /// ``WebhookTestLimitReached`` past either.
    public func sendTest(webhookID: UUID, userID: UUID) async throws {
        let now = calendar.currentInstant
        let delivery = WebhookDelivery(
            id: UUID(), webhookID: webhookID, message: wording.testMessage(), createdAt: now, nextAttemptAt: now)
        switch try await repository.enqueueTest(
            delivery, userID: userID, since: now.addingTimeInterval(-Self.testWindow), limit: Self.testsPerWindow,
            personLimit: Self.testsPerPersonPerWindow)
        {
        case .queued:
            wake()
        case .noSuchWebhook:
            throw DiaryError.notFound(.webhook(webhookID.uuidString))
        case .limitReached(let oldest):
            throw WebhookTestLimitReached(scope: .hook, retryAfterSeconds: retryAfter(oldest, now: now))
        case .personLimitReached(let oldest):
            throw WebhookTestLimitReached(scope: .person, retryAfterSeconds: retryAfter(oldest, now: now))
        }
    }

    /// Seconds until the oldest counted test leaves the window: 1 at least, the window at most.
    private func retryAfter(_ oldest: Date, now: Date) -> Int {
        let wait = oldest.addingTimeInterval(Self.testWindow).timeIntervalSince(now)
        return Int(min(max(wait.rounded(.up), 1), Self.testWindow))
    }

    /// Queues a delivery of each new alert to each of its person's enabled hooks that take its kind.
    public func alertsStored(_ alerts: [Alert]) async {
        do {
            let hooks = try await repository.enabledWebhooks(userIDs: Set(alerts.map(\.userID)))
            let now = calendar.currentInstant
            var deliveries: [WebhookDelivery] = []
            for alert in alerts {
                for (hook, _) in hooks where hook.userID == alert.userID && hook.events.contains(alert.kind) {
                    deliveries.append(
                        WebhookDelivery(
                            id: UUID(), webhookID: hook.id, message: wording.message(for: alert), createdAt: now,
                            nextAttemptAt: now))
                }
            }
            guard !deliveries.isEmpty else { return }
            try await repository.enqueue(deliveries)
            wake()
        } catch {
            // The alerts are stored and shown in the app; only their webhook copies are lost. The dispatcher's
            // problem report says why.
        }
    }
}

/// "Send a test" was pressed more than ``WebhookService/testsPerWindow`` times within ``WebhookService/testWindow``
/// for one hook, or ``WebhookService/testsPerPersonPerWindow`` times for all of a person's (HTTP 429 with
/// `Retry-After`).
public struct WebhookTestLimitReached: Error, Hashable, Sendable {
    /// Whose limit was reached.
    public enum Scope: Hashable, Sendable {
        case hook, person
    }

    public let scope: Scope
    public let retryAfterSeconds: Int

    public init(scope: Scope, retryAfterSeconds: Int) {
        self.scope = scope
        self.retryAfterSeconds = retryAfterSeconds
    }
}
