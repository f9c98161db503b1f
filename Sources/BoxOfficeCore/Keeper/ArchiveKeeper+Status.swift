import Foundation
import KOBIS

extension ArchiveKeeper {
    /// What a status reads from the store, and what that reading depends on.
    struct StoredStatusKey: Hashable, Sendable {
        var range: DateRange?
        var readsControls: Bool
        var callsCountedHere: Int
        var controlsChangedHere: Int
    }

    struct StoredStatus: Sendable {
        var paused: Bool
        var archivedDays: Int
    }

    /// The keeper as this instance sees it, with the archive's coverage of the kept range.
    ///
    /// The state comes from this instance's keeper as it is now, once it leads and has said what it does (before,
    /// from the fleet's pause, as another instance's would); the pause and the count of archived days come from the
    /// store, read again once this instance has made a KOBIS call or changed the controls since, or a second after
    /// (what other instances did shows then).
    public func status() async throws -> KeeperStatus {
        let now = calendar.currentInstant
        let today = calendar.today
        let progress = shared.withLock { $0 }
        let key = StoredStatusKey(
            range: options.schedule.fillRange(today: today),
            readsControls: options.enabled && !(progress.leader && progress.announced),
            callsCountedHere: ledger.callsCountedHere, controlsChangedHere: progress.controlsChangedHere)
        let stored = try await storedStatus.value(for: key) { [self] in try await readStoredStatus(key) }
        var state = progress.state
        if key.readsControls { state = stored.paused ? .paused : .standby }
        let missing = key.range.map { max(0, $0.start.days(to: $0.end) + 1 - stored.archivedDays) } ?? 0
        return KeeperStatus(
            state: state, from: options.schedule.from, latestSettledDay: KeeperSchedule.latestSettledDay(today: today),
            archivedDays: stored.archivedDays, missingDays: missing, leader: progress.leader,
            nextRunAt: progress.leader ? progress.nextRunAt : nil, daysPerHour: progress.daysPerHour(now: now))
    }

    /// Changes whenever this instance's ``status()`` may have, apart from what other instances did: its keeper's
    /// state, leadership or next run, a call its ledger counted, a control it changed. An answer made from the status
    /// at one version may be given again while the version stays (and other instances' changes may wait a second).
    public var statusVersion: String {
        let progress = shared.withLock { $0 }
        let next = progress.nextRunAt.map { String($0.timeIntervalSince1970) } ?? "-"
        return
            "\(progress.state.rawValue) \(progress.leader) \(next) \(ledger.callsCountedHere) \(progress.controlsChangedHere)"
    }

    private func readStoredStatus(_ key: StoredStatusKey) async throws -> StoredStatus {
        let paused = key.readsControls ? try await controlStore.controls().paused : false
        // Two aggregate queries, not the statuses of every day (8,000 rows for 22 years).
        guard let range = key.range else { return StoredStatus(paused: paused, archivedDays: 0) }
        return StoredStatus(paused: paused, archivedDays: try await archive.fingerprint(of: range).chartCount)
    }

    /// Pauses the fleet's keeper: the run in hand stops after its calls in flight.
    public func pause() async throws {
        try await controlStore.setPaused(true, at: calendar.currentInstant)
        let control = shared.withLock { progress in
            progress.controlsChangedHere &+= 1
            return progress.engineControl
        }
        control?.requestStop()
        wakeUp()
    }

    /// Resumes the fleet's keeper.
    public func resume() async throws {
        try await controlStore.setPaused(false, at: calendar.currentInstant)
        shared.withLock { $0.controlsChangedHere &+= 1 }
        wakeUp()
    }

    /// Asks the fleet's keeper to run now: its morning work, then the rest of the fill, without waiting for the
    /// morning or the end of a backoff (not past the quota).
    public func runNow() async throws {
        try await controlStore.requestRun(at: calendar.currentInstant)
        shared.withLock { $0.controlsChangedHere &+= 1 }
        wakeUp()
    }
}
