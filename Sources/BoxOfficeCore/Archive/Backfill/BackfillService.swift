public import Foundation
import KOBIS

/// Runs administrators' backfills in the background with the ``SyncEngine``: one job at a time on this
/// instance, in the order they were accepted, with progress, heartbeat and cancellation going through the
/// database so every instance on it shows (and can cancel) the same jobs.
///
/// - A job is run by the instance that accepted it. While queued or running, its instance refreshes its
///   heartbeat every ``Options/heartbeatInterval``; any instance marks jobs whose heartbeat is older than
///   ``Options/abandonAfter`` as interrupted (their instance died), and an administrator can restart them.
///   Restarting costs nothing twice: the sync skips settled days and known films.
/// - Progress is written at most every ``Options/progressInterval`` while it changes.
/// - ``run()`` is the worker loop, for the app's service group; ``stop()`` ends it after the job in hand has
///   stopped (its calls in flight finish and are stored; it is marked interrupted).
public final class BackfillService: Sendable {
    /// How jobs are run.
    public struct Options: Sendable {
        /// Concurrency and call budget of each job (the budget applies per job, like one `boxoffice sync`).
        public var sync: SyncOptions
        /// Progress is written at most this often.
        public var progressInterval: Duration
        /// How often an instance shows it is alive (and looks for a cancel request) while it has jobs.
        public var heartbeatInterval: Duration
        /// A job whose heartbeat is older than this many seconds is considered abandoned.
        public var abandonAfter: TimeInterval
        /// How often an idle worker looks for queued jobs and abandoned ones (a new job wakes it at once).
        public var pollInterval: Duration

        public init(
            sync: SyncOptions = SyncOptions(), progressInterval: Duration = .milliseconds(250),
            heartbeatInterval: Duration = .seconds(2), abandonAfter: TimeInterval = 30,
            pollInterval: Duration = .seconds(5)
        ) {
            self.sync = sync
            self.progressInterval = progressInterval
            self.heartbeatInterval = heartbeatInterval
            self.abandonAfter = abandonAfter
            self.pollInterval = pollInterval
        }
    }

    /// The most days one job may cover: three years.
    public static let maximumDays = 3 * 365 + 1
    /// Jobs a page lists.
    public static let recentLimit = 20

    /// Identifies this instance's worker in the jobs it accepts.
    public let instanceID: String
    public let options: Options
    private let jobs: any BackfillJobRepository
    private let calendar: BoxOfficeCalendar
    private let makeEngine: @Sendable (SyncOptions) -> SyncEngine
    private let reportProblem: @Sendable (String) -> Void

    private struct Worker {
        var wakeRequested = false
        var stopping = false
        var looping = false
        var idleWaiter: CheckedContinuation<Void, Never>?
        var current: (id: UUID, control: SyncControl, recorder: BackfillRecorder)?
    }
    private let worker = Locked(Worker())

    /// - Parameters:
    ///   - makeEngine: builds the sync engine a job runs with.
    ///   - reportProblem: where the worker reports what it could not do (the store failing); the app logs it.
    public init(
        jobs: any BackfillJobRepository, calendar: BoxOfficeCalendar, options: Options = Options(),
        instanceID: String = UUID().uuidString, makeEngine: @escaping @Sendable (SyncOptions) -> SyncEngine,
        reportProblem: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.jobs = jobs
        self.calendar = calendar
        self.options = options
        self.instanceID = instanceID
        self.makeEngine = makeEngine
        self.reportProblem = reportProblem
    }

    // MARK: - Requests

    /// Checks a range an administrator asked for: counted days only, since the data begins, at most
    /// ``maximumDays`` days.
    public static func check(_ range: DateRange, calendar: BoxOfficeCalendar) throws(BackfillRangeProblem) {
        if range.start > range.end { throw .reversed }
        if range.end >= calendar.today { throw .notCountedYet(latest: calendar.yesterday) }
        if range.start < calendar.earliestDate { throw .beforeData(earliest: calendar.earliestDate) }
        if range.count > maximumDays { throw .tooLong(maximumDays: maximumDays) }
    }

    /// Accepts a job for this instance and wakes its worker.
    /// Throws ``BoxOfficeError/invalid(_:)`` for a range ``check(_:calendar:)`` refuses.
    public func submit(_ request: SyncRequest, requestedBy name: String, userID: UUID?) async throws -> BackfillJob {
        do {
            try Self.check(request.range, calendar: calendar)
        } catch {
            throw BoxOfficeError.invalid(error.inputProblem(request.range, calendar: calendar))
        }
        let now = calendar.currentInstant
        let job = BackfillJob(
            id: UUID(), request: request, status: .queued, requestedBy: name, requestedByID: userID,
            instanceID: instanceID, createdAt: now, heartbeatAt: now)
        try await jobs.createJob(job)
        wake()
        return job
    }

