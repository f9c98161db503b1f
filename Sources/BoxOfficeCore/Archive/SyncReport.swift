public import Foundation
import KOBIS

/// How a sync is run.
public struct SyncOptions: Sendable, Hashable {
    /// Upstream calls in flight at once.
    public var concurrency: Int
    /// The most upstream calls this run may make, retries included.
    public var budget: Int
    /// Attempts per item for transient failures (timeouts, connection trouble, 5xx, unreadable bodies).
    public var maxAttempts: Int
    /// The wait before the first retry; it doubles for each further retry, up to `maxRetryDelay`.
    public var retryDelay: Duration
    public var maxRetryDelay: Duration
    /// The run stops when this many items in a row have failed (KOBIS down, or refusing every request).
    public var maxConsecutiveFailures: Int
    /// A provisional chart fetched less than this long ago is not fetched again.
    public var provisionalTTL: TimeInterval
    /// How many films of one opening year whose nation is unknown must be waiting before that year's movie list
    /// is read (page 1 tells how many pages it has); fewer get a details call each. See ``defaultListThreshold``.
    public var listThreshold: Int

    /// 2,500: leaves 500 of the free key's 3,000 daily calls for the web app and other work.
    public static let defaultBudget = 2_500
    public static let defaultConcurrency = 4
    /// More than this is unkind to KOBIS.
    public static let maximumConcurrency = 16
    /// 5. Reading a year's list is a gamble only for its first page: further pages are fetched only while they
    /// are fewer than the year's films still waiting, so they never cost more calls than details would. The
    /// first page is taken once 5 films wait, so a year whose list does not pay off (on KOBIS a year has ~1,900
    /// films, ~19 pages) costs at most one call more than details: 6 calls instead of 5 at worst (+20%), and
    /// the loss shrinks as more films wait. Fewer than 5 films of a year (re-releases, previews of next year's
    /// films) are not worth the gamble and get details.
    public static let defaultListThreshold = 5
    /// Films per movie-list page: KOBIS's largest page.
    public static let listPageSize = 100

    public init(
        concurrency: Int = SyncOptions.defaultConcurrency, budget: Int = SyncOptions.defaultBudget,
        maxAttempts: Int = 4,
        retryDelay: Duration = .milliseconds(500), maxRetryDelay: Duration = .seconds(8),
        maxConsecutiveFailures: Int = 5,
        provisionalTTL: TimeInterval = 600, listThreshold: Int = SyncOptions.defaultListThreshold
    ) {
        self.concurrency = max(1, concurrency)
        self.budget = max(0, budget)
        self.maxAttempts = max(1, maxAttempts)
        self.retryDelay = retryDelay
        self.maxRetryDelay = maxRetryDelay
        self.maxConsecutiveFailures = max(1, maxConsecutiveFailures)
        self.provisionalTTL = provisionalTTL
        self.listThreshold = max(1, listThreshold)
    }

    /// The wait before retry number `retry` (1 for the first).
    public func delay(beforeRetry retry: Int) -> Duration {
        var delay = retryDelay
        for _ in 1..<max(1, retry) where delay < maxRetryDelay { delay *= 2 }
        return min(delay, maxRetryDelay)
    }
}

/// How one item ended.
public enum SyncOutcome: Sendable, Hashable {
    /// Fetched and stored.
    case stored
    /// KOBIS answered an empty chart for a recent period (not counted yet): not stored, so a later run fetches it.
    case notCountedYet
    /// Failed; `transient` when a later run may well succeed.
    case failed(SyncProblem, transient: Bool)
    /// Not attempted: the budget ran out or the run was stopped.
    case notAttempted
}

/// Why a run ended before doing everything.
public enum SyncStopReason: Sendable, Hashable {
    /// The call budget was used up.
    case budget(Int)
    /// Someone asked the run to stop (Ctrl-C).
    case interrupted
    /// Too many items failed in a row; `last` is the last failure.
    case repeatedFailures(count: Int, last: SyncProblem)
    /// A failure that dooms every call (KOBIS rejected the key) or the store failing.
    case fatal(SyncProblem)
}

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

/// What a sync reports as it goes. Events arrive one at a time, in order.
public enum SyncEvent: Sendable, Hashable {
    /// The run begins with `progress.chartsTotal` charts to fetch; `skipped` charts needed no call.
    case started(SyncProgress, skipped: Int)
    /// `count` films whose nation is to be looked up (from a movie list or their details) joined the work (their
    /// charts named them).
    case moviesQueued(count: Int, SyncProgress)
    /// An item ended.
    case itemFinished(SyncItem, SyncOutcome, SyncProgress)
    /// A transient failure; the item is tried again after `delay`.
    case retrying(SyncItem, attempt: Int, problem: SyncProblem, delay: Duration)
    /// The run stops early.
    case stopping(SyncStopReason)
}

/// A failed item, for the report at the end.
public struct SyncFailure: Sendable, Hashable {
    public var item: SyncItem
    public var problem: SyncProblem
    public var transient: Bool

    public init(item: SyncItem, problem: SyncProblem, transient: Bool) {
        self.item = item
        self.problem = problem
        self.transient = transient
    }
}

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

/// Lets another task ask a running sync to stop: calls in flight finish and are stored, no new one starts.
public final class SyncControl: Sendable {
    private let stopped = Locked(false)

    public init() {}

    /// Asks the run to stop after the calls in flight.
    public func requestStop() { stopped.withLock { $0 = true } }
    public var isStopRequested: Bool { stopped.withLock { $0 } }
}
