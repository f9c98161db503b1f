/// Where a watchlisted film stands at the box office, from the archive: the latest stored daily chart (yesterday
/// in Seoul) and the film's opening date.
///
/// JSON (`state` of `/api/v1/watchlist`) is ``name``; a charted film also carries `rank`, `daysSinceOpening`
/// and `audienceTotal` beside it.
public enum WatchState: Hashable, Sendable {
    /// The opening date is ahead (or unknown and the film has never been charted).
    case upcoming
    /// Opened, not on the latest chart, and never charted since being listed.
    case showing
    /// On the latest daily chart.
    /// - Parameters:
    ///   - rank: its rank that day.
    ///   - daysSinceOpening: days from the opening date to the chart day (0 on the opening day), `nil` when the
    ///     opening date is unknown.
    ///   - audienceTotal: admissions up to the chart day.
    case charted(rank: Int, daysSinceOpening: Int?, audienceTotal: Int64)
    /// Was charted, and is not on the latest chart.
    case left

    /// `upcoming`, `showing`, `charted` or `left`.
    public var name: String {
        switch self {
        case .upcoming: return "upcoming"
        case .showing: return "showing"
        case .charted: return "charted"
        case .left: return "left"
        }
    }
}
