public import BoxOfficeCore

extension BoxOfficeDatabase {
    /// Watchlists and removal preferences, shared by every instance on this database.
    public func watchlistRepository() -> any WatchlistRepository {
        FluentWatchlistRepository(database: database)
    }

    /// Alerts, stored once per person, film and kind across every instance on this database.
    public func alertRepository() -> any AlertRepository {
        FluentAlertRepository(database: database)
    }
}
