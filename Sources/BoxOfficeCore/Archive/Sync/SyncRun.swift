/// The shared state of one sync run, for its workers: the ``SyncScheduler`` (queue and budget), the
/// ``NationLookupPlanner``, the ``SyncReportBuilder`` and the stop decision, kept consistent in one actor. It is
/// also the one place events are emitted from, so they arrive in order, and where idle workers wait.
actor SyncRun {
    private let control: SyncControl
    private let retryPolicy: SyncRetryPolicy
    private let emit: @Sendable (SyncEvent) -> Void

    private var scheduler: SyncScheduler
    private var planner: NationLookupPlanner
    private var report: SyncReportBuilder
    /// Items that failed in a row, for ``SyncRetryPolicy/stopsRun(afterFailuresInARow:)``.
    private var failuresInARow = 0
    /// Workers waiting for the queue to grow or the run to end.
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(
        request: SyncRequest, plan: SyncPlan, options: SyncOptions, budget: any SyncCallBudget, control: SyncControl,
        progress: @escaping @Sendable (SyncEvent) -> Void
    ) {
        self.control = control
        self.retryPolicy = SyncRetryPolicy(options)
        self.emit = progress
        self.scheduler = SyncScheduler(charts: plan.items, budget: budget)
        self.planner = NationLookupPlanner(listThreshold: options.listThreshold)
        self.report = SyncReportBuilder(request: request, plan: plan)
    }

    func emitStarted(skipped: Int) { emit(.started(report.progress, skipped: skipped)) }

    /// True while nothing has stopped the run.
    var isRunning: Bool {
        if report.stopReason == nil && (control.isStopRequested || Task.isCancelled) { stop(.interrupted) }
        return report.stopReason == nil
    }

    /// The codes of `codes` this run has not looked after yet, now marked as looked after.
    func claimFilms(_ codes: [String]) -> [String] { planner.claim(codes) }

    /// Marks `films` as met in a fetched chart. A film met for the first time whose nation a page of this run
    /// taught is done here (the page stored it); whether any other is new: the caller then queues them and calls
    /// ``filmsQueued()``.
    func meetFilms(_ films: [NationLookupPlanner.Film]) -> Bool {
        let meeting = planner.meet(films)
        if meeting.knownFromPages > 0 {
            report.recordFilmsQueued(meeting.knownFromPages)
            report.recordFilmsFromLists(meeting.knownFromPages)
            emit(.moviesQueued(count: meeting.knownFromPages, report.progress))
        }
        return meeting.hasNewFilms
    }

    /// The films a chart brought (``meetFilms(_:)``) are queued.
    func filmsQueued() {
        queue(planner.filmsQueued(charts: scheduler.plannedCharts))
    }

    /// Takes on films whose nation is unknown (with their opening year, when known); `fromStore` more films
    /// needed no call. Returns the nations already known from list pages read in this run (movie code →
    /// nation), to store now.
    func lookUp(_ films: [NationLookupPlanner.Film], fromStore: Int) -> [String: String] {
        report.recordFilmsFromStore(fromStore)
        guard !films.isEmpty else { return [:] }
        report.recordFilmsQueued(films.count)
        let decision = planner.lookUp(films, charts: scheduler.plannedCharts)
        report.recordFilmsFromLists(decision.learned.count)
        queue(decision.lookups)
        emit(.moviesQueued(count: films.count, report.progress))
        return decision.learned
    }

    /// Takes in page `page` of `year`'s list: returns the waiting films it names, to store; then reads on,
    /// or sends the films it cannot help with to details.
    func receive(_ result: MovieNationPage, year: Int, page: Int) -> [String: String] {
        report.recordPageFetched()
        let decision = planner.receive(result, year: year, page: page, charts: scheduler.plannedCharts)
        report.recordFilmsFromLists(decision.learned.count)
        queue(decision.lookups)
        return decision.learned
    }

    /// The next item to fetch, lookups first; waits while the queue is empty but items in flight may still add
    /// lookups. `nil` when the run is over or stopping.
    func nextItem() async -> SyncItem? {
        while true {
            guard isRunning else { return nil }
            switch scheduler.next() {
            case .item(let item):
                if case .chart = item { queue(planner.chartsAdvanced(scheduler.plannedCharts)) }
                return item
            case .outOfCalls:
                stop(.budget(scheduler.budgetLimit))
                return nil
            case .finished:
                wakeWaiting()
                return nil
            case .wait:
                await withCheckedContinuation { waiting.append($0) }
            }
        }
    }

    /// Takes one call from the budget; false (and the run stops) when none is left or the run is stopping.
    func takeCall() -> Bool {
        guard isRunning else { return false }
        guard scheduler.spendCall() else {
            stop(.budget(scheduler.budgetLimit))
            return false
        }
        report.recordCall()
        return true
    }

    func retrying(_ item: SyncItem, attempt: Int, problem: SyncProblem, delay: Duration) {
        report.recordRetry()
        emit(.retrying(item, attempt: attempt, problem: problem, delay: delay))
    }

    func finish(_ item: SyncItem, _ outcome: SyncOutcome) {
        scheduler.finish(item)
        report.recordFinished(item, outcome)
        switch outcome {
        case .stored, .notCountedYet, .noDetails:
            failuresInARow = 0
        case .failed(let problem, _):
            failuresInARow += 1
            if retryPolicy.stopsRun(afterFailuresInARow: failuresInARow) {
                stop(.repeatedFailures(count: failuresInARow, last: problem))
            }
        case .notAttempted:
            break
        }
        switch item {
        case .movieList(let year, _):
            queue(planner.pageFinished(year: year, stored: outcome == .stored, charts: scheduler.plannedCharts))
        case .chart:
            queue(planner.chartsAdvanced(scheduler.plannedCharts))
        case .movie:
            break
        }
        emit(.itemFinished(item, outcome, report.progress))
        wakeWaiting()
    }

    func abort(_ reason: SyncStopReason) { stop(reason) }

    /// The quota ledger refused the call just taken: it was not made, and the run stops at once (`usage`: the
    /// day's quota, when known).
    func quotaReached(_ usage: QuotaUsage?) {
        report.recordCallRefused()
        stop(.quotaReached(usage))
    }

    /// What the run did, read once at its end.
    func finalReport() -> SyncReport {
        report.finished(
            chartsLeft: scheduler.chartsLeft, movieLookupsLeft: scheduler.movieLookupsLeft,
            filmsWaiting: planner.waitingFilmCount)
    }

    /// Queues the lookups the planner decided on, and wakes idle workers for them.
    private func queue(_ lookups: [SyncItem]) {
        guard !lookups.isEmpty else { return }
        scheduler.queue(lookups)
        report.recordPagesQueued(lookups.filter { if case .movieList = $0 { true } else { false } }.count)
        wakeWaiting()
    }

    private func stop(_ reason: SyncStopReason) {
        guard report.stop(reason) else { return }
        emit(.stopping(reason))
        wakeWaiting()
    }

    private func wakeWaiting() {
        let woken = waiting
        waiting = []
        for continuation in woken { continuation.resume() }
    }
}
