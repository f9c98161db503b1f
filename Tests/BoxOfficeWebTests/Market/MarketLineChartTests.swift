import BoxOfficeCore
import BoxOfficeText
import Foundation
import Testing

@testable import BoxOfficeWeb

/// The dates the market line's axis names: a short range is named across its width to its last day, a long one at
/// each month's first day.
@Suite("Market line: the date axis")
struct MarketLineChartTests {
    static func ticks(_ start: String, _ end: String) throws -> [String] {
        let range = DateRange(start: try #require(CalendarDate(start)), end: try #require(CalendarDate(end)))
        return MarketLineChartViewModel.tickDays(range).map(\.isoString)
    }

    @Test("up to two months: about six days from the first to the last, never two crowded at the end")
    func shortRanges() throws {
        #expect(try Self.ticks("2024-03-01", "2024-03-01") == ["2024-03-01"])
        #expect(
            try Self.ticks("2024-03-01", "2024-03-06")
                == ["2024-03-01", "2024-03-02", "2024-03-03", "2024-03-04", "2024-03-05", "2024-03-06"])
        #expect(try Self.ticks("2024-03-01", "2024-03-07") == ["2024-03-01", "2024-03-03", "2024-03-05", "2024-03-07"])
        // Every third day; 03-13 would stand a day before the last, so the last takes its place.
        #expect(
            try Self.ticks("2024-03-01", "2024-03-14")
                == ["2024-03-01", "2024-03-04", "2024-03-07", "2024-03-10", "2024-03-14"])
        // Half a step or more before the last: both stay.
        #expect(
            try Self.ticks("2024-03-01", "2024-03-15")
                == ["2024-03-01", "2024-03-04", "2024-03-07", "2024-03-10", "2024-03-13", "2024-03-15"])
        let twoMonths = try Self.ticks("2024-01-01", "2024-03-02")
        #expect(twoMonths.first == "2024-01-01" && twoMonths.last == "2024-03-02" && twoMonths.count <= 7)
    }

    @Test("a longer range: its first day and each month's first")
    func longRanges() throws {
        let year = try Self.ticks("2019-01-01", "2019-12-31")
        #expect(year == (1...12).map { "2019-\($0 < 10 ? "0" : "")\($0)-01" })
        #expect(try Self.ticks("2024-01-15", "2024-03-31") == ["2024-01-15", "2024-02-01", "2024-03-01"])
    }

    @Test("the line's label stands after its last point, in the right margin, clear of the line")
    func labelAfterTheLine() throws {
        let days = (1...7).map { day in
            #"{"date":"2024-03-0\#(day)","inconsistent":false,"monopoly":false,"#
                + #""sales":{"value":\#(day * 1_000_000),"low":0,"high":0,"quality":"range"}}"#
        }
        let lines = try BoxOfficeJSON.decoder().decode(
            [MarketDayLine].self, from: Data(("[" + days.joined(separator: ",") + "]").utf8))
        let range = DateRange(
            start: try #require(CalendarDate("2024-03-01")), end: try #require(CalendarDate("2024-03-07")))
        let chart = MarketLineChartViewModel(range: range, lines: lines, label: "Sales", language: .english)
        let x = try #require(Double(chart.labelX))
        let last = try #require(chart.segments.last?.split(separator: " ").last?.split(separator: ","))
        #expect(x > (try #require(Double(String(last[0])))))
        #expect(chart.labelY == String(last[1]))
        // Room for a short word before the drawing's edge.
        #expect(x + 40 <= MarketLineChartViewModel.width)
    }
}
