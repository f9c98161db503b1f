import Foundation
import KOBIS

extension ArchiveKeeper {
    /// Runs `request` for the keeper, its calls counted as the keeper's; `catchingUp` as
    /// ``SyncEngine/run(_:control:budget:catchingUp:progress:)`` takes it.
    func runEngine(_ request: SyncRequest, catchingUp: Bool = true) async -> KeeperRunOutcome {
        let control = SyncControl()
        let stopping = shared.withLock { progress -> Bool in
            progress.engineControl = control
            return progress.stopping
        }
        defer { shared.withLock { $0.engineControl = nil } }
        if stopping { return .stopped }
        let engine = makeEngine(options.sync)
        let report: SyncReport
        do {
            report = try await withTaskCancellationHandler {
                try await KOBISCallPurpose.$current.withValue(.keeper) {
                    try await engine.run(
                        request, control: control, budget: SyncCallAllowance(limit: .max), catchingUp: catchingUp)
                }
            } onCancel: {
                control.requestStop()
            }
        } catch {
            observe(.problem("the keeper could not plan \(request.range.start)…\(request.range.end): \(error)"))
            return .failing
        }
        observe(.ran(request, report))
        if Task.isCancelled || shared.withLock({ $0.stopping }) { return .stopped }
        switch report.stopReason {
        case nil, .budget: return .finished(failures: report.failures.count)
        case .interrupted: return .stopped
        case .quotaReached: return .quotaSpent
        case .repeatedFailures, .fatal: return await quotaSpent() ? .quotaSpent : .failing
        }
    }

    /// The next part of the fill that has work (charts to fetch or refresh, films whose nation is unknown or read
    /// before English titles were kept), newest first, or `nil` when this walk is over or nothing is to be done.
    func nextFillChunk(today: CalendarDate) async -> DateRange? {
        guard let range = options.schedule.fillRange(today: today) else { return nil }
        let (resumeAt, clean) = shared.withLock { ($0.cursor, $0.cleanWalkThrough) }
        if resumeAt == nil && clean == range.end { return nil }
        var cursor = min(resumeAt ?? range.end, range.end)
        let engine = makeEngine(options.sync)
        while cursor >= range.start {
            if Task.isCancelled || shared.withLock({ $0.stopping }) { return nil }
            let chunk = options.schedule.chunk(endingAt: cursor)
            do {
                if try await hasWork(chunk, engine: engine) {
                    let now = calendar.currentInstant
                    shared.withLock { progress in
                        progress.cursor = cursor
                        if progress.walkStartedAt == nil { progress.walkStartedAt = now }
                    }
                    return chunk
                }
            } catch {
                observe(.problem("the keeper could not read the archive: \(error)"))
                settle(.failing)
                return nil
            }
            cursor = chunk.start.adding(days: -1)
        }
        let failed = shared.withLock { progress -> Bool in
            let failed = progress.walkFailures > 0
            progress.finishWalk(through: range.end)
            return failed
        }
        // Items that failed are tried again by the next walk, after a wait.
        if failed { settle(.failing) }
        return nil
    }

    private func hasWork(_ chunk: DateRange, engine: SyncEngine) async throws -> Bool {
        let plan = try await engine.plan(SyncRequest(range: chunk, weeklyRanges: WeeklyRange.allCases))
        if !plan.items.isEmpty { return true }
        return try await !archive.movieCodesWithoutNation(in: chunk).isEmpty
    }

    /// Whether the day's calls for background work are spent (never when the ledger cannot tell).
    func quotaSpent() async -> Bool {
        guard let usage = try? await ledger.usage() else { return false }
        return usage.backgroundCallsLeft == 0
    }

    func readControls() async -> KeeperControls {
        do {
            return try await controlStore.controls()
        } catch {
            observe(.problem("the keeper's settings could not be read: \(error)"))
            return KeeperControls()
        }
    }

    /// Whether `controls` carry a request to run now that this keeper has not honoured yet (and honours it).
    func takeRunRequest(_ controls: KeeperControls) -> Bool {
        guard let requested = controls.runRequestedAt else { return false }
        return shared.withLock { progress in
            if let handled = progress.handledRunRequest, requested <= handled { return false }
            progress.handledRunRequest = requested
            return true
        }
    }

    /// Adjusts the backoff after a run: KOBIS failing doubles it, a clean run clears it.
    func settle(_ outcome: KeeperRunOutcome) {
        let now = calendar.currentInstant
        shared.withLock { progress in
            switch outcome {
            case .finished(let failures) where failures == 0:
                progress.backoffStep = nil
                progress.backoffUntil = nil
            case .failing:
                let step = progress.backoffStep.map { min($0 * 2, options.maxBackoff) } ?? options.firstBackoff
                progress.backoffStep = step
                progress.backoffUntil = now.addingTimeInterval(step)
            default:
                break
            }
        }
    }

    func publish(_ state: KeeperState, nextRunAt: Date?) {
        let changed = shared.withLock { progress -> Bool in
            defer {
                progress.state = state
                progress.nextRunAt = nextRunAt
                progress.announced = true
            }
            return progress.state != state || !progress.announced
        }
        if changed { observe(.state(state)) }
    }

    func setLeader(_ leader: Bool) {
        shared.withLock { $0.leader = leader }
        observe(.leadership(leader))
    }
}
