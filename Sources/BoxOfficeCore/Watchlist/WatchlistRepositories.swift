public import Foundation

/// Stores watchlists. Every call but ``watchers(movieCodes:openingOn:)`` is scoped to one user: another user's
/// entries do not exist.
public protocol WatchlistRepository: Sendable {
    /// Adds `entry` to the user's list unless the film is on it; returns the stored entry (the earlier one for a
    /// film already listed) and whether it was added now. Safe when two requests add the same film at once.
    func add(_ entry: WatchlistEntry, userID: UUID) async throws -> (entry: WatchlistEntry, added: Bool)
    /// Adds each of `entries` (distinct films) unless the film is on the user's list already, in as few statements
    /// as the database allows (imports); returns the codes of the films added now.
    func addEntries(_ entries: [WatchlistEntry], userID: UUID) async throws -> Set<String>
    /// Takes the film off the user's list; `false` when it was not on it.
    func remove(movieCode: String, userID: UUID) async throws -> Bool
    /// The user's whole list, most recently added first.
    func entries(userID: UUID) async throws -> [WatchlistEntry]
    /// Which of `movieCodes` are on the user's list (for the marks on cached chart pages).
    func listedCodes(_ movieCodes: [String], userID: UUID) async throws -> Set<String>
    /// Everyone watching any of `movieCodes`, or a film whose stored opening date is `openingOn`, in one query.
    func watchers(movieCodes: Set<String>, openingOn: CalendarDate?) async throws -> [Watcher]
    /// The user's choice for a film they log a note about (``WatchlistRemovalPreference/ask`` when never set).
    func removalPreference(userID: UUID) async throws -> WatchlistRemovalPreference
    func setRemovalPreference(_ preference: WatchlistRemovalPreference, userID: UUID) async throws
}

/// Stores alerts. Reads and changes are scoped to one user.
public protocol AlertRepository: Sendable {
    /// Stores each event as a new unread alert unless the user already has one of the same kind for the same film
    /// (a unique constraint decides, so instances deriving the same day at once store it once). Returns only the
    /// alerts stored by this call, in the order of `events`.
    func insert(_ events: [AlertEvent], createdAt: Date) async throws -> [Alert]
    /// The user's alerts, newest first (at most `limit`), only the unread ones when `unreadOnly`.
    func alerts(userID: UUID, unreadOnly: Bool, limit: Int) async throws -> [Alert]
    func unreadCount(userID: UUID) async throws -> Int
    /// Marks the user's alerts with these ids read (every unread one when `ids` is `nil`); ids that are not the
    /// user's are ignored. Returns how many changed.
    func markRead(ids: [UUID]?, userID: UUID) async throws -> Int
}

/// Hears about alerts as they are first stored (webhook delivery, live counts). Called once per stored alert
/// batch by the instance that stored them, never for alerts another instance or an earlier run stored.
public protocol AlertListener: Sendable {
    /// `alerts` were just stored (never empty). Errors are the listener's to handle; it must not block for long.
    func alertsStored(_ alerts: [Alert]) async
}
