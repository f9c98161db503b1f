import Foundation
import KOBIS
import Testing
@testable import KOBISSimulator

@Suite("Daily box office invariants")
struct DailyBoxOfficeTests {
    @Test("cumulative totals, deltas, rank changes and NEW agree with the previous day", arguments: Fixture.filterSets)
    func consecutiveDays(filters: Fixture.Filters) throws {
        let simulator = Fixture.simulator
        var checkedCarry = 0
        for day in Fixture.invariantDays {
            let previousDay = day.adding(days: -1)
            let today = Fixture.daily(day, filters)
            let yesterday = Fixture.daily(previousDay, filters)
            #expect(today.entries.count == 10, "\(day) \(filters)")
            let previous = Dictionary(uniqueKeysWithValues: yesterday.entries.map { ($0.movieCode, $0) })
            for entry in today.entries {
                let before = simulator.figures(movieCode: entry.movieCode, on: previousDay, wideAreaCode: filters.area)
                let totalBefore = try #require(
                    simulator.totals(movieCode: entry.movieCode, through: previousDay, wideAreaCode: filters.area))
                // Cumulative sums include days outside the top 10.
                #expect(entry.audienceTotal == totalBefore.audience + entry.audience, "\(day) \(entry.movieCode)")
                #expect(entry.salesTotal == totalBefore.sales + entry.salesAmount, "\(day) \(entry.movieCode)")
                #expect(entry.audienceDelta == entry.audience - (before?.audience ?? 0))
                #expect(entry.salesDelta == entry.salesAmount - (before?.sales ?? 0))
                #expect(entry.audienceChange == Fixture.expectedChange(from: before?.audience ?? 0, to: entry.audience))
                #expect(entry.salesChange == Fixture.expectedChange(from: before?.sales ?? 0, to: entry.salesAmount))
                if let old = previous[entry.movieCode] {
                    #expect(entry.status == .old)
                    #expect(entry.rankDelta == old.rank - entry.rank)
                    #expect(entry.audienceTotal == old.audienceTotal + entry.audience)
                    #expect(entry.salesTotal == old.salesTotal + entry.salesAmount)
                    #expect(entry.audienceDelta == entry.audience - old.audience)
                    checkedCarry += 1
                } else {
                    #expect(entry.status == .new, "\(day) \(entry.movieCode) \(filters)")
                    #expect(entry.rankDelta == 0)
                }
            }
        }
        #expect(checkedCarry > Fixture.invariantDays.count * 5)
    }

    @Test("rows are ranked by audience, shares are positive and sum to at most 100", arguments: Fixture.filterSets)
    func rankingAndShares(filters: Fixture.Filters) {
        for day in Fixture.invariantDays {
            let chart = Fixture.daily(day, filters)
            #expect(chart.boxOfficeType == "일별 박스오피스")
            #expect(chart.showRange == "\(day.compactString)~\(day.compactString)")
            #expect(chart.yearWeekTime == nil)
            #expect(chart.entries.map(\.rank) == Array(1...chart.entries.count))
            #expect(chart.entries.map(\.rowNumber) == Array(1...chart.entries.count))
            #expect(zip(chart.entries, chart.entries.dropFirst()).allSatisfy { $0.audience >= $1.audience })
            #expect(chart.entries.allSatisfy { $0.salesShare > 0 }, "\(day) \(filters)")
            let total = chart.entries.reduce(Decimal(0)) { $0 + $1.salesShare }
            #expect(total <= 100, "\(day) \(filters): shares sum to \(total)")
            #expect(Set(chart.entries.map(\.movieCode)).count == chart.entries.count)
        }
    }

    @Test("nation filters return only Korean or only foreign films, ranked as in the full list")
    func nationFilter() throws {
        let simulator = Fixture.simulator
        for day in Fixture.days(from: "2024-03-01", count: 20) {
            let all = simulator.dailyBoxOffice(day).entries
            for nation in NationFilter.allCases {
                let filtered = simulator.dailyBoxOffice(day, nation: nation).entries
                #expect(filtered.count == 10)
                for entry in filtered {
                    let info = try #require(simulator.movieInfo(code: entry.movieCode))
                    let isKorean = info.nations.contains { $0.name == "한국" }
                    #expect(isKorean == (nation == .korean), "\(day) \(entry.movieCode)")
                }
                // Matching films of the full top 10 lead the filtered list, in the same order and figures.
                let matching = all.filter { entry in filtered.contains { $0.movieCode == entry.movieCode } }
                #expect(Array(filtered.prefix(matching.count)).map(\.movieCode) == matching.map(\.movieCode))
                for entry in matching {
                    let same = try #require(filtered.first { $0.movieCode == entry.movieCode })
                    #expect(same.audience == entry.audience && same.audienceTotal == entry.audienceTotal)
                }
            }
            let korean = Set(simulator.dailyBoxOffice(day, nation: .korean).entries.map(\.movieCode))
            let foreign = Set(simulator.dailyBoxOffice(day, nation: .foreign).entries.map(\.movieCode))
            #expect(korean.isDisjoint(with: foreign))
            #expect(Set(all.map(\.movieCode)).isSubset(of: korean.union(foreign)))
        }
    }

    @Test("diversity and commercial lists split the films")
    func multiMovieFilter() {
        let simulator = Fixture.simulator
        for day in Fixture.days(from: "2024-05-01", count: 15) {
            let all = simulator.dailyBoxOffice(day).entries
            let diversity = simulator.dailyBoxOffice(day, multiMovie: .diversity).entries
            let commercial = simulator.dailyBoxOffice(day, multiMovie: .commercial).entries
            #expect(diversity.count == 10 && commercial.count == 10)
            #expect(Set(diversity.map(\.movieCode)).isDisjoint(with: commercial.map(\.movieCode)))
            #expect(
                Set(all.map(\.movieCode)).isSubset(of: Set(diversity.map(\.movieCode) + commercial.map(\.movieCode))))
            // Diversity films are small: the biggest is smaller than the biggest commercial film.
            #expect(diversity[0].audience < commercial[0].audience)
            // The same film is diversity on every day.
            let nextDiversity = simulator.dailyBoxOffice(day.adding(days: 1), multiMovie: .diversity).entries
            let nextCommercial = Set(
                simulator.dailyBoxOffice(day.adding(days: 1), multiMovie: .commercial).entries.map(\.movieCode))
            #expect(nextDiversity.allSatisfy { !nextCommercial.contains($0.movieCode) })
        }
    }

    @Test("regional figures are a consistent slice of national figures")
    func regionalFigures() throws {
        let simulator = Fixture.simulator
        let day = Fixture.date("2024-03-16")
        var regionalSum: [String: Int64] = [:]
        for area in KOBISSimulator.wideAreas {
            let chart = simulator.dailyBoxOffice(day, wideAreaCode: area.code)
            #expect(chart.entries.count == 10)
            for entry in chart.entries {
                let national = try #require(simulator.figures(movieCode: entry.movieCode, on: day))
                #expect(entry.audience <= national.audience)
                #expect(entry.screens <= national.screens)
                #expect(entry.audience > 0)
            }
        }
        // Every film's regional figures add up to its national figure, give or take rounding.
        for entry in simulator.dailyBoxOffice(day).entries {
            for area in KOBISSimulator.wideAreas {
                regionalSum[entry.movieCode, default: 0] +=
                    simulator.figures(movieCode: entry.movieCode, on: day, wideAreaCode: area.code)?.audience ?? 0
            }
            let sum = try #require(regionalSum[entry.movieCode])
            #expect(abs(sum - entry.audience) <= Int64(KOBISSimulator.wideAreas.count))
        }
        #expect(KOBISSimulator.wideAreas.count == 17)
        #expect(KOBISSimulator.wideAreas.first?.code == "0105001")
        #expect(KOBISSimulator.wideAreas.first?.koreanName == "서울시")
        #expect(simulator.dailyBoxOffice(day, wideAreaCode: "0105999").entries.isEmpty)
    }

    @Test("magnitudes look like the Korean box office")
    func magnitudes() {
        var weekdayTops: [Int64] = []
        var weekendTops: [Int64] = []
        for day in Fixture.days(from: "2024-01-01", count: 120) + Fixture.days(from: "2012-09-01", count: 60) {
            let entries = Fixture.simulator.dailyBoxOffice(day).entries
            guard let top = entries.first else {
                Issue.record("no chart for \(day)")
                continue
            }
            if day.isoWeekday <= 4 {
                weekdayTops.append(top.audience)
            } else if day.isoWeekday >= 6 {
                weekendTops.append(top.audience)
            }
            #expect((100...2_000).contains(top.screens), "\(day): \(top.screens) screens")
            #expect((300...10_000).contains(top.shows), "\(day): \(top.shows) shows")
            for entry in entries {
                let price = Double(entry.salesAmount) / Double(entry.audience)
                #expect((9_000...13_000).contains(price), "\(day) \(entry.movieCode): \(price) KRW per ticket")
                #expect((1...2_000).contains(entry.screens))
                #expect((1...10_000).contains(entry.shows))
            }
        }
        weekdayTops.sort()
        weekendTops.sort()
        let weekdayMedian = weekdayTops[weekdayTops.count / 2]
        #expect((50_000...500_000).contains(weekdayMedian), "weekday median top \(weekdayMedian)")
        #expect(
            weekdayTops.allSatisfy { (20_000...600_000).contains($0) }, "\(weekdayTops.first!)…\(weekdayTops.last!)")
        #expect(weekendTops[weekendTops.count / 2] > weekdayMedian)
    }

    @Test("preview screenings and alphanumeric codes occur")
    func previewsAndCodes() {
        var previews = 0
        var alphanumeric: Set<String> = []
        for day in Fixture.days(from: "2023-01-01", count: 730) {
            for entry in Fixture.simulator.dailyBoxOffice(day).entries {
                if let open = entry.openDate, open > day { previews += 1 }
                if entry.movieCode.contains(where: { !$0.isNumber }) { alphanumeric.insert(entry.movieCode) }
                #expect(entry.movieCode.count == 8)
            }
        }
        #expect(previews > 0)
        #expect(!alphanumeric.isEmpty)
        #expect(alphanumeric.allSatisfy { $0.dropFirst(4).first == "C" })
    }

    @Test("any day is computed on its own: 200 days of 2025 without building the film index")
    func independentDays() {
        let simulator = KOBISSimulator(now: { Fixture.now })
        var count = 0
        for day in Fixture.days(from: "2025-01-01", count: 200) {
            count += simulator.dailyBoxOffice(day).entries.count
        }
        #expect(count == 200 * 10)
        #expect(!simulator.catalogCache.isBuilt)
        // Films playing on a day all opened within the last ~100 days (plus preview lead).
        let day = Fixture.date("2025-06-15").daysSinceEpoch
        let films = FilmSchedule.films(scheduledIn: day...day)
        #expect(films.allSatisfy { day - $0.openDay < FilmSchedule.maximumRunDays })
    }

    @Test("not yet aggregated: today, the future and before 2004 are empty")
    func emptyDays() {
        let simulator = Fixture.simulator
        // The clock says 2026-06-01 00:30 in Seoul, still May 31 in UTC.
        #expect(simulator.today == Fixture.today)
        #expect(simulator.dailyBoxOffice(Fixture.today).entries.isEmpty)
        #expect(simulator.dailyBoxOffice(Fixture.today.adding(days: 30)).entries.isEmpty)
        #expect(simulator.dailyBoxOffice(Fixture.today.adding(days: -1)).entries.count == 10)
        #expect(simulator.dailyBoxOffice(Fixture.date("2003-12-31")).entries.isEmpty)
        #expect(simulator.dailyBoxOffice(Fixture.date("2004-01-01")).entries.count == 10)
        #expect(simulator.dailyBoxOffice(Fixture.date("2024-01-01"), itemsPerPage: 3).entries.count == 3)
        #expect(simulator.dailyBoxOffice(Fixture.date("2024-01-01"), itemsPerPage: 30).entries.count == 10)
    }
}
