/// The result of a sync run.
public struct SyncReport: Sendable, Hashable {
    public var request: SyncRequest
    public var plan: SyncPlan
    /// Charts fetched and stored.
    public var chartsStored: Int = 0
    /// Charts KOBIS has not counted yet (empty answers for recent days).
    public var chartsNotCounted: Int = 0
    /// Films whose details were fetched.
    public var moviesFetched: Int = 0
    /// Films whose nation came from a movie-list page (many films per call).
    public var moviesFromLists: Int = 0
    /// Movie-list pages fetched.
    public var listPagesFetched: Int = 0
    /// Films KOBIS has no details for (a definitive answer, not a failure): their nation is stored as unknown, so
    /// no later run asks again.
    public var filmsWithoutDetails: Int = 0
    /// Films whose nation came from details already stored (no call).
    public var moviesFromStore: Int = 0
    /// Films looked up upstream (found in the range's charts with no nation and no stored details): from a
    /// movie list or their details.
    public var moviesPlanned: Int = 0
    /// Whether every film of the range's archived charts was looked after (false when the run stopped early:
    /// the next run picks the rest up).
    public var moviesChecked = false
    /// Upstream calls made, retries included.
    public var calls: Int = 0
    public var retries: Int = 0
    public var failures: [SyncFailure] = []
    /// Charts and film lookups neither done nor failed (budget, interruption, early stop); a film waiting for a
    /// movie-list page that was never fetched counts as a film left.
    public var notAttemptedCharts: Int = 0
    public var notAttemptedMovies: Int = 0
    /// Items neither done nor failed, charts and films together.
    public var notAttempted: Int { notAttemptedCharts + notAttemptedMovies }
    public var stopReason: SyncStopReason?

    public init(request: SyncRequest, plan: SyncPlan) {
        self.request = request
        self.plan = plan
    }

    /// True when everything planned was stored and nothing failed or was left.
    public var isComplete: Bool { stopReason == nil && failures.isEmpty && notAttempted == 0 }

    /// The request that continues the work when run again (the archive remembers what is done), or `nil` when
    /// complete.
    public var continueRequest: SyncRequest? { isComplete && chartsNotCounted == 0 ? nil : request }
}
