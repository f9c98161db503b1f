import BoxOfficeCore
import BoxOfficeTestSupport
import FluentKit
import Foundation
import Testing

@testable import BoxOfficeStore

/// The market kept beside each unfiltered daily chart (`market_days`) always equals a recomputation from the stored
/// charts and nations: after random saves, provisional refreshes, re-saves and nations learned later, on SQLite and
/// PostgreSQL; and a store made by the schema before it upgrades in place.
@Suite("Market store: kept days equal a recomputation, upgrade in place")
struct MarketStoreTests {
    static let origin = "market-test"
    static let first = CalendarDate(year: 2023, month: 12, day: 20)!
    /// Days across a new year, and the same calendar days a year later, for the comparisons.
    static let days = (0..<16).map { first.adding(days: $0) } + (0..<16).map { first.adding(days: 366 + $0) }
    static let films = (1...14).map { "2023\(String(format: "%04d", $0))" }

    /// A chart of up to ten of the films with figures whose shares agree with one market total (as KOBIS's do), and
    /// now and then a revised row (a share that disagrees) or a tiny rounded-up share.
    static func chart(
        _ day: CalendarDate, using random: inout SplitMix64, filters: ChartFilters = .none, fetchedAt: Date
    ) -> Chart {
        let count = Int.random(in: 0...10, using: &random)
        let codes = films.shuffled(using: &random).prefix(count)
        let market = Int64.random(in: 1_000_000_000...3_000_000_000, using: &random)
        var remaining = market
        let entries = codes.enumerated().map { index, code -> ChartEntry in
            let sales = Int64.random(in: 1_000...max(1_001, remaining / 3), using: &random)
            remaining -= sales
            var share = (Double(sales) / Double(market) * 1_000).rounded() / 10
            if Int.random(in: 0..<12, using: &random) == 0 { share += 3 }
            let shows = Int.random(in: 0...5_000, using: &random)
            return ChartEntry(
                rank: index + 1, change: .same, movieCode: code, title: "Film \(code)", openDate: nil,
                audience: sales / 10_000, audienceTotal: sales / 1_000, sales: sales, salesShare: max(0.1, share),
                salesTotal: sales * 10, screens: 100, shows: shows)
        }
        return Chart(
            kind: .daily, range: DateRange(start: day, end: day), filters: filters, yearWeek: nil, source: .kobis,
            stale: false, fetchedAt: fetchedAt,
            entries: entries.sorted { $0.sales > $1.sales }.enumerated().map {
                var entry = $0.element
                entry.rank = $0.offset + 1
                return entry
            })
    }

    /// The kept days as the stored charts and nations say they should be.
    static func recomputed(_ database: BoxOfficeDatabase) async throws -> [MarketDay] {
        let nations = try await database.storedNations()
        let range = DateRange(start: days[0], end: days[days.count - 1])
        let charts = try await database.chartRepository(origin: origin).dailyCharts(in: range)
        return charts.map { chart in
            MarketDay(day: chart.range.start, entries: chart.entries) {
                MovieNationality(representativeNation: nations[$0])
            }
        }
    }

