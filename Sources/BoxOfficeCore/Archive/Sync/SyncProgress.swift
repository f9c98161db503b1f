/// How far a run has come. Charts are known from the plan; films join as the charts that name them arrive,
/// so ``total`` can grow while the run goes on.
public struct SyncProgress: Sendable, Hashable {
    /// Charts handed out and finished (stored, not counted yet, failed, or given up), of `chartsTotal` planned.
    public var chartsDone = 0
    public var chartsTotal = 0
    /// Films whose nation is looked up upstream (from a movie list or their details), finished (learned,
    /// fetched or failed), of `moviesTotal` met so far.
    public var moviesDone = 0
    public var moviesTotal = 0
    /// Films whose nation came from details already stored: no call, not part of `total`.
    public var moviesFromStore = 0
    /// Movie-list pages finished, of `listPagesTotal` queued so far.
    public var listPagesDone = 0
    public var listPagesTotal = 0
    /// Upstream calls made so far, retries included.
    public var calls = 0

    public init(
        chartsDone: Int = 0, chartsTotal: Int = 0, moviesDone: Int = 0, moviesTotal: Int = 0, moviesFromStore: Int = 0,
        listPagesDone: Int = 0, listPagesTotal: Int = 0, calls: Int = 0
    ) {
        self.chartsDone = chartsDone
        self.chartsTotal = chartsTotal
        self.moviesDone = moviesDone
        self.moviesTotal = moviesTotal
        self.moviesFromStore = moviesFromStore
        self.listPagesDone = listPagesDone
        self.listPagesTotal = listPagesTotal
        self.calls = calls
    }

    /// Items finished: charts, films and list pages together.
    public var completed: Int { chartsDone + moviesDone + listPagesDone }
    /// Items known so far: charts, films and list pages together.
    public var total: Int { chartsTotal + moviesTotal + listPagesTotal }
}
