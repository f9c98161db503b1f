import BoxOfficeCore
import Foundation
import KOBISSimulator
import Logging
import Testing

@testable import BoxOfficeApp

/// The simulator as reference: it knows every film's sales on every day, not only the top 10's. Over a sample year
/// synced into a store, every market range the archive answers (each day, the year, each holiday window, each week
/// chart) and every Korean share range contains the truth, and each week chart's range meets the sum of its days'.
@Suite("Market against the simulator's truth over a sample year")
struct MarketReferenceTests {
    static let year = DateRange(start: CalendarDate("2023-01-01")!, end: CalendarDate("2023-12-31")!)

    @Test(
        "every day's, week's, the year's and each holiday window's market and Korean share contain the truth; a week meets its days"
    )
    func rangesContainTheTruth() async throws {
        let directory = try WebTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
        let simulator = KOBISSimulator(now: now)
        let configuration = AppConfiguration(
            databaseURL: "sqlite://\(directory.path)/app.sqlite", workingDirectory: directory.path)
        let services = try await AppServices.start(
            configuration: configuration, logger: Logger(label: "market-reference-test"),
            transport: SimulatorTransport(simulator: simulator), now: now)
        do {
            let report = try await services.syncEngine(options: SyncOptions(concurrency: 4)).run(
                SyncRequest(range: Self.year, weeklyRanges: [.week]))
            #expect(report.isComplete)
            let days = try await services.market.days(Self.year)
            #expect(days.archivedDays == 365 && days.missing.isEmpty)
            var total: Int64 = 0
            var korean: Int64 = 0
            var checked = 0
            for line in days.lines {
                let truth = simulator.market(on: line.date)
                total += truth.sales
                korean += truth.koreanSales
                let sales = try #require(line.sales, "\(line.date)")
                #expect(sales.admits(Double(truth.sales)), "\(line.date): \(sales) against \(truth.sales)")
                let share = Double(truth.koreanSales) / Double(truth.sales) * 100
                #expect(line.koreanShare?.admits(share) == true, "\(line.date): Korean \(share)")
                checked += 1
            }
            #expect(checked == 365)
            #expect(days.sales?.admits(Double(total)) == true)
            #expect(days.koreanShare?.admits(Double(korean) / Double(total) * 100) == true)
            let years = try await services.market.years()
            let y2023 = try #require(years.years.first { $0.year == 2023 })
            #expect(y2023.archivedDays == 365 && y2023.sales?.admits(Double(total)) == true)
            #expect(y2023.sales == days.sales && y2023.koreanShare == days.koreanShare)
            // Each week chart (Monday to Sunday) pins its own market: it holds the truth, and meets the sum of its
            // seven days' ranges (both contain the same truth, so they must overlap).
            let byDay = Dictionary(uniqueKeysWithValues: days.lines.map { ($0.date, $0.sales) })
            var weeks = 0
            var monday = Self.year.start.adding(days: (8 - Self.year.start.isoWeekday) % 7)
            while monday.adding(days: 6) <= Self.year.end {
                let week = DateRange(start: monday, end: monday.adding(days: 6))
                monday = monday.adding(days: 7)
                let stored = try await services.database.chartRepository(origin: services.configuration.upstreamOrigin)
                    .storedChart(
                        for: ChartQuery(kind: .week, date: week.start))
                let chart = try #require(stored, "\(week.start)")
                let market = try #require(MarketSales(entries: chart.entries), "\(week.start)")
                let truth = week.days.reduce(Int64(0)) { $0 + simulator.market(on: $1).sales }
                #expect(market.sales.admits(Double(truth)), "week of \(week.start): \(market.sales) against \(truth)")
                let sum = week.days.compactMap { byDay[$0] ?? nil }
                #expect(sum.count == 7)
                let low = sum.reduce(0) { $0 + ($1.low ?? $1.value) }
                let high = sum.reduce(0) { $0 + ($1.high ?? $1.value) }
                let weekLow = market.sales.low ?? market.sales.value
                let weekHigh = market.sales.high ?? market.sales.value
                #expect(weekLow <= high && low <= weekHigh, "week of \(week.start): \(market.sales) vs \(low)…\(high)")
                weeks += 1
            }
            #expect(weeks == 52)
            for holiday in KoreanHoliday.allCases {
                let windows = try await services.market.holidays(holiday)
                let window = try #require(windows.windows.first { $0.year == 2023 })
                let truth = window.range.days.reduce(Int64(0)) { $0 + simulator.market(on: $1).sales }
                #expect(window.archivedDays == window.days)
                #expect(window.sales?.admits(Double(truth)) == true, "\(holiday) 2023")
            }
        } catch {
            await services.shutdown()
            throw error
        }
        await services.shutdown()
    }
}
