import Foundation
import KOBIS

extension ArchiveKeeper {
    /// The keeper as this instance sees it, with the archive's coverage of the kept range.
    public func status() async throws -> KeeperStatus {
        let now = calendar.currentInstant
        let today = calendar.today
        let progress = shared.withLock { $0 }
        var state = progress.state
        if options.enabled && !progress.leader {
            state = try await controlStore.controls().paused ? .paused : .standby
        }
        var archived = 0
        var missing = 0
        if let range = options.schedule.fillRange(today: today) {
            // Two aggregate queries, not the statuses of every day (8,000 rows for 22 years): the status route,
            // the administrator's page and every /metrics scrape ask for this.
            archived = try await archive.fingerprint(of: range).chartCount
            missing = max(0, range.start.days(to: range.end) + 1 - archived)
        }
        return KeeperStatus(
            state: state, from: options.schedule.from, latestSettledDay: KeeperSchedule.latestSettledDay(today: today),
            archivedDays: archived, missingDays: missing, leader: progress.leader,
            nextRunAt: progress.leader ? progress.nextRunAt : nil, daysPerHour: progress.daysPerHour(now: now))
    }

    /// Pauses the fleet's keeper: the run in hand stops after its calls in flight.
    public func pause() async throws {
        try await controlStore.setPaused(true, at: calendar.currentInstant)
        let control = shared.withLock { $0.engineControl }
        control?.requestStop()
        wakeUp()
    }

    /// Resumes the fleet's keeper.
    public func resume() async throws {
        try await controlStore.setPaused(false, at: calendar.currentInstant)
        wakeUp()
    }

    /// Asks the fleet's keeper to run now: its morning work, then the rest of the fill, without waiting for the
    /// morning or the end of a backoff (not past the quota).
    public func runNow() async throws {
        try await controlStore.requestRun(at: calendar.currentInstant)
        wakeUp()
    }
}
