import Foundation

/// What an import did.
public struct DiaryImportReport: Sendable, Hashable {
    public var format: DiaryFileFormat
    /// Data rows in the file.
    public var rows: Int
    /// Notes added.
    public var imported: Int
    /// Rows not added, with the reason, in file order.
    public var skipped: [DiarySkippedRow]
    public var categoriesCreated: [String]
    /// Movie searches sent to KOBIS (Letterboxd only; cached answers included).
    public var kobisSearches: Int
    /// The file's watchlist (own JSON only; `nil` when the file has none).
    public var watchlist: WatchlistImportReport?

    public init(
        format: DiaryFileFormat, rows: Int, imported: Int, skipped: [DiarySkippedRow], categoriesCreated: [String],
        kobisSearches: Int, watchlist: WatchlistImportReport? = nil
    ) {
        self.format = format
        self.rows = rows
        self.imported = imported
        self.skipped = skipped
        self.categoriesCreated = categoriesCreated
        self.kobisSearches = kobisSearches
        self.watchlist = watchlist
    }
}
