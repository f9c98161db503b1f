/// What to archive: every day of a range, and optionally its weeks.
public struct SyncRequest: Sendable, Hashable {
    public var range: DateRange
    /// Also the weekly (Mon–Sun) charts of every week that overlaps the range and is over.
    public var includeWeekly: Bool

    public init(range: DateRange, includeWeekly: Bool = false) {
        self.range = range
        self.includeWeekly = includeWeekly
    }
}