    /// Cancels a queued job, or asks a running one to stop (at once when it runs here; its own instance notices
    /// within a heartbeat otherwise). Returns the job afterwards, `nil` when there is no such job.
    public func cancel(id: UUID) async throws -> BackfillJob? {
        let job = try await jobs.requestCancel(id: id, now: calendar.currentInstant)
        let running = worker.withLock { $0.current?.id == id ? $0.current : nil }
        if let running {
            running.recorder.markCancelRequested()
            running.control.requestStop()
        }
        return job
    }

    /// Queues an ended job again on this instance (see ``BackfillStatus/canRestart``) and wakes the worker.
    /// Returns the job afterwards (unchanged when it could not be restarted), `nil` when there is no such job.
    public func restart(id: UUID) async throws -> BackfillJob? {
        let job = try await jobs.requeue(id: id, instanceID: instanceID, now: calendar.currentInstant)
        if job?.status == .queued { wake() }
        return job
    }

    /// The job with `id`, whichever instance runs it; `nil` when there is none.
    public func job(id: UUID) async throws -> BackfillJob? { try await jobs.job(id: id) }

    /// The most recent jobs of every instance, newest first.
    public func recentJobs(limit: Int = BackfillService.recentLimit) async throws -> [BackfillJob] {
        try await jobs.recentJobs(limit: limit)
    }

    // MARK: - Worker

    /// The worker loop: marks abandoned jobs, then runs this instance's queued jobs one at a time until
    /// ``stop()`` (or cancellation). Calling it while it already runs returns at once.
    public func run() async {
        let started = worker.withLock { worker -> Bool in
            guard !worker.looping else { return false }
            worker.looping = true
            return true
        }
        guard started else { return }
        defer { worker.withLock { $0.looping = false } }
        await sweep()
        while !shouldStop {
            do {
                if let job = try await jobs.claimNextJob(instanceID: instanceID, now: calendar.currentInstant) {
                    await execute(job)
                    continue
                }
            } catch {
                reportProblem("could not look for queued backfills: \(SyncEngine.diagnostic(error))")
            }
            await idle()
            await sweep()
        }
    }

    /// Ends ``run()``: the job in hand stops after its calls in flight (they are stored) and is marked interrupted.
    public func stop() {
        let running = worker.withLock { worker -> SyncControl? in
            worker.stopping = true
            return worker.current?.control
        }
        running?.requestStop()
        resumeIdle()
    }

    private var shouldStop: Bool { worker.withLock { $0.stopping } || Task.isCancelled }

    private func wake() {
        worker.withLock { $0.wakeRequested = true }
        resumeIdle()
    }

