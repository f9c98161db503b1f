/// The 설날 and 추석 windows of 2004–2030: for each year, the holiday and the run of consecutive days off holding it
/// (weekends, the holiday's three days, other public holidays such as 개천절 and 한글날, substitute holidays since
/// 2014, and the temporary holidays the government declared).
///
/// The rows are data, one a line, in a form `Tests/holidays/check_holidays.py` reads: the test command compares
/// every window, substitute and temporary holiday with the Python `holidays` package (country KR). Years after the
/// last declared temporary holiday follow the substitute-holiday law as it stands; a temporary holiday declared later
/// is a new row here.
public enum KoreanHolidayTable {
    /// The years the table covers.
    public static let years = 2004...2030

    /// Every window, by year, 설날 before 추석.
    public static let windows: [HolidayWindow] = rows.compactMap(\.window)

    /// The window of `holiday` in `year`, or `nil` outside ``years``.
    public static func window(_ holiday: KoreanHoliday, year: Int) -> HolidayWindow? {
        windows.first { $0.holiday == holiday && $0.year == year }
    }

    /// Every year's window of `holiday`, oldest first.
    public static func windows(_ holiday: KoreanHoliday) -> [HolidayWindow] {
        windows.filter { $0.holiday == holiday }
    }

    /// The window that holds `day`, if any.
    public static func window(holding day: CalendarDate) -> HolidayWindow? {
        windows.first { $0.days.start <= day && day <= $0.days.end }
    }

    /// One line of the table, as written.
    private struct Row {
        var year: Int
        var holiday: KoreanHoliday
        var day: String
        var from: String
        var to: String
        var substitute: [String] = []
        var temporary: [String] = []

        init(
            _ year: Int, _ holiday: KoreanHoliday, _ day: String, from: String, to: String,
            substitute: [String] = [], temporary: [String] = []
        ) {
            self.year = year
            self.holiday = holiday
            self.day = day
            self.from = from
            self.to = to
            self.substitute = substitute
            self.temporary = temporary
        }

        /// The window the row describes (every row does; a test counts them).
        var window: HolidayWindow? {
            guard let day = CalendarDate(day), let start = CalendarDate(from), let end = CalendarDate(to) else {
                return nil
            }
            return HolidayWindow(
                holiday: holiday, year: year, day: day, days: DateRange(start: start, end: end),
                substituteDays: substitute.compactMap { CalendarDate($0) },
                temporaryDays: temporary.compactMap { CalendarDate($0) })
        }
    }

