/// What a finished backfill has to say, as a typed reason stored with the job and worded by the page that shows it.
public enum BackfillMessage: Sendable, Hashable, Codable {
    /// Some items failed (they are listed with the job).
    case itemsFailed(count: Int)
    /// Recent charts KOBIS has not counted yet; running it again later fetches them.
    case notCountedYet(charts: Int)
    /// The run stopped at its call budget; restarting continues.
    case budget(calls: Int)
    /// The server stopped while the job ran.
    case serverStopped
    /// The job's server instance stopped answering; restarting continues.
    case instanceLost
    /// Too many items failed in a row; `last` is the last failure.
    case repeatedFailures(count: Int, last: SyncProblem)
    /// A failure that ended the run (KOBIS refused the key, the store failed).
    case problem(SyncProblem)
    /// A message stored by an earlier version of BoxOffice, in English, shown as it is.
    case text(String)
}
