import BoxOfficeCore
import Foundation
import Testing

/// Untrusted dates never trap: the calendar's edges (years 1 and 9999), impossible days and day counts past
/// `Int`'s range meet a typed reason or a clamped date (the rule in docs/ARCHITECTURE.md, "Untrusted input never
/// traps").
@Suite("Calendar edges: no trap on any date")
struct CalendarEdgeTests {
    /// Noon in Seoul on `day`.
    static func noon(_ day: CalendarDate) -> Date {
        Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + 3 * 3600)
    }

    static func day(_ text: String) throws -> CalendarDate { try #require(CalendarDate(text)) }

    @Test("a month's and a year's first and last days by day arithmetic, also in December 9999")
    func monthEnds() throws {
        #expect(CalendarDate.daysIn(month: 2, year: 2024) == 29)
        #expect(CalendarDate.daysIn(month: 2, year: 2023) == 28)
        #expect(CalendarDate.daysIn(month: 2, year: 2000) == 29)
        #expect(CalendarDate.daysIn(month: 2, year: 1900) == 28)
        #expect(CalendarDate.daysIn(month: 12, year: 9999) == 31)
        #expect(try Self.day("9999-12-17").lastOfMonth == Self.day("9999-12-31"))
        #expect(try Self.day("9999-12-17").firstOfMonth == Self.day("9999-12-01"))
        #expect(try Self.day("2024-03-19").firstOfYear == Self.day("2024-01-01"))
        #expect(try Self.day("2024-12-31").firstOfYear == Self.day("2024-01-01"))
        #expect(try Self.day("0001-01-01").firstOfYear == Self.day("0001-01-01"))
        // Past the last representable day: a date (never valid input), not a trap.
        #expect(try Self.day("9999-12-31").adding(days: 1).year == 10_000)
    }

    @Test("day counts past Int's range clamp instead of overflowing")
    func hugeCounts() throws {
        let day = try Self.day("2024-03-19")
        #expect(day.adding(days: .max).daysSinceEpoch == CalendarDate.maximumEpochDistance)
        #expect(day.adding(days: .min).daysSinceEpoch == -CalendarDate.maximumEpochDistance)
        #expect(CalendarDate(daysSinceEpoch: .max).adding(days: .max).daysSinceEpoch > 0)
        for instant in [
            Date.distantFuture, .distantPast, Date(timeIntervalSince1970: .infinity),
            Date(timeIntervalSince1970: -.infinity), Date(timeIntervalSince1970: .nan),
            Date(timeIntervalSince1970: 1e300),
        ] {
            _ = CalendarDate(instant, in: BoxOfficeCalendar.seoul)
        }
        #expect(BoxOfficeCalendar.isoYearWeek(of: try Self.day("9999-12-31")) == "999952")
        #expect(BoxOfficeCalendar.isoYearWeek(of: try Self.day("0001-01-01")) == "000101")
    }

    @Test("text that only looks like a date is nil, never a trap")
    func notDates() {
        for text in [
            "10000-01-01", "0000-00-00", "2023-02-29", "2024-02-30", "9999-13-01", "99991232", "-001-01-01",
            "٢٠٢٤-٠١-٠١", "2024-0１-01", "",
        ] {
            #expect(CalendarDate(text) == nil, "\(text)")
        }
    }

    @Test(
        "a month or year at the calendar's edges is a typed reason (W1: December 9999 trapped), today and in 9999",
        arguments: ["9999-12", "9999-11", "0001-01", "10000-01", "0000-00", "2024-13"])
    func edgeMonths(month: String) {
        let today = BoxOfficeCalendar(now: { Self.noonIn2024 })
        #expect(throws: BoxOfficeError.self) {
            try ArchivePeriod.range(from: nil, to: nil, month: month, year: nil, calendar: today)
        }
    }

    static let noonIn2024 = noon(CalendarDate(year: 2024, month: 3, day: 20)!)

    @Test("on the last day of year 9999, December 9999 and the year 9999 are periods like any other")
    func lastYear() throws {
        let calendar = BoxOfficeCalendar(now: { Self.noon(CalendarDate(year: 9999, month: 12, day: 31)!) })
        let december = try ArchivePeriod.range(from: nil, to: nil, month: "9999-12", year: nil, calendar: calendar)
        #expect(december == DateRange(start: try Self.day("9999-12-01"), end: try Self.day("9999-12-30")))
        let year = try ArchivePeriod.range(from: nil, to: nil, month: nil, year: "9999", calendar: calendar)
        #expect(year.end == (try Self.day("9999-12-30")))
        let current = try ArchivePeriod.range(from: nil, to: nil, month: nil, year: nil, calendar: calendar)
        #expect(current.start == (try Self.day("9999-12-01")))
        for year in ["0", "-1", "10000", "0000", "99999999999999999999"] {
            #expect(throws: BoxOfficeError.self) {
                try ArchivePeriod.range(from: nil, to: nil, month: nil, year: year, calendar: calendar)
            }
        }
    }

    /// A cursor as a client could forge it: `c` is the instant of the last note seen, in seconds since 2001.
    static func forgedCursor(_ seconds: String) -> String {
        let json = #"{"s":"watchedOn","a":false,"w":"2024-03-15","c":\#(seconds),"i":"\#(UUID().uuidString)"}"#
        return Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    @Test("a forged list cursor with an instant far from now is refused (PostgreSQL's driver traps on it)")
    func forgedCursorInstant() throws {
        let sort = NoteSort(.watchedOn, ascending: false)
        #expect(try NoteCursor(encoded: Self.forgedCursor("732000000"), sort: sort).watchedOn == Self.day("2024-03-15"))
        for seconds in ["1e300", "-1e300", "1e11", "9.3e12"] {
            #expect(throws: BoxOfficeError.self, "\(seconds)") {
                try NoteCursor(encoded: Self.forgedCursor(seconds), sort: sort)
            }
        }
    }
}
