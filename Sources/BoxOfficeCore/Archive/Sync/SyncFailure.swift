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
