public import Foundation

/// A person's webhook: where their alerts of the chosen kinds go, in which format. Its secret (the HMAC key of the
/// signatures) is stored beside it but never part of this value: it is shown once, when the hook is made.
public struct Webhook: Identifiable, Hashable, Sendable {
    /// Failed attempts in a row after which a hook is turned off.
    public static let failureLimit = 10
    /// Hooks one person may have: more would only multiply one person's outgoing requests.
    public static let perPersonLimit = 10
    /// Settled deliveries (delivered or given up) kept per hook for its log; older ones are deleted as new ones
    /// settle.
    public static let deliveryLogLimit = 100
    /// Days a settled delivery is kept at most.
    public static let deliveryLogDays = 30

    public var id: UUID
    public var userID: UUID
    public var url: String
    /// The alert kinds it receives, in ``AlertKind`` order.
    public var events: [AlertKind]
    public var format: WebhookFormat
    /// `false` once it failed ``failureLimit`` times in a row (the account page says so).
    public var enabled: Bool
    public var consecutiveFailures: Int
    public var createdAt: Date
    public var disabledAt: Date?

    public init(
        id: UUID, userID: UUID, url: String, events: [AlertKind], format: WebhookFormat, enabled: Bool = true,
        consecutiveFailures: Int = 0, createdAt: Date, disabledAt: Date? = nil
    ) {
        self.id = id
        self.userID = userID
        self.url = url
        self.events = AlertKind.allCases.filter(Set(events).contains)
        self.format = format
        self.enabled = enabled
        self.consecutiveFailures = consecutiveFailures
        self.createdAt = createdAt
        self.disabledAt = disabledAt
    }
}

/// One message on its way to one webhook, with what became of it so far: the rows of a hook's delivery log.
public struct WebhookDelivery: Identifiable, Hashable, Sendable {
    public enum State: String, Hashable, Sendable {
        /// Waiting for its (next) attempt.
        case pending
        case delivered
        /// Out of attempts, or its hook was turned off.
        case failed
    }

    public var id: UUID
    public var webhookID: UUID
    public var message: WebhookMessage
    public var state: State
    public var attempts: Int
    public var createdAt: Date
    public var nextAttemptAt: Date
    public var lastAttemptAt: Date?
    /// The HTTP status of the last answer, if there was one.
    public var lastStatus: Int?
    /// Why the last attempt failed, if it did.
    public var lastError: String?

    public init(
        id: UUID, webhookID: UUID, message: WebhookMessage, state: State = .pending, attempts: Int = 0,
        createdAt: Date, nextAttemptAt: Date, lastAttemptAt: Date? = nil, lastStatus: Int? = nil,
        lastError: String? = nil
    ) {
        self.id = id
        self.webhookID = webhookID
        self.message = message
        self.state = state
        self.attempts = attempts
        self.createdAt = createdAt
        self.nextAttemptAt = nextAttemptAt
        self.lastAttemptAt = lastAttemptAt
        self.lastStatus = lastStatus
        self.lastError = lastError
    }
}
