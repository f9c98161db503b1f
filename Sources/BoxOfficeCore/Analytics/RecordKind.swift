/// The four records lists (`/records/{kind}`).
public enum RecordKind: String, Codable, Sendable, Hashable, CaseIterable {
    /// Fastest to a milestone.
    case milestones
    /// The largest finals, all time or of one year's films.
    case totals
    /// The longest runs at #1, and most days at #1.
    case streaks
    /// The best legs and the steepest second-weekend drops.
    case legs
}

/// How a records list is ordered; the JSON's `order` of each list.
public enum RecordOrder: String, Codable, Sendable, Hashable, CaseIterable {
    /// By the crossing's day of run (a range's end), then its earliest day.
    case fastest
    /// By final admissions (a floor), largest first.
    case audience
    /// By final sales (a floor), largest first.
    case sales
    /// By the longest unbroken run at #1.
    case longestStreak
    /// By days at #1.
    case daysAtNumberOne
    /// By final ÷ opening weekend, largest first.
    case legs
    /// By 1 − second weekend ÷ opening weekend, largest first.
    case secondWeekendDrop
}

/// What a totals list sums: admissions or sales.
public enum RecordMeasure: String, Codable, Sendable, Hashable, CaseIterable {
    case audience
    case sales
}
