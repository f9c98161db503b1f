/// What to archive: every day of a range, and optionally its weeks.
public struct SyncRequest: Sendable, Hashable {
    public var range: DateRange
    /// The weekly charts to archive for every week that overlaps the range and is over: none, the Mon–Sun week
    /// (`boxoffice sync --weekly`), or all three ranges (the keeper).
    public var weeklyRanges: [WeeklyRange]

    /// Also the weekly (Mon–Sun) charts of every week that overlaps the range and is over.
    public var includeWeekly: Bool { !weeklyRanges.isEmpty }

    /// `includeWeekly`: the Mon–Sun weeks as well as the days.
    public init(range: DateRange, includeWeekly: Bool = false) {
        self.init(range: range, weeklyRanges: includeWeekly ? [.week] : [])
    }

    public init(range: DateRange, weeklyRanges: [WeeklyRange]) {
        self.range = range
        self.weeklyRanges = weeklyRanges
    }
}
