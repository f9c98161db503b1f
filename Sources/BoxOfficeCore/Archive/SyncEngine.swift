import Foundation
import KOBIS

/// Fills the archive: fetches every missing or provisional chart of a range, then the details of films whose
/// nation is not known yet, within a call budget.
///
/// - Every chart and film is stored the moment it arrives, so a run that is interrupted or killed loses at most
///   the calls in flight; the next run plans from the store and fetches nothing that is already settled.
/// - At most `concurrency` calls are in flight.
/// - Transient failures (timeouts, connection trouble, HTTP 5xx or 429, unreadable bodies) are retried with
///   exponential backoff; other failures are reported at the end. A rejected key, or a store that cannot
///   write, stops the run at once; so do `maxConsecutiveFailures` failed items in a row.
/// - Every attempt counts against the budget; when it is used up, no new call starts and the report says
///   how to continue.
///
/// Korean vs foreign: daily charts do not say a film's nation, so after the charts the engine makes sure the
/// archive knows the representative nation of every film in the range — from movie details already stored
/// (no call), else by fetching the film's details once (one call per film, ever). That is fewer calls than
/// fetching each day's `repNationCd=K` chart (one per day, every day), and the details serve the movie page too.
public struct SyncEngine: Sendable {
    private let upstream: any BoxOfficeUpstream
    private let charts: any ChartRepository
    private let movies: any MovieRepository
    private let archive: any ArchiveRepository
    public let calendar: BoxOfficeCalendar
    public let options: SyncOptions
    private let sleep: @Sendable (Duration) async throws -> Void

