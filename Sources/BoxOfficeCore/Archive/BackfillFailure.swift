/// An item of a backfill that failed, and why.
public struct BackfillFailure: Sendable, Hashable, Codable {
    public var item: SyncItem
    /// Why it failed; `nil` for a failure stored by an earlier version, whose words are in `text`.
    public var problem: SyncProblem?
    /// The line an earlier version stored (English), when `problem` is `nil`.
    public var text: String?

    public init(item: SyncItem, problem: SyncProblem) {
        self.item = item
        self.problem = problem
        self.text = nil
    }

    /// A failure stored by an earlier version as one English line.
    public init(legacyText: String) {
        self.item = .movie(code: "")
        self.problem = nil
        self.text = legacyText
    }
}