    static func expectKeptEqualsRecomputed(
        _ database: BoxOfficeDatabase, _ step: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let expected = try await recomputed(database)
        let market = database.marketRepository(origin: origin)
        let kept = try await market.marketDays(in: DateRange(start: days[0], end: days[days.count - 1]))
        #expect(kept == expected, "\(step)", sourceLocation: sourceLocation)
        #expect(
            try await market.marketDays(on: [days[3], days[20], days[0].adding(days: 100)])
                == expected.filter { [days[3], days[20]].contains($0.day) }, sourceLocation: sourceLocation)
        let byYear = Dictionary(grouping: expected, by: \.day.year)
        let sums = try await market.yearSums()
        #expect(sums.map(\.year) == byYear.keys.sorted(), sourceLocation: sourceLocation)
        for sum in sums {
            let mine = MarketYearSums(year: sum.year, days: byYear[sum.year] ?? [])
            #expect(sum.archivedDays == mine.archivedDays, sourceLocation: sourceLocation)
            #expect(sum.totals == mine.totals, "\(step) \(sum.year)", sourceLocation: sourceLocation)
            #expect(sum.monopolyDays == mine.monopolyDays, sourceLocation: sourceLocation)
            #expect(sum.herfindahlDays == mine.herfindahlDays, sourceLocation: sourceLocation)
            #expect(abs(sum.herfindahlSum - mine.herfindahlSum) < 1e-6, sourceLocation: sourceLocation)
        }
        // The same calendar days of the year before, with a market in both.
        let withMarket = expected.filter { $0.salesLow != nil }
        let byDay = Dictionary(withMarket.map { ($0.day, $0) }) { first, _ in first }
        var pairs: [Int: (MarketTotals, MarketTotals)] = [:]
        for day in withMarket {
            guard let before = CalendarDate(year: day.day.year - 1, month: day.day.month, day: day.day.day),
                let twin = byDay[before]
            else { continue }
            var pair = pairs[day.day.year] ?? (MarketTotals(days: []), MarketTotals(days: []))
            pair.0.add(day)
            pair.1.add(twin)
            pairs[day.day.year] = pair
        }
        let compared = try await market.sameDaySums()
        #expect(compared.map(\.year) == pairs.keys.sorted(), sourceLocation: sourceLocation)
        for comparison in compared {
            #expect(comparison.current == pairs[comparison.year]?.0, sourceLocation: sourceLocation)
            #expect(comparison.previous == pairs[comparison.year]?.1, sourceLocation: sourceLocation)
        }
    }

    @Test(
        "kept days equal a recomputation after random saves, provisional refreshes, re-saves and nations",
        arguments: Backend.enabled)
    func keptEqualsRecomputed(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            var random = SplitMix64(seed: backend == .sqlite ? 28 : 2_028)
            let charts = database.chartRepository(origin: Self.origin)
            let archive = database.archiveRepository(origin: Self.origin)
            var clock = Fixtures.fetchedAt
            for step in 0..<60 {
                clock = clock.addingTimeInterval(60)
                let day = Self.days.randomElement(using: &random) ?? Self.first
                switch Int.random(in: 0..<10, using: &random) {
                case 0...2:
                    // A new day, or a provisional day fetched again with other figures.
                    try await charts.save(Self.chart(day, using: &random, fetchedAt: clock))
                case 3...5:
                    // The same, as a run stores it: its market left for the catch-up, which the next read makes.
                    try await charts.saveDeferringUpkeep(Self.chart(day, using: &random, fetchedAt: clock))
                    if Bool.random(using: &random) { try await charts.catchUpUpkeep() }
                case 6:
                    // Filtered charts and other origins must not count.
                    try await charts.save(
                        Self.chart(day, using: &random, filters: ChartFilters(nation: .korean), fetchedAt: clock))
                    try await database.chartRepository(origin: "elsewhere").save(
                        Self.chart(day, using: &random, fetchedAt: clock))
                default:
                    // Nations learned later, changed, or empty (KOBIS lists none).
                    var nations: [String: String] = [:]
                    for code in Self.films.shuffled(using: &random).prefix(Int.random(in: 1...5, using: &random)) {
                        nations[code] = ["한국", "미국", "", "프랑스", "한국"].randomElement(using: &random) ?? ""
                    }
                    try await archive.saveRepresentativeNations(nations)
                }
                if step % 15 == 14 { try await Self.expectKeptEqualsRecomputed(database, "step \(step)") }
            }
            // Every day saved once more (settled), then every film's nation.
            for day in Self.days {
                clock = clock.addingTimeInterval(60)
                try await charts.save(Self.chart(day, using: &random, fetchedAt: clock))
            }
            try await Self.expectKeptEqualsRecomputed(database, "all saved")
            try await archive.saveRepresentativeNations(
                Dictionary(uniqueKeysWithValues: Self.films.enumerated().map { ($1, $0 % 3 == 0 ? "미국" : "한국") }))
            try await Self.expectKeptEqualsRecomputed(database, "all nations")
            let kept = try await database.marketRepository(origin: Self.origin).marketDays(
                in: DateRange(start: Self.days[0], end: Self.days[Self.days.count - 1]))
            #expect(kept.count == Self.days.count)
            #expect(kept.contains { $0.koreanSales > 0 } && kept.allSatisfy { $0.unknownSales == 0 })
            #expect(
                try await database.marketRepository(origin: "elsewhere").marketDays(
                    in: DateRange(start: Self.days[0], end: Self.days[Self.days.count - 1])
                ).count <= Self.days.count)
        }
    }

    @Test(
        "a database made by the previous schema keeps the market of its charts in place, and reverts",
        arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let before =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
                + QuotaKeeperSchemaTests.later.filter { !($0 is CreateMarketDays) }
            let old = QuotaKeeperSchemaTests.migrator(before, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            // Charts and nations as the code before stored them: the same tables, then the market's taken away.
            let withMarket = QuotaKeeperSchemaTests.migrator(before + [CreateMarketDays()], on: database)
            try await withMarket.prepareBatch().get()
            var random = SplitMix64(seed: 7)
            let charts = database.chartRepository(origin: Self.origin)
            for (index, day) in Self.days.enumerated() {
                try await charts.save(
                    Self.chart(day, using: &random, fetchedAt: Fixtures.fetchedAt.addingTimeInterval(Double(index))))
            }
            try await charts.save(
                Self.chart(
                    Self.days[2], using: &random, filters: ChartFilters(multiMovie: .diversity),
                    fetchedAt: Fixtures.fetchedAt))
            try await charts.save(Fixtures.weekendChart(containing: Self.days[2]))
            try await database.archiveRepository(origin: Self.origin).saveRepresentativeNations(
                ["20230001": "한국", "20230002": "미국", "20230003": ""])
            try await withMarket.revertLastBatch().get()
            await #expect(throws: (any Error).self) { try await database.rowCount(of: MarketDayRows.schema) }

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            #expect(try await database.rowCount(of: MarketDayRows.schema) == Self.days.count)
            try await Self.expectKeptEqualsRecomputed(database, "upgraded")

            // Reverting the upgrade drops only the kept market; migrating again fills it the same.
            let all = QuotaKeeperSchemaTests.migrator(before + [CreateMarketDays()], on: database)
            try await all.revertLastBatch().get()
            await #expect(throws: (any Error).self) { try await database.rowCount(of: MarketDayRows.schema) }
            #expect(try await charts.dailyCharts(in: DateRange(start: Self.days[0], end: Self.days[31])).count == 32)
            try await database.migrate()
            try await Self.expectKeptEqualsRecomputed(database, "migrated again")
        }
    }
}
