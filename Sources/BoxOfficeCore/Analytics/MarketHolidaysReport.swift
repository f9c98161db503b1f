/// Every year's window of one holiday, from the archive's first year to the latest one begun (`/market/holidays`,
/// `boxoffice market holidays`).
public struct MarketHolidaysReport: Codable, Sendable, Hashable {
    public var holiday: KoreanHoliday
    public var source: ChartSource
    /// Oldest first.
    public var windows: [MarketHolidayWindow]
    /// The English titles of the films it names (``NamesFilms``), once ``ArchiveService/withEnglishTitles(_:)``
    /// filled them.
    public var englishTitles: [String: String]?

    public init(holiday: KoreanHoliday, source: ChartSource, windows: [MarketHolidayWindow]) {
        self.holiday = holiday
        self.source = source
        self.windows = windows
    }
}

extension MarketHolidaysReport: NamesFilms {
    /// Each window's #1.
    public var movieCodes: [String] { Self.firstMentions(windows.compactMap(\.topMovieCode)) }
}
