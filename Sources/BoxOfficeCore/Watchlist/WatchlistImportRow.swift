public import Foundation

/// One watchlist entry read from an import file, checked, before its film is found and it is stored.
public struct WatchlistImportRow: Sendable, Hashable {
    /// Where it is in the file: its position in the JSON `watchlist` array (from 1), or the CSV line it starts on.
    public var row: Int
    /// The KOBIS code (BoxOffice's JSON); `nil` in Letterboxd files, whose rows are matched by title and year.
    public var movieCode: String?
    public var title: String
    /// Letterboxd's `Year`.
    public var year: Int?
    public var openDate: CalendarDate?
    /// When the film joined the list (`nil`: when it is imported).
    public var addedAt: Date?

    public init(
        row: Int, movieCode: String? = nil, title: String, year: Int? = nil, openDate: CalendarDate? = nil,
        addedAt: Date? = nil
    ) {
        self.row = row
        self.movieCode = movieCode
        self.title = title
        self.year = year
        self.openDate = openDate
        self.addedAt = addedAt
    }
}

/// The watchlist of an import file, read: the entries that passed the checks and those that did not.
public struct ParsedWatchlist: Sendable {
    public var rows: [WatchlistImportRow]
    public var invalid: [DiarySkippedRow]
    /// Entries in the file (those past an import's row limit included).
    public var rowCount: Int

    public init(rows: [WatchlistImportRow], invalid: [DiarySkippedRow], rowCount: Int? = nil) {
        self.rows = rows
        self.invalid = invalid
        self.rowCount = rowCount ?? rows.count + invalid.count
    }
}
