public import Foundation

/// Where a background backfill stands.
public enum BackfillStatus: String, Codable, Sendable, Hashable, CaseIterable {
    /// Accepted; waits for its instance's worker.
    case queued
    case running
    /// Every planned chart and film lookup ended well.
    case done
    /// Some items failed for good, or the run stopped on a fatal error (rejected key, store down).
    case failed
    /// An administrator cancelled it.
    case cancelled
    /// It used up its call budget; restarting continues where it stopped.
    case budgetStopped = "budget-stopped"
    /// Its instance stopped (shut down or died) while the job was queued or running; it can be restarted.
    case interrupted

    /// Queued or running: its instance still has work to do.
    public var isActive: Bool { self == .queued || self == .running }

    /// Whether an administrator may run it again (sync skips what is already settled, so nothing is fetched twice).
    public var canRestart: Bool { [.failed, .cancelled, .budgetStopped, .interrupted].contains(self) }
}

/// A backfill an administrator asked for: a ``SyncRequest`` run in the background by one server instance, with
/// its progress kept in the database so every instance shows the same.
public struct BackfillJob: Sendable, Hashable, Identifiable {
    public var id: UUID
    public var request: SyncRequest
    public var status: BackfillStatus
    public var progress: BackfillProgress
    /// Why it ended (a KOBIS or store failure, the stop reason); `nil` while it runs or when it ended well.
    public var message: BackfillNote?
    /// The administrator who asked for it, as named then, and the account (nil once the account is gone).
    public var requestedBy: String
    public var requestedByID: UUID?
    /// The instance that accepted it and runs it.
    public var instanceID: String
    /// Set when an administrator asked a running job to stop; its instance notices within a second or so.
    public var cancelRequested: Bool
    public var createdAt: Date
    public var startedAt: Date?
    public var finishedAt: Date?
    /// Last sign of life from its instance, while queued or running.
    public var heartbeatAt: Date

    public init(
        id: UUID, request: SyncRequest, status: BackfillStatus, progress: BackfillProgress = BackfillProgress(),
        message: BackfillNote? = nil, requestedBy: String, requestedByID: UUID?, instanceID: String,
        cancelRequested: Bool = false, createdAt: Date, startedAt: Date? = nil, finishedAt: Date? = nil,
        heartbeatAt: Date
    ) {
        self.id = id
        self.request = request
        self.status = status
        self.progress = progress
        self.message = message
        self.requestedBy = requestedBy
        self.requestedByID = requestedByID
        self.instanceID = instanceID
        self.cancelRequested = cancelRequested
        self.createdAt = createdAt
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.heartbeatAt = heartbeatAt
    }
}

/// How far a backfill has come: items (charts and film lookups) done of those known so far, and what failed.
public struct BackfillProgress: Sendable, Hashable {
    /// Items finished, whatever their outcome.
    public var done: Int
    /// Items known so far: the planned charts and the film lookups queued so far (it grows while charts arrive).
    public var total: Int
    /// KOBIS calls made, retries included.
    public var calls: Int
    /// Items that failed.
    public var failureCount: Int
    /// The first ``BackfillProgress/failureLimit`` failures.
    public var failures: [BackfillFailure]

    /// Failures kept line by line; beyond them only the count grows.
    public static let failureLimit = 20

    public init(done: Int = 0, total: Int = 0, calls: Int = 0, failureCount: Int = 0, failures: [BackfillFailure] = [])
    {
        self.done = done
        self.total = total
        self.calls = calls
        self.failureCount = failureCount
        self.failures = failures
    }

    /// 0…100, rounded down; 100 when there is nothing to do.
    public var percent: Int { total == 0 ? 100 : min(100, done * 100 / total) }
}

/// Why a range cannot be backfilled, for a message in the page's language.
public enum BackfillRangeProblem: Error, Sendable, Hashable {
    /// `from` is after `to`.
    case reversed
    /// `to` is today or later in Seoul; `latest` is yesterday.
    case notCountedYet(latest: CalendarDate)
    /// `from` is before the data begins.
    case beforeData(earliest: CalendarDate)
    /// More days than one job may cover.
    case tooLong(maximumDays: Int)

    /// The same as input that breaks a rule, for the API.
    public func inputProblem(_ range: DateRange, calendar: BoxOfficeCalendar) -> InputProblem {
        switch self {
        case .reversed:
            return InputProblem("from", .reversed(start: range.start, end: range.end), value: range.start.isoString)
        case .notCountedYet(let latest):
            return InputProblem(
                "to", range.end == calendar.today ? .today(latest: latest) : .future(latest: latest),
                value: range.end.isoString)
        case .beforeData(let earliest):
            return InputProblem("from", .beforeData(earliest: earliest), value: range.start.isoString)
        case .tooLong(let days):
            return InputProblem(nil, .rangeTooLong(maximumDays: days))
        }
    }
}
