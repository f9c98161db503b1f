public import Foundation

/// The daily digest for a group's chat (`BOXOFFICE_DIGEST_WEBHOOK`): yesterday's top 10 with rank changes, sent once
/// per day across the fleet, once the keeper's morning fetch has stored yesterday's chart.
///
/// Once per day: the sender takes the lease `digest:<day>` for a few minutes, sends, and then holds it for three
/// days, so no other instance (nor this one) sends that day again; a failed send lets the lease go for a later try.
public struct DigestService: Sendable {
    /// How long one try holds the day's lease before it is sent or given up.
    public static let tryLease: TimeInterval = 600
    /// How long a sent day's lease is kept (past the day, so a late instance never sends it again).
    public static let sentLease: TimeInterval = 3 * 86_400

    private let url: String
    private let format: WebhookFormat
    private let charts: any ChartRepository
    private let leases: any LeaseStore
    private let transport: any WebhookTransport
    private let wording: any WebhookWording
    private let calendar: BoxOfficeCalendar
    private let holder: String
    /// The keeper's morning hour (KST): a chart of yesterday fetched before it is the night's partial count.
    private let morningHour: Int

    public init(
        url: String, format: WebhookFormat, charts: any ChartRepository, leases: any LeaseStore,
        transport: any WebhookTransport, wording: any WebhookWording, calendar: BoxOfficeCalendar, holder: String,
        morningHour: Int
    ) {
        self.url = url
        self.format = format
        self.charts = charts
        self.leases = leases
        self.transport = transport
        self.wording = wording
        self.calendar = calendar
        self.holder = holder
        self.morningHour = morningHour
    }

    /// What one look did.
    public enum Result: Hashable, Sendable {
        /// Yesterday's chart from this morning is not stored yet.
        case notYet
        /// Another instance sent it (or is sending it), or this one did before.
        case alreadyClaimed
        case sent(day: CalendarDate)
        case failed(WebhookSendOutcome)
    }

    /// Sends yesterday's digest if it is due and nobody has sent it.
    public func sendIfDue() async throws -> Result {
        let day = calendar.yesterday
        let morning = calendar.today.startInstant(in: BoxOfficeCalendar.seoul)
            .addingTimeInterval(TimeInterval(morningHour * 3600))
        guard calendar.currentInstant >= morning,
            let chart = try await charts.storedChart(for: .daily(day)), !chart.entries.isEmpty,
            chart.fetchedAt >= morning
        else { return .notYet }
        let name = "digest:\(day.isoString)"
        let now = calendar.currentInstant
        // Held already (by anyone, this instance included) means sent or being sent.
        if try await leases.holder(of: name, now: now) != nil { return .alreadyClaimed }
        // Each try holds the lease under a name of its own, so two tries of one instance cannot both have it.
        let tryHolder = "\(holder):\(UUID().uuidString)"
        guard try await leases.acquire(name, holder: tryHolder, now: now, until: now.addingTimeInterval(Self.tryLease))
        else { return .alreadyClaimed }
        let outcome = await transport.send(wording.digest(chart), format: format, to: url, secret: nil)
        if outcome.isDelivered {
            _ = try await leases.acquire(
                name, holder: tryHolder, now: calendar.currentInstant,
                until: calendar.currentInstant.addingTimeInterval(Self.sentLease))
            return .sent(day: day)
        }
        try await leases.release(name, holder: tryHolder)
        return .failed(outcome)
    }
}