    /// Waits for a new job, a stop, cancellation, or the poll interval, whichever comes first.
    private func idle() async {
        let interval = options.pollInterval
        let timer = Task { [weak self] in
            try? await Task.sleep(for: interval)
            self?.resumeIdle()
        }
        defer { timer.cancel() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = worker.withLock { worker -> Bool in
                    if worker.wakeRequested || worker.stopping || Task.isCancelled {
                        worker.wakeRequested = false
                        return true
                    }
                    worker.idleWaiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            resumeIdle()
        }
    }

    /// Ends the current ``idle()`` wait, if any.
    private func resumeIdle() {
        let waiter = worker.withLock { worker -> CheckedContinuation<Void, Never>? in
            defer { worker.idleWaiter = nil }
            return worker.idleWaiter
        }
        waiter?.resume()
    }

    /// Shows this instance's jobs are alive and marks other instances' silent ones interrupted.
    private func sweep() async {
        let now = calendar.currentInstant
        do {
            try await jobs.touchJobs(instanceID: instanceID, now: now)
            _ = try await jobs.markAbandonedJobs(
                heartbeatBefore: now.addingTimeInterval(-options.abandonAfter), now: now)
        } catch {
            reportProblem("could not check for abandoned backfills: \(SyncEngine.diagnostic(error))")
        }
    }

    private func execute(_ job: BackfillJob) async {
        let control = SyncControl()
        let recorder = BackfillRecorder()
        let stopNow = worker.withLock { worker -> Bool in
            worker.current = (job.id, control, recorder)
            return worker.stopping
        }
        if stopNow { control.requestStop() }
        defer { worker.withLock { $0.current = nil } }

        let engine = makeEngine(options.sync)
        let outcome: (status: BackfillStatus, message: BackfillMessage?)
        do {
            // Progress is written by a child task at a bounded rate, while the engine runs.
            let report = try await withThrowingTaskGroup(of: Void.self, returning: SyncReport.self) { group in
                group.addTask { await self.writeProgress(of: job.id, recorder: recorder, control: control) }
                defer {
                    // The writer may be sleeping out its interval: wake it so the job ends now.
                    recorder.finish()
                    group.cancelAll()
                }
                // Every KOBIS call of the job is counted as a backfill's in the quota ledger.
                return try await KOBISCallPurpose.$current.withValue(.backfill) {
                    try await engine.run(job.request, control: control) { recorder.record($0) }
                }
            }
            outcome = Self.outcome(of: report, cancelRequested: recorder.cancelRequested)
        } catch {
            outcome = (.failed, .problem(SyncEngine.describe(error).problem))
        }
        await finish(job.id, status: outcome.status, progress: recorder.snapshot().progress, message: outcome.message)
    }

    /// Writes progress while it changes (at most every ``Options/progressInterval``) and a heartbeat every
    /// ``Options/heartbeatInterval``; stops the run when an administrator cancelled it from any instance.
    private func writeProgress(of id: UUID, recorder: BackfillRecorder, control: SyncControl) async {
        var written = -1
        var lastBeat = ContinuousClock.now
        while !recorder.isFinished && !Task.isCancelled {
            try? await Task.sleep(for: options.progressInterval)
            if recorder.isFinished || Task.isCancelled { return }
            let (progress, version) = recorder.snapshot()
            let beatDue = ContinuousClock.now - lastBeat >= options.heartbeatInterval
            guard version != written || beatDue else { continue }
            do {
                let now = calendar.currentInstant
                let cancelled = try await jobs.recordProgress(id: id, progress, now: now)
                if beatDue {
                    try await jobs.touchJobs(instanceID: instanceID, now: now)
                    lastBeat = ContinuousClock.now
                }
                written = version
                if cancelled {
                    recorder.markCancelRequested()
                    control.requestStop()
                }
            } catch {
                reportProblem("could not record a backfill's progress: \(SyncEngine.diagnostic(error))")
            }
        }
    }

    /// Writes the end of a job, trying a few times: a job left "running" would only be marked interrupted later.
    private func finish(_ id: UUID, status: BackfillStatus, progress: BackfillProgress, message: BackfillMessage?) async
    {
        for attempt in 1...3 {
            do {
                try await jobs.finishJob(
                    id: id, status: status, progress: progress, message: message, now: calendar.currentInstant)
                return
            } catch {
                reportProblem(
                    "could not record the end of a backfill (attempt \(attempt)): \(SyncEngine.diagnostic(error))"
                )
                try? await Task.sleep(for: .milliseconds(200 * attempt))
            }
        }
    }

    /// How a job ends, given its sync report and whether an administrator cancelled it, with a message when there
    /// is something to say.
    public static func outcome(of report: SyncReport, cancelRequested: Bool) -> (
        status: BackfillStatus, message: BackfillMessage?
    ) {
        switch report.stopReason {
        case nil:
            if !report.failures.isEmpty { return (.failed, .itemsFailed(count: report.failures.count)) }
            if report.chartsNotCounted > 0 { return (.done, .notCountedYet(charts: report.chartsNotCounted)) }
            return (.done, nil)
        case .budget(let budget):
            return (.budgetStopped, .budget(calls: budget))
        case .quotaReached:
            // Like a budget: restarting (after midnight KST) continues where it stopped.
            return (.budgetStopped, .problem(.upstream(.callLimitReached)))
        case .interrupted:
            return cancelRequested ? (.cancelled, nil) : (.interrupted, .serverStopped)
        case .repeatedFailures(let count, let last):
            return (.failed, .repeatedFailures(count: count, last: last))
        case .fatal(let problem):
            return (.failed, .problem(problem))
        }
    }
}

/// Collects a running job's progress from the engine's events (any task) for the writer to pick up.
final class BackfillRecorder: Sendable {
    private struct State {
        var progress = BackfillProgress()
        var version = 0
        var cancelled = false
        var finished = false

        mutating func apply(_ sync: SyncProgress) {
            progress.done = sync.completed
            progress.total = sync.total
            progress.calls = sync.calls
        }
    }
    private let state = Locked(State())

    func record(_ event: SyncEvent) {
        state.withLock { state in
            switch event {
            case .started(let sync, _), .moviesQueued(_, let sync):
                state.apply(sync)
            case .itemFinished(let item, let outcome, let sync):
                state.apply(sync)
                if case .failed(let problem, _) = outcome {
                    state.progress.failureCount += 1
                    if state.progress.failures.count < BackfillProgress.failureLimit {
                        state.progress.failures.append(.item(item, problem))
                    }
                }
            case .retrying, .stopping:
                return
            }
            state.version += 1
        }
    }

    func snapshot() -> (progress: BackfillProgress, version: Int) { state.withLock { ($0.progress, $0.version) } }
    func markCancelRequested() { state.withLock { $0.cancelled = true } }
    var cancelRequested: Bool { state.withLock { $0.cancelled } }
    func finish() { state.withLock { $0.finished = true } }
    var isFinished: Bool { state.withLock { $0.finished } }
}
