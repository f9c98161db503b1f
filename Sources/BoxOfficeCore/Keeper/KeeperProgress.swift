import Foundation
import KOBIS

/// What one instance's keeper knows while it runs: its state, its place in the fill, its morning run and its
/// backoff. Only the keeper changes it, under its lock.
struct KeeperProgress: Sendable {
    var state: KeeperState
    /// Whether the state was told at least once (the first one is told even when it is the initial one).
    var announced = false
    var leader = false
    var nextRunAt: Date?
    var stopping = false
    /// Stops the run in hand.
    var engineControl: SyncControl?
    /// The day whose morning run is done.
    var lastMorning: CalendarDate?
    /// The latest administrator's request to run now that was honoured.
    var handledRunRequest: Date?
    var backoffStep: TimeInterval?
    /// Pauses, resumes and run requests made on this instance: a change means its kept status is out of date.
    var controlsChangedHere = 0
    var backoffUntil: Date?

    // The fill walks the kept range newest to oldest, one part at a time.
    /// The last day of the next part to look at; `nil`: the next walk starts at the latest settled day.
    var cursor: CalendarDate?
    /// Items that failed in this walk: a walk with failures is walked again after a backoff.
    var walkFailures = 0
    /// The latest settled day of the last walk that found nothing to do: no walk is needed until a new day settles.
    var cleanWalkThrough: CalendarDate?
    /// When this walk started storing, and how many days its finished parts cover (the pace a notice estimates).
    var walkStartedAt: Date?
    var walkDaysDone = 0

    /// Moves past `chunk` when its run went through (failed items included: the next walk tries them again).
    mutating func finishChunk(_ chunk: DateRange, outcome: KeeperRunOutcome) {
        guard case .finished(let failures) = outcome else { return }
        cursor = chunk.start.adding(days: -1)
        walkFailures += failures
        walkDaysDone += chunk.days.count
    }

    /// The walk is over: a clean one means nothing to do until `latestSettled` moves.
    mutating func finishWalk(through latestSettled: CalendarDate) {
        if walkFailures == 0 { cleanWalkThrough = latestSettled }
        cursor = nil
        walkFailures = 0
        walkStartedAt = nil
        walkDaysDone = 0
    }

    /// Days filled per hour in this walk, once it has stored something.
    func daysPerHour(now: Date) -> Double? {
        guard let started = walkStartedAt, walkDaysDone > 0 else { return nil }
        let hours = now.timeIntervalSince(started) / 3600
        return hours > 0 ? Double(walkDaysDone) / hours : nil
    }
}

/// How one sync run of the keeper ended.
enum KeeperRunOutcome: Sendable, Hashable {
    /// It went through; `failures` items failed and wait for the next walk.
    case finished(failures: Int)
    /// The day's calls for background work are spent.
    case quotaSpent
    /// KOBIS kept failing, or the store did: back off.
    case failing
    /// The keeper is stopping, or lost its lease.
    case stopped

    var isDone: Bool {
        if case .finished = self { return true }
        return false
    }
}
