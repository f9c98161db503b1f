/// The days off around one year's 설날 or 추석: the run of consecutive days off (weekends, public holidays,
/// substitute holidays and temporary holidays) that holds the holiday.
public struct HolidayWindow: Codable, Sendable, Hashable {
    public var holiday: KoreanHoliday
    /// The year of the holiday (the window never crosses a new year: 설날 falls between 21 January and 20 February).
    public var year: Int
    /// The holiday itself: the first day of the lunar year, or the fifteenth of the eighth lunar month.
    public var day: CalendarDate
    /// The days off, first to last.
    public var days: DateRange
    /// Substitute holidays (대체 공휴일) inside the window: a day off given for a holiday that fell on a Sunday or on
    /// another holiday (since 2014).
    public var substituteDays: [CalendarDate]
    /// Temporary holidays (임시 공휴일) the government declared inside the window.
    public var temporaryDays: [CalendarDate]

    public init(
        holiday: KoreanHoliday, year: Int, day: CalendarDate, days: DateRange, substituteDays: [CalendarDate] = [],
        temporaryDays: [CalendarDate] = []
    ) {
        self.holiday = holiday
        self.year = year
        self.day = day
        self.days = days
        self.substituteDays = substituteDays
        self.temporaryDays = temporaryDays
    }

    /// The holiday's three days (the eve, the day, the day after), which are public holidays every year.
    public var holidayDays: [CalendarDate] { [day.adding(days: -1), day, day.adding(days: 1)] }

    /// Days in the window.
    public var length: Int { days.count }
}
