import BoxOfficeCore

extension AppServices {
    /// Imports watchlist files (Letterboxd's `watchlist.csv`) with the diary's catalog and import limits, spending
    /// each person's daily import look-ups as the diary's imports do.
    public var watchlistImporter: WatchlistImporter {
        WatchlistImporter(
            watchlist: database.watchlistRepository(),
            notes: database.diaryRepositories(nationOrigin: configuration.upstreamOrigin).notes, catalog: movies,
            calendar: calendar, settings: diaryTransfer.settings,
            lookups: ImportLookupBudget(
                store: database.importLookupBudgetStore(), perDay: configuration.importLookupsPerDay,
                calendar: calendar))
    }
}
