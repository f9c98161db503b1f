import Foundation
import KOBIS
import Testing

@Suite("CalendarDate")
struct CalendarDateTests {
    @Test("parses both KOBIS forms", arguments: ["2022-01-05", "20220105", " 2022-01-05 "])
    func parsesBothForms(text: String) {
        let date = CalendarDate(text)
        #expect(date == CalendarDate(year: 2022, month: 1, day: 5))
        #expect(date?.isoString == "2022-01-05")
        #expect(date?.compactString == "20220105")
    }

    @Test("both forms pad every part with zeros, years before 1000 too")
    func padding() {
        let early = CalendarDate(year: 987, month: 3, day: 4)
        #expect(early?.isoString == "0987-03-04")
        #expect(early?.compactString == "09870304")
        #expect(CalendarDate(year: 2026, month: 12, day: 31)?.isoString == "2026-12-31")
        #expect(early.flatMap { CalendarDate($0.isoString) } == early)
    }

    @Test(
        "rejects impossible and malformed dates",
        arguments: [
            "2023-02-29", "2022-13-01", "2022-00-10", "2022-04-31", "20221", "", "2022/01/05", "2022-1-5", "abcd-ef-gh",
            "２０２２０１０５",
        ])
    func rejects(text: String) {
        #expect(CalendarDate(text) == nil)
    }

    @Test("leap days")
    func leapDays() {
        #expect(CalendarDate("2024-02-29") != nil)
        #expect(CalendarDate("2000-02-29") != nil)
        #expect(CalendarDate("1900-02-29") == nil)
    }

    @Test("day arithmetic agrees with Foundation's Gregorian calendar for 30 years")
    func arithmeticMatchesFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var instant = calendar.date(from: DateComponents(year: 2000, month: 1, day: 1))!
        var date = try #require(CalendarDate("2000-01-01"))
        for _ in 0..<(366 * 30) {
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: instant)
            #expect(date.year == parts.year && date.month == parts.month && date.day == parts.day)
            // Foundation: 1 = Sunday; ISO: 7 = Sunday.
            #expect(date.isoWeekday == (parts.weekday! + 5) % 7 + 1)
            #expect(CalendarDate(daysSinceEpoch: date.daysSinceEpoch) == date)
            instant = calendar.date(byAdding: .day, value: 1, to: instant)!
            date = date.adding(days: 1)
        }
    }

    @Test("the day of an instant depends on the zone")
    func dayInZone() throws {
        // 2026-11-21 15:30 UTC is 2026-11-22 00:30 in Seoul.
        let instant = Date(timeIntervalSince1970: 1_795_275_000)
        let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
        #expect(CalendarDate(instant, in: seoul).isoString == "2026-11-22")
        #expect(CalendarDate(instant, in: TimeZone(identifier: "UTC")!).isoString == "2026-11-21")
        #expect(CalendarDate(instant, in: TimeZone(identifier: "America/Los_Angeles")!).isoString == "2026-11-21")
        let start = try #require(CalendarDate("2026-11-22")).startInstant(in: seoul)
        #expect(start.timeIntervalSince1970 == 1_795_273_200)
    }

    @Test("JSON round trip as YYYY-MM-DD")
    func codable() throws {
        let date = try #require(CalendarDate("2012-01-01"))
        let data = try JSONEncoder().encode([date])
        #expect(String(decoding: data, as: UTF8.self) == "[\"2012-01-01\"]")
        #expect(try JSONDecoder().decode([CalendarDate].self, from: Data("[\"20120101\"]".utf8)) == [date])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([CalendarDate].self, from: Data("[\"2012-02-30\"]".utf8))
        }
    }
}