    // 2017 추석: a temporary holiday (2 October) joined 개천절, the holiday, its substitute (6 October) and 한글날 into
    // ten days. 2023 추석 and 2025 설날: a temporary holiday bridged to the weekend. 2025 추석 ran from 개천절 to
    // 한글날. From 2026 on the windows follow the law alone.
    private static let rows: [Row] = [
        Row(2004, .seollal, "2004-01-22", from: "2004-01-21", to: "2004-01-25"),
        Row(2004, .chuseok, "2004-09-28", from: "2004-09-25", to: "2004-09-29"),
        Row(2005, .seollal, "2005-02-09", from: "2005-02-08", to: "2005-02-10"),
        Row(2005, .chuseok, "2005-09-18", from: "2005-09-17", to: "2005-09-19"),
        Row(2006, .seollal, "2006-01-29", from: "2006-01-28", to: "2006-01-30"),
        Row(2006, .chuseok, "2006-10-06", from: "2006-10-05", to: "2006-10-08"),
        Row(2007, .seollal, "2007-02-18", from: "2007-02-17", to: "2007-02-19"),
        Row(2007, .chuseok, "2007-09-25", from: "2007-09-22", to: "2007-09-26"),
        Row(2008, .seollal, "2008-02-07", from: "2008-02-06", to: "2008-02-10"),
        Row(2008, .chuseok, "2008-09-14", from: "2008-09-13", to: "2008-09-15"),
        Row(2009, .seollal, "2009-01-26", from: "2009-01-24", to: "2009-01-27"),
        Row(2009, .chuseok, "2009-10-03", from: "2009-10-02", to: "2009-10-04"),
        Row(2010, .seollal, "2010-02-14", from: "2010-02-13", to: "2010-02-15"),
        Row(2010, .chuseok, "2010-09-22", from: "2010-09-21", to: "2010-09-23"),
        Row(2011, .seollal, "2011-02-03", from: "2011-02-02", to: "2011-02-06"),
        Row(2011, .chuseok, "2011-09-12", from: "2011-09-10", to: "2011-09-13"),
        Row(2012, .seollal, "2012-01-23", from: "2012-01-21", to: "2012-01-24"),
        Row(2012, .chuseok, "2012-09-30", from: "2012-09-29", to: "2012-10-01"),
        Row(2013, .seollal, "2013-02-10", from: "2013-02-09", to: "2013-02-11"),
        Row(2013, .chuseok, "2013-09-19", from: "2013-09-18", to: "2013-09-22"),
        Row(2014, .seollal, "2014-01-31", from: "2014-01-30", to: "2014-02-02"),
        Row(2014, .chuseok, "2014-09-08", from: "2014-09-06", to: "2014-09-10", substitute: ["2014-09-10"]),
        Row(2015, .seollal, "2015-02-19", from: "2015-02-18", to: "2015-02-22"),
        Row(2015, .chuseok, "2015-09-27", from: "2015-09-26", to: "2015-09-29", substitute: ["2015-09-29"]),
        Row(2016, .seollal, "2016-02-08", from: "2016-02-06", to: "2016-02-10", substitute: ["2016-02-10"]),
        Row(2016, .chuseok, "2016-09-15", from: "2016-09-14", to: "2016-09-18"),
        Row(2017, .seollal, "2017-01-28", from: "2017-01-27", to: "2017-01-30", substitute: ["2017-01-30"]),
        Row(
            2017, .chuseok, "2017-10-04", from: "2017-09-30", to: "2017-10-09", substitute: ["2017-10-06"],
            temporary: ["2017-10-02"]),
        Row(2018, .seollal, "2018-02-16", from: "2018-02-15", to: "2018-02-18"),
        Row(2018, .chuseok, "2018-09-24", from: "2018-09-22", to: "2018-09-26", substitute: ["2018-09-26"]),
        Row(2019, .seollal, "2019-02-05", from: "2019-02-02", to: "2019-02-06"),
        Row(2019, .chuseok, "2019-09-13", from: "2019-09-12", to: "2019-09-15"),
        Row(2020, .seollal, "2020-01-25", from: "2020-01-24", to: "2020-01-27", substitute: ["2020-01-27"]),
        Row(2020, .chuseok, "2020-10-01", from: "2020-09-30", to: "2020-10-04"),
        Row(2021, .seollal, "2021-02-12", from: "2021-02-11", to: "2021-02-14"),
        Row(2021, .chuseok, "2021-09-21", from: "2021-09-18", to: "2021-09-22"),
        Row(2022, .seollal, "2022-02-01", from: "2022-01-29", to: "2022-02-02"),
        Row(2022, .chuseok, "2022-09-10", from: "2022-09-09", to: "2022-09-12", substitute: ["2022-09-12"]),
        Row(2023, .seollal, "2023-01-22", from: "2023-01-21", to: "2023-01-24", substitute: ["2023-01-24"]),
        Row(2023, .chuseok, "2023-09-29", from: "2023-09-28", to: "2023-10-03", temporary: ["2023-10-02"]),
        Row(2024, .seollal, "2024-02-10", from: "2024-02-09", to: "2024-02-12", substitute: ["2024-02-12"]),
        Row(2024, .chuseok, "2024-09-17", from: "2024-09-14", to: "2024-09-18"),
        Row(2025, .seollal, "2025-01-29", from: "2025-01-25", to: "2025-01-30", temporary: ["2025-01-27"]),
        Row(2025, .chuseok, "2025-10-06", from: "2025-10-03", to: "2025-10-09", substitute: ["2025-10-08"]),
        Row(2026, .seollal, "2026-02-17", from: "2026-02-14", to: "2026-02-18"),
        Row(2026, .chuseok, "2026-09-25", from: "2026-09-24", to: "2026-09-27"),
        Row(2027, .seollal, "2027-02-07", from: "2027-02-06", to: "2027-02-09", substitute: ["2027-02-09"]),
        Row(2027, .chuseok, "2027-09-15", from: "2027-09-14", to: "2027-09-16"),
        Row(2028, .seollal, "2028-01-27", from: "2028-01-26", to: "2028-01-30"),
        Row(2028, .chuseok, "2028-10-03", from: "2028-09-30", to: "2028-10-05", substitute: ["2028-10-05"]),
        Row(2029, .seollal, "2029-02-13", from: "2029-02-10", to: "2029-02-14"),
        Row(2029, .chuseok, "2029-09-22", from: "2029-09-21", to: "2029-09-24", substitute: ["2029-09-24"]),
        Row(2030, .seollal, "2030-02-03", from: "2030-02-02", to: "2030-02-05", substitute: ["2030-02-05"]),
        Row(2030, .chuseok, "2030-09-12", from: "2030-09-11", to: "2030-09-15"),
    ]
}
