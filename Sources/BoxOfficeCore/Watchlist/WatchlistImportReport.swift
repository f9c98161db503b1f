import Foundation

/// What importing a watchlist did: Letterboxd's `watchlist.csv`, or the `watchlist` of a diary's JSON file.
public struct WatchlistImportReport: Sendable, Hashable {
    /// Entries in the file.
    public var rows: Int
    /// Films added to the list.
    public var imported: Int
    /// Entries not added, with the reason, in file order (films already listed are ``DiarySkipReason/duplicate``).
    public var skipped: [DiarySkippedRow]
    /// Movie searches sent to KOBIS (Letterboxd only; cached answers included).
    public var kobisSearches: Int

    public init(rows: Int, imported: Int, skipped: [DiarySkippedRow], kobisSearches: Int = 0) {
        self.rows = rows
        self.imported = imported
        self.skipped = skipped
        self.kobisSearches = kobisSearches
    }
}
