import Foundation

/// An import file, read: the rows that passed the checks, those that did not, and (JSON) the categories.
public struct ParsedDiaryFile: Sendable {
    public var rows: [DiaryImportRow]
    public var invalid: [DiarySkippedRow]
    /// Categories listed in the file, in order (own JSON only).
    public var categories: [DiaryImportBatch.Category]
    /// The watchlist (own JSON only; `nil` when the file has none, as files exported before it had).
    public var watchlist: ParsedWatchlist?
    /// Data rows in the file.
    public var rowCount: Int { rows.count + invalid.count }

    public init(
        rows: [DiaryImportRow], invalid: [DiarySkippedRow], categories: [DiaryImportBatch.Category] = [],
        watchlist: ParsedWatchlist? = nil
    ) {
        self.rows = rows
        self.invalid = invalid
        self.categories = categories
        self.watchlist = watchlist
    }
}
