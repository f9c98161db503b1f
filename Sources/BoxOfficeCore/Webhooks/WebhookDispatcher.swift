public import Foundation

/// Sends the stored deliveries that are due, a few at a time, retrying failures with exponential backoff and turning
/// a hook off after ``Webhook/failureLimit`` failed attempts in a row. Deliveries are rows in the store, claimed by one
/// instance at a time, so they survive a restart and a fleet sends each attempt once.
public struct WebhookDispatcher: Sendable {
    /// Attempts of one delivery before it is given up.
    public static let attemptLimit = 5

    private let repository: any WebhookRepository
    private let transport: any WebhookTransport
    private let calendar: BoxOfficeCalendar
    private let holder: String
    private let concurrency: Int
    /// The wait before attempt `n + 1` after `n` failed ones (tests pass zero).
    private let backoff: @Sendable (Int) -> TimeInterval
    private let reportProblem: @Sendable (String) -> Void

    /// 30 s, 2 min, 8 min, 32 min: a receiver that is down for a while still gets the message.
    public static let defaultBackoff: @Sendable (Int) -> TimeInterval = { failed in
        30 * pow(4, Double(max(0, failed - 1)))
    }

    public init(
        repository: any WebhookRepository, transport: any WebhookTransport, calendar: BoxOfficeCalendar,
        holder: String, concurrency: Int = 4,
        backoff: @escaping @Sendable (Int) -> TimeInterval = WebhookDispatcher.defaultBackoff,
        reportProblem: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.repository = repository
        self.transport = transport
        self.calendar = calendar
        self.holder = holder
        self.concurrency = max(1, concurrency)
        self.backoff = backoff
        self.reportProblem = reportProblem
    }

    /// Sends every delivery due now (claiming them first), at most `concurrency` at once; returns how many it tried.
    @discardableResult
    public func runDue() async -> Int {
        var tried = 0
        while true {
            let now = calendar.currentInstant
            let batch: [WebhookDelivery]
            do {
                batch = try await repository.claimDueDeliveries(
                    now: now, holder: holder, until: now.addingTimeInterval(120), limit: concurrency)
            } catch {
                reportProblem("webhooks: cannot read the deliveries due: \(error)")
                return tried
            }
            guard !batch.isEmpty else { return tried }
            await withTaskGroup(of: Void.self) { group in
                for delivery in batch {
                    group.addTask { await attempt(delivery) }
                }
            }
            tried += batch.count
        }
    }

    /// Seconds until the next pending delivery is due by this dispatcher's clock (`nil`: none is pending).
    public func secondsUntilNextDue() async -> TimeInterval? {
        guard let next = try? await repository.nextDueDate() else { return nil }
        return next.timeIntervalSince(calendar.currentInstant)
    }

    private func attempt(_ delivery: WebhookDelivery) async {
        do {
            guard let found = try await repository.webhookWithSecret(id: delivery.webhookID) else { return }
            let (hook, secret) = found
            let isTest = delivery.message.kind == "test"
            let outcome: WebhookSendOutcome
            if hook.enabled || isTest {
                outcome = await transport.send(delivery.message, format: hook.format, to: hook.url, secret: secret)
            } else {
                outcome = .failed(.turnedOff)
            }
            if case .refused(let problem) = outcome {
                // The reader's log says only "refused"; which address, and why, is for the operator.
                reportProblem("webhooks: hook \(hook.id) refused: \(problem.logDescription)")
            }
            let failedAttempts = delivery.attempts + 1
            // A test is tried once: its owner is looking at the log, and retries would multiply a probe.
            let attempts = isTest ? 1 : Self.attemptLimit
            let retryAt: Date? =
                outcome.isDelivered || failedAttempts >= attempts
                ? nil : calendar.currentInstant.addingTimeInterval(backoff(failedAttempts))
            _ = try await repository.recordAttempt(
                deliveryID: delivery.id, webhookID: hook.id, succeeded: outcome.isDelivered, status: outcome.status,
                error: Self.errorText(outcome), at: calendar.currentInstant, nextAttemptAt: retryAt)
        } catch {
            reportProblem("webhooks: cannot record a delivery attempt: \(error)")
        }
    }

    /// The delivery log's reason for a failed attempt: a summary, never the URL (it may hold a token), an address,
    /// a range or a socket's error text.
    public static func errorText(_ outcome: WebhookSendOutcome) -> String? {
        switch outcome {
        case .delivered: return nil
        case .failed(let failure): return failure.summary
        case .refused(let problem):
            switch problem {
            case .nonPublicAddress: return refusedSummary
            case .unresolvable: return "the host has no address"
            case .notAURL, .notHTTP, .credentialsInURL: return "not a valid target"
            }
        }
    }

    /// The log's words for a target refused for its address.
    public static let refusedSummary = "refused: private or reserved address"
}
