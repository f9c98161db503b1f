/// The upstream calls a sync may make: asked before every call, retries included.
///
/// A run's own allowance (``SyncCallAllowance``, the ``SyncOptions/budget`` of one `boxoffice sync`) by default;
/// a quota shared with other jobs or instances stands in for it by conforming. A value, so a run owns the one it
/// is given; one that shares a quota keeps a reference to what it shares.
public protocol SyncCallBudget: Sendable {
    /// The figure a report names when the budget ends a run (``SyncStopReason/budget(_:)``).
    var limit: Int { get }
    /// Whether a call may still be made. Asked before an item is handed out, so an item is never taken from the
    /// queue when no call is left for it.
    var hasCallLeft: Bool { get }
    /// Spends one call: `false` (nothing spent) when none is left.
    mutating func spendCall() -> Bool
}

/// A fixed number of calls for one run.
public struct SyncCallAllowance: SyncCallBudget, Hashable {
    /// Calls the run may make.
    public let limit: Int
    /// Calls spent so far.
    public private(set) var spent = 0

    /// An allowance of `limit` calls (none when `limit` is not positive).
    public init(limit: Int) {
        self.limit = max(0, limit)
    }

    public var hasCallLeft: Bool { spent < limit }

    public mutating func spendCall() -> Bool {
        guard hasCallLeft else { return false }
        spent += 1
        return true
    }
}
