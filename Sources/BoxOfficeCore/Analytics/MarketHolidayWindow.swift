/// One year's 설날 or 추석 window at the cinema (`/market/holidays`): the market over its days off, the film that
/// sold most, the Korean share, and the change on the previous year's window.
public struct MarketHolidayWindow: Codable, Sendable, Hashable {
    public var year: Int
    /// The holiday itself and the window's days off (cut to yesterday while it runs).
    public var day: CalendarDate
    public var range: DateRange
    /// Days in the window, and those archived.
    public var days: Int
    public var archivedDays: Int
    public var sales: Figure?
    public var koreanShare: Figure?
    /// The film with the most sales over the window's archived days.
    public var topMovieCode: String?
    public var topTitle: String?
    public var topSales: Int64?
    /// Percent change on the previous year's window, a `range`; only when both windows are wholly archived.
    public var change: Figure?
    /// On KOBIS data before 2011: KOBIS then counted only part of the screens.
    public var partialScreens: Bool

    public init(
        window: HolidayWindow, range: DateRange, kept: [MarketDay], films: [MarketFilmDay], previous: MarketTotals?,
        partialScreens: Bool
    ) {
        year = window.year
        day = window.day
        self.range = range
        days = range.count
        let mine = kept.filter { range.start <= $0.day && $0.day <= range.end }
        archivedDays = mine.count
        let totals = MarketTotals(days: mine)
        sales = totals.sales
        koreanShare = totals.koreanShare
        var sums: [String: (title: String, sales: Int64)] = [:]
        for film in films where range.start <= film.day && film.day <= range.end {
            let sum = [sums[film.movieCode]?.sales ?? 0, film.sales].clampedSum()
            sums[film.movieCode] = (film.title, sum)
        }
        let top = sums.min { left, right in
            left.value.sales != right.value.sales ? left.value.sales > right.value.sales : left.key < right.key
        }
        topMovieCode = top?.key
        topTitle = top?.value.title
        topSales = top?.value.sales
        change = previous.flatMap { totals.change(from: $0) }
        self.partialScreens = partialScreens
    }

    /// The window's sums when every one of its days is archived with a market, else `nil`.
    public static func completeTotals(range: DateRange, kept: [MarketDay]) -> MarketTotals? {
        let totals = MarketTotals(days: kept.filter { range.start <= $0.day && $0.day <= range.end })
        return totals.days == range.count ? totals : nil
    }
}
