import BoxOfficeCore
import Foundation
import Testing

@Suite("Dates in Asia/Seoul")
struct BoxOfficeCalendarTests {
    @Test("yesterday flips at midnight KST, not at the server's midnight")
    func yesterdayFlipsAtSeoulMidnight() {
        // 2026-11-21 23:59 KST = 14:59 UTC: yesterday is the 20th.
        let before = BoxOfficeCalendar(now: { seoul(2026, 11, 21, 23, 59) })
        #expect(before.yesterday.isoString == "2026-11-20")
        // 2026-11-22 00:00 KST = 2026-11-21 15:00 UTC, still the 21st in UTC and in Los Angeles.
        let after = BoxOfficeCalendar(now: { seoul(2026, 11, 22, 0, 0) })
        #expect(after.yesterday.isoString == "2026-11-21")
        #expect(after.today.isoString == "2026-11-22")
    }

    @Test(
        "the result does not depend on the process time zone",
        arguments: ["UTC", "America/Los_Angeles", "Pacific/Kiritimati", "Asia/Seoul"])
    func independentOfProcessZone(zone: String) {
        let saved = NSTimeZone.default
        NSTimeZone.default = TimeZone(identifier: zone)!
        defer { NSTimeZone.default = saved }
        let calendar = BoxOfficeCalendar(now: { seoul(2026, 11, 22, 7, 0) })
        #expect(calendar.yesterday.isoString == "2026-11-21")
    }

    @Test("today, future and too-early dates are rejected with a clear message")
    func validation() throws {
        let calendar = BoxOfficeCalendar(now: { seoul(2026, 11, 22, 9) })
        #expect(throws: Never.self) { try calendar.validateDaily(CalendarDate("2026-11-21")!) }
        #expect(throws: Never.self) { try calendar.validateDaily(CalendarDate("2004-01-01")!) }
        do {
            try calendar.validateDaily(CalendarDate("2026-11-22")!)
            Issue.record("today accepted")
        } catch {
            #expect(error.message.contains("today"))
            #expect(error.message.contains("2026-11-21"))
        }
        #expect(throws: BoxOfficeError.self) { try calendar.validateDaily(CalendarDate("2027-01-01")!) }
        #expect(throws: BoxOfficeError.self) { try calendar.validateDaily(CalendarDate("2003-12-31")!) }
    }

    @Test(
        "weekly ranges for each weekGb",
        arguments: [
            (WeeklyRange.week, "2012-01-01", "2011-12-26", "2012-01-01"),
            (.weekend, "2012-01-01", "2011-12-30", "2012-01-01"),
            (.weekdays, "2012-01-01", "2011-12-26", "2011-12-29"),
            (.week, "2021-01-04", "2021-01-04", "2021-01-10"),
            (.weekend, "2021-01-04", "2021-01-08", "2021-01-10"),
        ])
    func weekRanges(range: WeeklyRange, date: String, start: String, end: String) {
        let days = BoxOfficeCalendar.weekRange(range, containing: CalendarDate(date)!)
        #expect(days.start.isoString == start)
        #expect(days.end.isoString == end)
    }

    @Test(
        "ISO year-week labels match KOBIS's yearWeekTime",
        arguments: [
            ("2011-12-30", "201152"), ("2021-01-04", "202101"), ("2019-07-08", "201928"), ("2014-12-29", "201501"),
            ("2021-01-01", "202053"),
        ])
    func yearWeek(date: String, expected: String) {
        #expect(BoxOfficeCalendar.isoYearWeek(of: CalendarDate(date)!) == expected)
    }

    @Test("weekly charts must be over; the default is the latest finished one")
    func weeklyValidation() {
        // Sunday 2026-11-22, 09:00 KST: the week of 16–22 is not over; 9–15 is.
        let calendar = BoxOfficeCalendar(now: { seoul(2026, 11, 22, 9) })
        #expect(calendar.latestWeek(.week).start.isoString == "2026-11-09")
        #expect(calendar.latestWeek(.weekend).start.isoString == "2026-11-13")
        #expect(calendar.latestWeek(.weekdays).start.isoString == "2026-11-16")
        #expect(throws: BoxOfficeError.self) { try calendar.validateWeekly(.week, date: CalendarDate("2026-11-18")!) }
        #expect(throws: Never.self) { try calendar.validateWeekly(.weekdays, date: CalendarDate("2026-11-18")!) }
        #expect(throws: Never.self) { try calendar.validateWeekly(.week, date: CalendarDate("2026-11-15")!) }
        // A future week and this weekend are named by their days, not by a day the reader never gave.
        let future = CalendarDate("2030-01-01")!
        let error = #expect(throws: BoxOfficeError.self) {
            try calendar.validateWeekly(.week, date: BoxOfficeCalendar.weekRange(.week, containing: future).start)
        }
        #expect(
            error
                == .invalid(
                    "date",
                    .weekNotOver(
                        .week, days: BoxOfficeCalendar.weekRange(.week, containing: future),
                        latest: calendar.latestWeek(.week)), value: "2029-12-31"))
        // On a Friday the weekend starting today is one not over, not "today".
        let friday = BoxOfficeCalendar(now: { seoul(2026, 12, 4, 9) })
        let weekend = BoxOfficeCalendar.weekRange(.weekend, containing: CalendarDate("2026-12-01")!)
        #expect(weekend.start == friday.today)
        let notOver = #expect(throws: BoxOfficeError.self) { try friday.validateWeekly(.weekend, date: weekend.start) }
        #expect(
            notOver
                == .invalid(
                    "date", .weekNotOver(.weekend, days: weekend, latest: friday.latestWeek(.weekend)),
                    value: weekend.start.isoString))
    }

    @Test("a week that starts before the figures do names itself and the earliest one of its kind")
    func weekBeforeData() throws {
        let calendar = BoxOfficeCalendar(now: { seoul(2026, 11, 22, 9) })
        let first = calendar.earliestDate
        #expect(first.isoString == "2004-01-01")
        // 2004-01-01 is a Thursday: its week and weekdays started on Monday 2003-12-29, its weekend on the Friday.
        let expected: [(WeeklyRange, String, String)] = [
            (.week, "2003-12-29", "2004-01-05"), (.weekdays, "2003-12-29", "2004-01-05"),
        ]
        for (range, start, earliest) in expected {
            let error = #expect(throws: BoxOfficeError.self) { try calendar.validateWeekly(range, date: first) }
            guard case .invalid(let problem) = error,
                case .weekBeforeData(let kind, let days, let earliestDays) = problem.rule
            else {
                Issue.record("\(String(describing: error))")
                continue
            }
            #expect(kind == range && days.start.isoString == start && earliestDays.start.isoString == earliest)
            #expect(throws: Never.self) { try calendar.validateWeekly(range, date: earliestDays.start) }
        }
        #expect(throws: Never.self) { try calendar.validateWeekly(.weekend, date: first) }
    }

    @Test("a day is settled from D+2 00:00 KST")
    func settled() {
        let calendar = BoxOfficeCalendar()
        let day = CalendarDate("2026-11-20")!
        #expect(!calendar.isSettled(lastDay: day, fetchedAt: seoul(2026, 11, 21, 23, 59)))
        #expect(calendar.isSettled(lastDay: day, fetchedAt: seoul(2026, 11, 22, 0, 0)))
    }
}
