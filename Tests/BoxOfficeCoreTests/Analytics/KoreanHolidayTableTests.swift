import BoxOfficeCore
import Testing

/// The 설날 and 추석 windows: the table is whole and each window is a run of days off holding its holiday.
/// (`Tests/holidays/check_holidays.py`, in the test command, compares every row with PyPI `holidays`.)
@Suite("Holiday windows: 설날 and 추석, 2004-2030")
struct KoreanHolidayTableTests {
    static func day(_ text: String) -> CalendarDate {
        guard let date = CalendarDate(text) else { fatalError("not a day: \(text)") }
        return date
    }

    /// Public holidays on fixed days that can touch a 추석 window: 개천절, and 한글날 again from 2013 (a working day from
    /// 1991 to 2012: 9 October 2006, the Monday after that 추석, was not off).
    static func isFixedHoliday(_ day: CalendarDate) -> Bool {
        (day.month, day.day) == (10, 3) || ((day.month, day.day) == (10, 9) && day.year >= 2013)
    }

    static func isWeekend(_ day: CalendarDate) -> Bool { day.isoWeekday >= 6 }

    @Test("every year of 2004-2030 has one window of each holiday, and every row reads")
    func whole() {
        #expect(KoreanHolidayTable.windows.count == 2 * KoreanHolidayTable.years.count)
        for year in KoreanHolidayTable.years {
            for holiday in KoreanHoliday.allCases {
                let window = KoreanHolidayTable.window(holiday, year: year)
                #expect(window?.year == year, "\(holiday) \(year)")
                #expect(window?.day.year == year)
            }
        }
        #expect(KoreanHolidayTable.window(.seollal, year: 2003) == nil)
        #expect(KoreanHolidayTable.window(.chuseok, year: 2031) == nil)
        #expect(KoreanHolidayTable.windows(.seollal).map(\.year) == Array(KoreanHolidayTable.years))
    }

    @Test("each window is a run of days off holding the holiday's three days, between two working days")
    func runsOfDaysOff() {
        for window in KoreanHolidayTable.windows {
            let label = "\(window.holiday) \(window.year)"
            #expect(window.days.start <= window.day && window.day <= window.days.end, "\(label)")
            for holidayDay in window.holidayDays {
                #expect(window.days.start <= holidayDay && holidayDay <= window.days.end, "\(label)")
            }
            let listed = Set(window.holidayDays + window.substituteDays + window.temporaryDays)
            for day in window.days.days {
                let off = Self.isWeekend(day) || listed.contains(day) || Self.isFixedHoliday(day)
                #expect(off, "\(label): \(day) is in the window but is a working day")
            }
            for outside in [window.days.start.adding(days: -1), window.days.end.adding(days: 1)] {
                #expect(!Self.isWeekend(outside) && !Self.isFixedHoliday(outside), "\(label): \(outside) is off")
            }
            // Substitute holidays began with 추석 2014.
            if window.year < 2014 { #expect(window.substituteDays.isEmpty, "\(label)") }
            #expect(window.length >= 3 && window.length <= 10, "\(label)")
        }
    }

    @Test("known windows: the ten days of 추석 2017, 설날 2025's temporary holiday, 설날 2004")
    func knownWindows() {
        let chuseok2017 = KoreanHolidayTable.window(.chuseok, year: 2017)
        #expect(chuseok2017?.days == DateRange(start: Self.day("2017-09-30"), end: Self.day("2017-10-09")))
        #expect(chuseok2017?.length == 10)
        #expect(chuseok2017?.temporaryDays == [Self.day("2017-10-02")])
        #expect(chuseok2017?.substituteDays == [Self.day("2017-10-06")])

        let seollal2025 = KoreanHolidayTable.window(.seollal, year: 2025)
        #expect(seollal2025?.days == DateRange(start: Self.day("2025-01-25"), end: Self.day("2025-01-30")))
        #expect(seollal2025?.temporaryDays == [Self.day("2025-01-27")])
        #expect(seollal2025?.day == Self.day("2025-01-29"))

        #expect(
            KoreanHolidayTable.window(.seollal, year: 2004)?.days
                == DateRange(start: Self.day("2004-01-21"), end: Self.day("2004-01-25")))
        // 추석 2028 falls on 개천절: its substitute is the day after the day after.
        #expect(KoreanHolidayTable.window(.chuseok, year: 2028)?.substituteDays == [Self.day("2028-10-05")])
        #expect(KoreanHolidayTable.window(holding: Self.day("2017-10-02"))?.holiday == .chuseok)
        #expect(KoreanHolidayTable.window(holding: Self.day("2017-10-10")) == nil)
        #expect(KoreanHolidayTable.window(.chuseok, year: 2006)?.days.end == Self.day("2006-10-08"))
    }

    @Test(
        "the holiday a person types",
        arguments: [
            ("seollal", KoreanHoliday.seollal), ("chuseok", .chuseok), ("CHUSEOK", .chuseok), ("", .chuseok),
        ])
    func parameter(text: String, holiday: KoreanHoliday) throws {
        #expect(try KoreanHoliday(parameter: text) == holiday)
    }

    @Test("anything else is refused, naming the value")
    func refused() throws {
        #expect(throws: BoxOfficeError.invalid("holiday", .oneOf(["seollal", "chuseok"]), value: "christmas")) {
            try KoreanHoliday(parameter: "christmas")
        }
        #expect(throws: BoxOfficeError.self) { try KoreanHoliday(parameter: "seollal ") }
        #expect(try KoreanHoliday(parameter: nil) == .chuseok)
    }
}
