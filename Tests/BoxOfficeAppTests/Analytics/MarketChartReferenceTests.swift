import BoxOfficeCore
import Foundation
import KOBIS
import KOBISSimulator
import Testing

/// The simulator as reference for the market, without a store: over the days ``ReferenceRange`` reads from the
/// environment (every sample year in `Benchmarks/reference.sh`), each daily chart's market and Korean share, as the
/// store keeps them (``MarketDay``, with each film's nation from its movie details) and the market pages sum them
/// (``MarketTotals``), contain the truth; so do each year's and each holiday window's sums, and each Monday-to-Sunday
/// week chart's own market (``MarketSales``) and Korean share, which also meet the sum of the week's days' ranges.
///
/// The suite checks a year of this through a real store (`MarketReferenceTests`); this test runs only when
/// `BOXOFFICE_REFERENCE_FROM` is set, so that the suite's run stays as fast.
@Suite struct MarketChartReferenceTests {
    /// What was checked, and how many checks failed.
    struct Counts {
        var days = 0
        var weeks = 0
        var years = 0
        var holidayWindows = 0
        var failures = FailureTally()

        /// The one line the test prints (`Benchmarks/reference.sh` reads it).
        func line(_ range: ReferenceRange) -> String {
            "MarketReference \(range) (\(range.years) years): \(days) days, \(weeks) weeks, \(years) years,"
                + " \(holidayWindows) holiday windows, \(failures.count) failures"
        }
    }

    /// `part` as a percent of `whole`.
    static func percent(_ part: Int64, of whole: Int64) -> Double { Double(part) / Double(whole) * 100 }

    /// Checks the market `sales` and `koreanShare` of `label` against the truth.
    static func check(
        sales: Figure?, koreanShare: Figure?, truth: (sales: Int64, koreanSales: Int64), _ label: String,
        failures: inout FailureTally
    ) {
        failures.expect(
            sales?.admits(Double(truth.sales)) == true,
            "\(label): market \(String(describing: sales)) truth \(truth.sales)")
        let share = percent(truth.koreanSales, of: truth.sales)
        failures.expect(
            koreanShare?.admits(share) == true,
            "\(label): Korean share \(String(describing: koreanShare)) truth \(share)")
    }

    @Test(
        .enabled(
            if: ReferenceRange.isConfigured,
            "set BOXOFFICE_REFERENCE_FROM (Benchmarks/reference.sh); the suite checks 2023 through a store"))
    func everyRangeHoldsTheTruthAndEveryWeekMeetsItsDays() throws {
        let range = try ReferenceRange.current()
        let simulator = range.simulator
        var counts = Counts()
        var nations: [String: MovieNationality] = [:]
        var kept: [CalendarDate: MarketDay] = [:]
        var truths: [CalendarDate: (sales: Int64, koreanSales: Int64)] = [:]
        /// Each film's nation, as the archive learns it: the first of its movie details' nations.
        func learnNations(_ entries: [ChartEntry]) {
            for entry in entries where nations[entry.movieCode] == nil {
                nations[entry.movieCode] = MovieNationality(
                    representativeNation: simulator.movieInfo(code: entry.movieCode)?.nations.first?.name)
            }
        }
        var day = range.first
        while day <= range.last {
            let entries = simulator.dailyBoxOffice(day).entries.map(DomainMapping.entry)
            learnNations(entries)
            let market = MarketDay(day: day, entries: entries) { nations[$0] ?? .unknown }
            let truth = simulator.market(on: day)
            kept[day] = market
            truths[day] = truth
            // The day as `/market/days` shows it.
            let line = MarketDayLine(market)
            Self.check(
                sales: line.sales, koreanShare: line.koreanShare, truth: truth, "\(day)", failures: &counts.failures)
            counts.days += 1
            day = day.adding(days: 1)
        }
        let unknown = nations.filter { $0.value == .unknown }.keys.sorted()
        counts.failures.expect(unknown.isEmpty, "films without a nation: \(unknown)")

        // The sums the market pages show: each year's kept days, each holiday window wholly in the range.
        func truth(_ days: [CalendarDate]) -> (sales: Int64, koreanSales: Int64) {
            days.reduce((Int64(0), Int64(0))) { sum, day in
                let truth = truths[day] ?? (0, 0)
                return (sum.0 + truth.sales, sum.1 + truth.koreanSales)
            }
        }
        let byYear = Dictionary(grouping: kept.values, by: \.day.year)
        for (year, days) in byYear.sorted(by: { $0.key < $1.key }) {
            let sums = MarketYearSums(year: year, days: days)
            counts.failures.expect(sums.totals.days == days.count, "\(year): \(sums.totals.days) of \(days.count) days")
            Self.check(
                sales: sums.totals.sales, koreanShare: sums.totals.koreanShare, truth: truth(days.map(\.day)),
                "\(year)", failures: &counts.failures)
            counts.years += 1
        }
        let allDays = Array(kept.values)
        for window in KoreanHolidayTable.windows
        where range.first <= window.days.start && window.days.end <= range.last {
            let label = "\(window.holiday) \(window.year)"
            guard let totals = MarketHolidayWindow.completeTotals(range: window.days, kept: allDays) else {
                counts.failures.expect(false, "\(label): not every day has a market")
                continue
            }
            Self.check(
                sales: totals.sales, koreanShare: totals.koreanShare, truth: truth(window.days.days), label,
                failures: &counts.failures)
            counts.holidayWindows += 1
        }

        // Each week chart (Monday to Sunday) pins its own market: it holds the truth, and meets the sum of its seven
        // days' ranges (both contain the same truth, so they must overlap).
        var monday = range.first.adding(days: (8 - range.first.isoWeekday) % 7)
        while monday.adding(days: 6) <= range.last {
            let week = DateRange(start: monday, end: monday.adding(days: 6))
            monday = monday.adding(days: 7)
            let entries = simulator.weeklyBoxOffice(week.start, range: .week).entries.map(DomainMapping.entry)
            learnNations(entries)
            guard let market = MarketSales(entries: entries) else {
                counts.failures.expect(false, "week of \(week.start): no market")
                continue
            }
            let weekTruth = truth(week.days)
            counts.failures.expect(
                market.sales.admits(Double(weekTruth.sales)),
                "week of \(week.start): market \(market.sales) truth \(weekTruth.sales)")
            let share = Self.percent(weekTruth.koreanSales, of: weekTruth.sales)
            let koreanShare = market.koreanShare(of: entries) { nations[$0.movieCode] ?? .unknown }
            counts.failures.expect(
                koreanShare.admits(share), "week of \(week.start): Korean share \(koreanShare) truth \(share)")
            let days = MarketTotals(days: week.days.compactMap { kept[$0] })
            counts.failures.expect(days.days == 7, "week of \(week.start): \(days.days) days with a market")
            let weekLow = market.sales.low ?? market.sales.value
            let weekHigh = market.sales.high ?? market.sales.value
            counts.failures.expect(
                weekLow <= Double(days.salesHigh) && Double(days.salesLow) <= weekHigh,
                "week of \(week.start): \(market.sales) vs its days' \(days.salesLow)…\(days.salesHigh)")
            counts.weeks += 1
        }
        print(counts.line(range))
        #expect(counts.failures.count == 0)
        #expect(counts.days == range.first.days(to: range.last) + 1)
    }
}
