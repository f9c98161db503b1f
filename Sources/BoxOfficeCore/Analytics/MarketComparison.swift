/// A period against the same calendar days a year before, counting the days archived (with a market) in both:
/// year to date against the year before's same days, a month against the same month, a range against its twin.
public struct MarketComparison: Codable, Sendable, Hashable {
    /// The period and its twin a year before (29 February has none).
    public var range: DateRange
    public var previousRange: DateRange
    /// Days compared.
    public var days: Int
    public var sales: Figure?
    public var previousSales: Figure?
    /// Percent change, a `range`.
    public var change: Figure?

    public init(range: DateRange, previousRange: DateRange, current: [MarketDay], previous: [MarketDay]) {
        self.range = range
        self.previousRange = previousRange
        // By date, not by month and day: a range of 366 days can hold the same calendar day twice.
        var before: [CalendarDate: MarketDay] = [:]
        for day in previous where day.salesLow != nil { before[day.day] = day }
        var now = MarketTotals(days: [])
        var then = MarketTotals(days: [])
        for day in current where day.salesLow != nil && !Self.isLeapDay(day.day) {
            guard let twin = before[Self.yearBefore(day.day)] else { continue }
            now.add(day)
            then.add(twin)
        }
        days = now.days
        sales = now.sales
        previousSales = then.sales
        change = now.change(from: then)
    }

    /// The same calendar day a year earlier (28 February for 29 February), clamped to the calendar's range.
    public static func yearBefore(_ day: CalendarDate) -> CalendarDate {
        let year = Swift.max(day.year - 1, 1)
        let last = CalendarDate.daysIn(month: day.month, year: year)
        return CalendarDate(year: year, month: day.month, day: Swift.min(day.day, last)) ?? day.adding(days: -365)
    }

    /// The days a year before `range` that its days are compared with: from the first one's (the day after 29
    /// February's, which compares with none) to the last one's.
    public static func previousRange(of range: DateRange) -> DateRange {
        let first = isLeapDay(range.start) && range.start < range.end ? range.start.adding(days: 1) : range.start
        return DateRange(start: yearBefore(first), end: yearBefore(range.end))
    }

    /// 29 February, which has no day a year before (28 February is 28 February's).
    static func isLeapDay(_ day: CalendarDate) -> Bool {
        day.month == 2 && day.day == 29
    }
}
