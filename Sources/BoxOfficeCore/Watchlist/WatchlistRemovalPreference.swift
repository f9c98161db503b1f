/// What to do with a watchlisted film when its person logs a note about it.
public enum WatchlistRemovalPreference: String, CaseIterable, Codable, Hashable, Sendable {
    /// Offer to take it off the list (the default).
    case ask
    /// Take it off without asking.
    case always
    /// Leave it on the list.
    case never
}
