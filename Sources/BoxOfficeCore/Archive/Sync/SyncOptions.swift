public import Foundation

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
        SyncRetryPolicy(self).delay(beforeRetry: retry)
    }
}
