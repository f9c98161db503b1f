/// How a watchlist is ordered.
public enum WatchlistSort: String, CaseIterable, Hashable, Sendable {
    /// By opening date, soonest first; unknown dates last.
    case openDate
    /// Most recently added first (the default).
    case added
    /// By title.
    case title
}
