/// One archived day of `/market/days`: the market, the top 10's and the Korean films' shares, and the #1 film's
/// grip on the shows.
public struct MarketDayLine: Codable, Sendable, Hashable {
    public var date: CalendarDate
    /// The day's sales, a `range` in won (none when no row pinned it).
    public var sales: Figure?
    public var topTenShare: Figure?
    public var koreanShare: Figure?
    /// The rows' ranges did not meet: ``sales`` is the #1 row's range alone.
    public var inconsistent: Bool
    public var firstMovieCode: String?
    public var firstTitle: String?
    /// The #1 film's percent of the top 10's shows.
    public var firstShowShare: Double?
    public var showHHI: Double?
    /// One film had more than half the top 10's shows.
    public var monopoly: Bool
    /// The 설날 or 추석 window holding the day.
    public var holiday: KoreanHoliday?

    public init(_ day: MarketDay) {
        let totals = day.totals
        date = day.day
        sales = totals.sales
        topTenShare = totals.outsideShare.map(MarketSales.complement)
        koreanShare = totals.koreanShare
        inconsistent = day.isInconsistent
        firstMovieCode = day.first?.movieCode
        firstTitle = day.first?.title
        firstShowShare = day.firstShowShare.map(Self.hundredths)
        showHHI = day.showHerfindahl.map { ($0 * 10).rounded() / 10 }
        monopoly = day.isMonopoly
        holiday = KoreanHolidayTable.window(holding: day.day)?.holiday
    }

    static func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