    /// - Parameter sleep: how to wait between retries (tests pass one that returns at once).
    public init(
        upstream: any BoxOfficeUpstream, charts: any ChartRepository, movies: any MovieRepository,
        archive: any ArchiveRepository, calendar: BoxOfficeCalendar, options: SyncOptions = SyncOptions(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.upstream = upstream
        self.charts = charts
        self.movies = movies
        self.archive = archive
        self.calendar = calendar
        self.options = options
        self.sleep = sleep
    }

    /// The chart work `request` needs now. Throws ``BoxOfficeError/invalidDate(_:)`` for a bad range.
    public func plan(_ request: SyncRequest) async throws -> SyncPlan {
        try ArchivePeriod.validate(request.range, calendar: calendar)
        let daily = try await archive.chartStatuses(kind: .daily, startingIn: request.range)
        let weekly =
            request.includeWeekly
            ? try await archive.chartStatuses(kind: .week, startingIn: SyncPlan.statusRange(for: request)) : []
        return SyncPlan(
            request: request, dailyStatuses: daily, weeklyStatuses: weekly, calendar: calendar,
            provisionalTTL: options.provisionalTTL)
    }

    /// Runs `request` to the end, to the budget, or until `control` asks it to stop.
    ///
    /// - Throws: ``BoxOfficeError`` only for a bad range or when the store cannot be read to plan;
    ///   everything that goes wrong later is in the report.
    public func run(
        _ request: SyncRequest, control: SyncControl = SyncControl(),
        progress: @escaping @Sendable (SyncEvent) -> Void = { _ in }
    ) async throws -> SyncReport {
        let plan = try await plan(request)
        var report = SyncReport(request: request, plan: plan)
        let state = RunState(options: options, control: control, progress: progress)

        await state.emit(.phaseStarted(.charts, total: plan.items.count, skipped: plan.settled + plan.recentlyFetched))
        let chartOutcomes = await runPhase(.charts, items: plan.items, state: state)
        for outcome in chartOutcomes.values {
            switch outcome {
            case .stored: report.chartsStored += 1
            case .notCountedYet: report.chartsNotCounted += 1
            case .failed, .notAttempted: break
            }
        }

        if await state.canContinue {
            do {
                let codes = try await archive.movieCodesWithoutNation(in: request.range)
                var toFetch: [SyncItem] = []
                for code in codes {
                    if let stored = try await movies.storedMovie(code: code) {
                        try await archive.saveRepresentativeNation(stored.nations.first ?? "", movieCode: code)
                        report.moviesFromStore += 1
                    } else {
                        toFetch.append(.movie(code: code))
                    }
                }
                report.moviesPlanned = toFetch.count
                report.moviesChecked = true
                await state.emit(.phaseStarted(.movies, total: toFetch.count, skipped: report.moviesFromStore))
                let movieOutcomes = await runPhase(.movies, items: toFetch, state: state)
                report.moviesFetched = movieOutcomes.values.filter { $0 == .stored }.count
            } catch {
                await state.abort(.fatal("The archive could not be read or written: \(Self.describe(error).message)"))
            }
        }

        let summary = await state.summary()
        report.calls = summary.calls
        report.retries = summary.retries
        report.failures = summary.failures
        report.notAttempted = summary.notAttempted
        report.stopReason = summary.stopReason
        return report
    }

    // MARK: - Phases

    /// Hands items out while the run goes on. At most `concurrency` upstream calls are in flight; an item
    /// gives its call slot back as soon as its answer is in, so storing it never holds up the next call.
    /// At most twice that many items are between being handed out and being stored.
    private func runPhase(_ phase: SyncPhase, items: [SyncItem], state: RunState) async -> [SyncItem: SyncOutcome] {
        await state.startPhase(phase, items: items)
        let callSlots = AsyncPermits(options.concurrency)
        let itemSlots = AsyncPermits(options.concurrency * 2)
        await withTaskGroup(of: Void.self) { group in
            while true {
                await itemSlots.acquire()
                guard let item = await state.nextItem() else {
                    await itemSlots.release()
                    break
                }
                group.addTask {
                    let outcome = await self.process(item, state: state, callSlots: callSlots)
                    await state.finish(item, outcome)
                    await itemSlots.release()
                }
            }
        }
        return await state.endPhase()
    }

    private func process(_ item: SyncItem, state: RunState, callSlots: AsyncPermits) async -> SyncOutcome {
        switch item {
        case .chart(let query):
            await callSlots.acquire()
            let fetched = await attempt(item, state: state) { try await upstream.fetchChart(query) }
            await callSlots.release()
            guard case .success(let chart) = fetched else { return Self.outcome(of: fetched) }
            // An empty chart usually means "not counted yet"; store it only once the period is well past, so a
            // glitch is never settled for good (the rule the chart pages follow).
            if chart.entries.isEmpty
                && chart.fetchedAt < calendar.settledInstant(after: query.range.end.adding(days: 5))
            {
                return .notCountedYet
            }
            do {
                try await charts.save(chart)
            } catch {
                return await storeFailed(error, state: state)
            }
            return .stored
        case .movie(let code):
            await callSlots.acquire()
            let fetched = await attempt(item, state: state) { try await upstream.fetchMovie(code: code) }
            await callSlots.release()
            guard case .success(let movie) = fetched else { return Self.outcome(of: fetched) }
            guard let movie else {
                return .failed(message: "KOBIS has no details for movie \(code).", transient: false)
            }
            do {
                try await movies.save(movie)
                try await archive.saveRepresentativeNation(movie.nations.first ?? "", movieCode: code)
            } catch {
                return await storeFailed(error, state: state)
            }
            return .stored
        }
    }

    private func storeFailed(_ error: any Error, state: RunState) async -> SyncOutcome {
        let message = "The archive could not store what was fetched: \(Self.describe(error).message)"
        await state.abort(.fatal(message))
        return .failed(message: message, transient: false)
    }

    /// Why an attempt gave up.
    private enum GiveUp: Error {
        case notAttempted
        case failed(message: String, transient: Bool)
    }

    /// Calls `body` until it succeeds, fails for good, or the budget or the run ends; each call takes one
    /// unit of budget.
    private func attempt<Value: Sendable>(
        _ item: SyncItem, state: RunState, _ body: @Sendable () async throws -> Value
    ) async -> Result<Value, GiveUp> {
        var attempt = 1
        while true {
            guard await state.takeCall() else { return .failure(.notAttempted) }
            do {
                return .success(try await body())
            } catch {
                let failure = Self.describe(error)
                if failure.rejectsEveryCall {
                    await state.abort(.fatal(failure.message))
                    return .failure(.failed(message: failure.message, transient: false))
                }
                guard failure.transient, attempt < options.maxAttempts else {
                    return .failure(.failed(message: failure.message, transient: failure.transient))
                }
                let delay = options.delay(beforeRetry: attempt)
                await state.retrying(item, attempt: attempt, message: failure.message, delay: delay)
                guard await pause(delay, state: state) else { return .failure(.notAttempted) }
                attempt += 1
            }
        }
    }

    /// Waits `delay` in short steps so a stop request is noticed; false when the run should stop.
    private func pause(_ delay: Duration, state: RunState) async -> Bool {
        var left = delay
        while left > .zero {
            guard await state.isRunning else { return false }
            let step = min(left, .milliseconds(100))
            try? await sleep(step)
            left -= step
        }
        return await state.isRunning
    }

    private static func outcome<Value>(of result: Result<Value, GiveUp>) -> SyncOutcome {
        switch result {
        case .success: return .stored
        case .failure(.notAttempted): return .notAttempted
        case .failure(.failed(let message, let transient)): return .failed(message: message, transient: transient)
        }
    }

    /// A one-line message for `error`, whether retrying may help, and whether it dooms every further call.
    static func describe(_ error: any Error) -> (message: String, transient: Bool, rejectsEveryCall: Bool) {
        let kobis: KOBISError?
        switch error {
        case BoxOfficeError.upstream(let upstream): kobis = upstream
        case let upstream as KOBISError: kobis = upstream
        default: kobis = nil
        }
        if let kobis {
            if kobis.isInvalidKey, case .fault(let code, let message) = kobis {
                return ("KOBIS rejected the key (\(code)): \(message) Check KOBIS_API_KEY.", false, true)
            }
            return (kobis.description, kobis.isTransient, false)
        }
        if let error = error as? BoxOfficeError { return (error.message, false, false) }
        if error is CancellationError { return ("cancelled", true, false) }
        return (String(describing: error).replacingOccurrences(of: "\n", with: " "), false, false)
    }
}

/// A counting semaphore for tasks.
private actor AsyncPermits {
    private var available: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { available = count }

    func acquire() async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            available += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// The shared state of one run: budget, work queue, counters, and the one place events are emitted from,
/// so they arrive in order.
private actor RunState {
    private let options: SyncOptions
    private let control: SyncControl
    private let progress: @Sendable (SyncEvent) -> Void

    private var callsLeft: Int
    private var calls = 0
    private var retries = 0
    private var consecutiveFailures = 0
    private var stopReason: SyncStopReason?
    private var failures: [SyncFailure] = []
    private var notAttempted = 0

    private var phase = SyncPhase.charts
    private var pending: [SyncItem] = []
    private var nextIndex = 0
    private var completed = 0
    private var outcomes: [SyncItem: SyncOutcome] = [:]

    init(options: SyncOptions, control: SyncControl, progress: @escaping @Sendable (SyncEvent) -> Void) {
        self.options = options
        self.control = control
        self.progress = progress
        self.callsLeft = options.budget
    }

    func emit(_ event: SyncEvent) { progress(event) }

    /// True while nothing has stopped the run.
    var isRunning: Bool {
        if stopReason == nil && (control.isStopRequested || Task.isCancelled) { stop(.interrupted) }
        return stopReason == nil
    }

    /// True when the run may go on to another phase.
    var canContinue: Bool { isRunning }

    func startPhase(_ phase: SyncPhase, items: [SyncItem]) {
        self.phase = phase
        pending = items
        nextIndex = 0
        completed = 0
        outcomes = [:]
    }

    func endPhase() -> [SyncItem: SyncOutcome] {
        // Items never handed out count as not attempted.
        notAttempted += pending.count - nextIndex
        nextIndex = pending.count
        return outcomes
    }

    func nextItem() -> SyncItem? {
        guard isRunning, nextIndex < pending.count else { return nil }
        if callsLeft == 0 {
            stop(.budget(options.budget))
            return nil
        }
        defer { nextIndex += 1 }
        return pending[nextIndex]
    }

    /// Takes one call from the budget; false (and the run stops) when none is left or the run is stopping.
    func takeCall() -> Bool {
        guard isRunning else { return false }
        guard callsLeft > 0 else {
            stop(.budget(options.budget))
            return false
        }
        callsLeft -= 1
        calls += 1
        return true
    }

    func retrying(_ item: SyncItem, attempt: Int, message: String, delay: Duration) {
        retries += 1
        emit(.retrying(item, attempt: attempt, message: message, delay: delay))
    }

    func finish(_ item: SyncItem, _ outcome: SyncOutcome) {
        outcomes[item] = outcome
        completed += 1
        switch outcome {
        case .stored, .notCountedYet:
            consecutiveFailures = 0
        case .failed(let message, let transient):
            failures.append(SyncFailure(item: item, message: message, transient: transient))
            consecutiveFailures += 1
            if consecutiveFailures >= options.maxConsecutiveFailures {
                stop(.repeatedFailures(count: consecutiveFailures, lastMessage: message))
            }
        case .notAttempted:
            notAttempted += 1
        }
        emit(.itemFinished(item, outcome, phase: phase, completed: completed, total: pending.count, calls: calls))
    }

    func abort(_ reason: SyncStopReason) { stop(reason) }

    private func stop(_ reason: SyncStopReason) {
        guard stopReason == nil else { return }
        stopReason = reason
        emit(.stopping(reason))
    }

    func summary() -> (
        calls: Int, retries: Int, failures: [SyncFailure], notAttempted: Int, stopReason: SyncStopReason?
    ) {
        (calls, retries, failures, notAttempted, stopReason)
    }
}
