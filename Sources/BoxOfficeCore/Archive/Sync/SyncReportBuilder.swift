/// The report of a run as it fills: every counter a run keeps lives in the ``SyncReport`` it ends as, or in the
/// ``SyncProgress`` its events carry (calls, films from the store, films planned), copied over at the end.
struct SyncReportBuilder: Sendable {
    private(set) var report: SyncReport
    private(set) var progress: SyncProgress

    init(request: SyncRequest, plan: SyncPlan) {
        report = SyncReport(request: request, plan: plan)
        progress = SyncProgress(chartsTotal: plan.items.count)
    }

    /// Why the run stops, once something stopped it.
    var stopReason: SyncStopReason? { report.stopReason }

    /// Records why the run stops; the first reason wins. Returns whether this one did.
    mutating func stop(_ reason: SyncStopReason) -> Bool {
        guard report.stopReason == nil else { return false }
        report.stopReason = reason
        return true
    }

    /// One upstream call made.
    mutating func recordCall() { progress.calls += 1 }

    /// A call counted by ``recordCall()`` was never made (the quota ledger refused it).
    mutating func recordCallRefused() { progress.calls -= 1 }

    /// One transient failure about to be retried.
    mutating func recordRetry() { report.retries += 1 }

    /// `count` films whose nation came from details already stored (no call).
    mutating func recordFilmsFromStore(_ count: Int) { progress.moviesFromStore += count }

    /// `count` films whose nation is to be looked up upstream joined the work.
    mutating func recordFilmsQueued(_ count: Int) { progress.moviesTotal += count }

    /// `count` of the films joined so far learned their nation from a movie-list page.
    mutating func recordFilmsFromLists(_ count: Int) {
        progress.moviesDone += count
        report.moviesFromLists += count
    }

    /// `count` movie-list pages queued.
    mutating func recordPagesQueued(_ count: Int) { progress.listPagesTotal += count }

    /// A movie-list page came back and is taken in.
    mutating func recordPageFetched() { report.listPagesFetched += 1 }

    /// An item handed out ended.
    mutating func recordFinished(_ item: SyncItem, _ outcome: SyncOutcome) {
        switch item {
        case .chart: progress.chartsDone += 1
        case .movie: progress.moviesDone += 1
        case .movieList: progress.listPagesDone += 1
        }
        switch outcome {
        case .stored:
            switch item {
            case .chart: report.chartsStored += 1
            case .movie: report.moviesFetched += 1
            case .movieList: break
            }
        case .notCountedYet:
            report.chartsNotCounted += 1
        case .noDetails:
            report.filmsWithoutDetails += 1
        case .failed(let problem, let transient):
            report.failures.append(SyncFailure(item: item, problem: problem, transient: transient))
        case .notAttempted:
            switch item {
            case .chart: report.notAttemptedCharts += 1
            case .movie: report.notAttemptedMovies += 1
            case .movieList: break  // its waiting films count as left
            }
        }
    }

    /// The report at the end of the run: items never handed out count as not attempted, and so do films still
    /// waiting for a list page.
    func finished(chartsLeft: Int, movieLookupsLeft: Int, filmsWaiting: Int) -> SyncReport {
        var report = report
        report.moviesFromStore = progress.moviesFromStore
        report.moviesPlanned = progress.moviesTotal
        report.moviesChecked = report.stopReason == nil
        report.calls = progress.calls
        report.notAttemptedCharts += chartsLeft
        report.notAttemptedMovies += movieLookupsLeft + filmsWaiting
        return report
    }
}
