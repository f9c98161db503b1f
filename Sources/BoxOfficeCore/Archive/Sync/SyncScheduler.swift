/// The work queue of one sync run and the calls it may make: the planned charts, oldest first, and the film
/// lookups (list pages and details) that join as the charts arrive. Lookups are handed out first, so they run
/// while the charts are still being fetched; no item is handed out without a call left for it.
///
/// A plain value: whoever owns it (the run's actor) makes idle workers wait when ``next()`` says so.
struct SyncScheduler: Sendable {
    /// What a worker does next.
    enum Next: Sendable, Hashable {
        /// Fetch this item (it counts as outstanding until ``finish(_:)``).
        case item(SyncItem)
        /// Nothing is queued, but items in flight may still queue lookups: wait for them.
        case wait
        /// Nothing is queued or in flight: the work is done.
        case finished
        /// Items are queued but the budget has no call left for them.
        case outOfCalls
    }

    private let charts: [SyncItem]
    private var nextChart = 0
    private var lookups: [SyncItem] = []
    private var nextLookup = 0
    /// Items handed out and not finished yet: while there are any, an empty queue may still grow.
    private var outstanding = 0
    private var chartsFinished = 0
    private var budget: any SyncCallBudget

    init(charts: [SyncItem], budget: any SyncCallBudget) {
        self.charts = charts
        self.budget = budget
    }

    /// The planned charts: how many there are, finished and handed out.
    var plannedCharts: PlannedCharts {
        PlannedCharts(count: charts.count, finished: chartsFinished, allHandedOut: nextChart == charts.count)
    }

    /// The figure a report names when the budget ended the run.
    var budgetLimit: Int { budget.limit }

    /// Charts never handed out.
    var chartsLeft: Int { charts.count - nextChart }

    /// Details lookups queued and never handed out.
    var movieLookupsLeft: Int {
        lookups[min(nextLookup, lookups.count)...].filter { if case .movie = $0 { true } else { false } }.count
    }

    /// Queues lookups behind those already queued (and ahead of every chart).
    mutating func queue(_ items: [SyncItem]) {
        lookups.append(contentsOf: items)
    }

    /// Hands out the next item, lookups first, or says why there is none.
    mutating func next() -> Next {
        let hasQueued = nextLookup < lookups.count || nextChart < charts.count
        guard hasQueued else { return outstanding == 0 ? .finished : .wait }
        guard budget.hasCallLeft else { return .outOfCalls }
        outstanding += 1
        if nextLookup < lookups.count {
            defer { nextLookup += 1 }
            return .item(lookups[nextLookup])
        }
        defer { nextChart += 1 }
        return .item(charts[nextChart])
    }

    /// Spends one call of the budget for an item handed out (every attempt spends one); `false` when none is left.
    mutating func spendCall() -> Bool {
        budget.spendCall()
    }

    /// An item handed out ended, whatever its outcome.
    mutating func finish(_ item: SyncItem) {
        outstanding -= 1
        if case .chart = item { chartsFinished += 1 }
    }
}
