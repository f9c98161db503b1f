/// An item of a backfill that failed, and why.
public enum BackfillFailure: Sendable, Hashable, Codable {
    /// The item and the typed reason.
    case item(SyncItem, SyncProblem)
    /// A failure stored by an earlier version as one English line, shown as it is.
    case text(String)
}
