public import Foundation

/// A person watching a film: one row of ``WatchlistRepository/watchers(movieCodes:openingOn:)``.
public struct Watcher: Hashable, Sendable {
    public var userID: UUID
    public var entry: WatchlistEntry

    public init(userID: UUID, entry: WatchlistEntry) {
        self.userID = userID
        self.entry = entry
    }
}
