import Foundation
import KOBIS
import Testing
@testable import KOBISSimulator

@Suite("Weekly box office")
struct WeeklyBoxOfficeTests {
    /// Target days spread over 2024 (every weekday occurs), and a few other years.
    static let targets: [CalendarDate] =
        stride(from: 0, to: 120, by: 9).map { Fixture.date("2024-01-03").adding(days: $0) }
        + [Fixture.date("2004-01-01"), Fixture.date("2012-12-31"), Fixture.date("2025-06-18")]

    @Test("weekly figures are the sums of the daily figures", arguments: WeeklyRange.allCases)
    func sumsOfDailies(range: WeeklyRange) throws {
        let simulator = Fixture.simulator
        for target in Self.targets {
            for filters in [Fixture.Filters(), Fixture.Filters(nation: .foreign), Fixture.Filters(area: "0105002")] {
                let chart = Fixture.weekly(target, range, filters)
                let (first, last) = try #require(chart.showRangeDates)
                #expect(chart.entries.count == 10, "\(target) \(range) \(filters)")
                for entry in chart.entries {
                    var audience: Int64 = 0
                    var sales: Int64 = 0
                    var screens = 0
                    var shows = 0
                    var day = first
                    while day <= last {
                        if let figures = simulator.figures(
                            movieCode: entry.movieCode, on: day, wideAreaCode: filters.area)
                        {
                            audience += figures.audience
                            sales += figures.sales
                            screens = max(screens, figures.screens)
                            shows += figures.shows
                        }
                        day = day.adding(days: 1)
                    }
                    #expect(entry.audience == audience, "\(target) \(range) \(entry.movieCode)")
                    #expect(entry.salesAmount == sales)
                    #expect(entry.screens == screens)
                    #expect(entry.shows == shows)
                    let totals = try #require(
                        simulator.totals(movieCode: entry.movieCode, through: last, wideAreaCode: filters.area))
                    #expect(entry.audienceTotal == totals.audience)
                    #expect(entry.salesTotal == totals.sales)
                }
                // Rows of the daily chart on the range's last day carry the same cumulative totals.
                let lastDaily = Fixture.daily(last, filters).entries
                for entry in chart.entries {
                    if let daily = lastDaily.first(where: { $0.movieCode == entry.movieCode }) {
                        #expect(daily.audienceTotal == entry.audienceTotal)
                        #expect(daily.salesTotal == entry.salesTotal)
                    }
                }
                #expect(zip(chart.entries, chart.entries.dropFirst()).allSatisfy { $0.audience >= $1.audience })
                let shares = chart.entries.reduce(Decimal(0)) { $0 + $1.salesShare }
                #expect(shares <= 100 && chart.entries.allSatisfy { $0.salesShare > 0 })
            }
        }
    }

    @Test("ranges, week numbers and titles follow KOBIS")
    func rangesAndNames() throws {
        let simulator = Fixture.simulator
        // 2024-03-15 is a Friday in ISO week 11 (Monday 2024-03-11).
        let friday = Fixture.date("2024-03-15")
        let week = simulator.weeklyBoxOffice(friday, range: .week)
        #expect(week.showRange == "20240311~20240317")
        #expect(week.boxOfficeType == "주간 박스오피스")
        #expect(week.yearWeekTime == "202411")
        let weekend = simulator.weeklyBoxOffice(friday, range: .weekend)
        #expect(weekend.showRange == "20240315~20240317")
        #expect(weekend.boxOfficeType == "주말 박스오피스")
        let weekdays = simulator.weeklyBoxOffice(friday, range: .weekdays)
        #expect(weekdays.showRange == "20240311~20240314")
        #expect(weekdays.boxOfficeType == "주중 박스오피스")
        // KOBIS's documented examples: 20120101 (a Sunday), default range → 20111230~20120101, week 201152.
        let newYear = simulator.weeklyBoxOffice(Fixture.date("2012-01-01"))
        #expect(newYear.showRange == "20111230~20120101")
        #expect(newYear.yearWeekTime == "201152")
        #expect(simulator.weeklyBoxOffice(Fixture.date("2021-01-04"), range: .week).showRange == "20210104~20210110")
        #expect(simulator.weeklyBoxOffice(Fixture.date("2021-01-04"), range: .week).yearWeekTime == "202101")
        #expect(simulator.weeklyBoxOffice(Fixture.date("2015-01-01"), range: .week).yearWeekTime == "201501")
        #expect(simulator.weeklyBoxOffice(Fixture.date("2021-01-02"), range: .weekend).yearWeekTime == "202053")
        // The wire form names the list weeklyBoxOfficeList and carries yearWeekTime.
        let body = Fixture.get(
            "boxoffice/searchWeeklyBoxOfficeList", ["key": "k", "targetDt": "20240315", "weekGb": "2"])
        let result = try #require((try Fixture.json(body) as? [String: Any])?["boxOfficeResult"] as? [String: Any])
        #expect(result["weeklyBoxOfficeList"] is [Any])
        #expect(result["yearWeekTime"] as? String == "202411")
        #expect(result["showRange"] as? String == "20240311~20240314")
        // weekGb defaults to the weekend.
        let defaulted = Fixture.get("boxoffice/searchWeeklyBoxOfficeList", ["key": "k", "targetDt": "20240315"])
        let defaultedResult = try #require(
            (try Fixture.json(defaulted) as? [String: Any])?["boxOfficeResult"] as? [String: Any])
        #expect(defaultedResult["boxofficeType"] as? String == "주말 박스오피스")
    }

    @Test("rank changes and NEW compare with the same range of the previous week", arguments: WeeklyRange.allCases)
    func previousWeek(range: WeeklyRange) {
        var old = 0
        for target in Self.targets {
            for filters in [Fixture.Filters(), Fixture.Filters(multiMovie: .diversity)] {
                let chart = Fixture.weekly(target, range, filters)
                let before = Fixture.weekly(target.adding(days: -7), range, filters)
                for entry in chart.entries {
                    if let previous = before.entries.first(where: { $0.movieCode == entry.movieCode }) {
                        #expect(entry.status == .old)
                        #expect(entry.rankDelta == previous.rank - entry.rank)
                        #expect(entry.audienceDelta == entry.audience - previous.audience)
                        #expect(
                            entry.audienceChange == Fixture.expectedChange(from: previous.audience, to: entry.audience))
                        #expect(entry.salesDelta == entry.salesAmount - previous.salesAmount)
                        old += 1
                    } else {
                        #expect(entry.status == .new, "\(target) \(range) \(entry.movieCode)")
                        #expect(entry.rankDelta == 0)
                    }
                }
            }
        }
        #expect(old > Self.targets.count * 5)
    }

    @Test("a week is published only once it is over")
    func unfinishedWeeks() {
        let simulator = Fixture.simulator
        // Today is Monday 2026-06-01: last week is complete, this week is not.
        #expect(simulator.weeklyBoxOffice(Fixture.date("2026-05-31"), range: .week).entries.count == 10)
        #expect(simulator.weeklyBoxOffice(Fixture.date("2026-05-29"), range: .weekend).entries.count == 10)
        #expect(simulator.weeklyBoxOffice(Fixture.today, range: .weekdays).entries.isEmpty)
        #expect(simulator.weeklyBoxOffice(Fixture.today.adding(days: 3), range: .week).entries.isEmpty)
        #expect(simulator.weeklyBoxOffice(Fixture.date("2003-12-20"), range: .week).entries.isEmpty)
        #expect(simulator.weeklyBoxOffice(Fixture.date("2024-03-15"), wideAreaCode: "9999999").entries.isEmpty)
    }
}
