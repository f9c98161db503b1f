import BoxOfficeCore
import Foundation
import Testing

@Suite("Market sales: a chart's rows pin the whole market")
struct MarketSalesTests {
    typealias C = MarketCharts

    static let market: Int64 = 3_456_789_120
    static let sales: [Int64] = [
        1_210_345_670, 830_112_300, 512_998_000, 300_450_120, 150_222_000, 90_870_500, 40_120_000, 30_000_000,
        1_500_000, 1_300_000,
    ]

    @Test("rounded shares give a range that holds the truth, at most 0.3 % wide")
    func containsTheTruth() throws {
        let market = try #require(MarketSales(entries: C.rows(market: Self.market, sales: Self.sales)))
        #expect(market.sales.quality == .range)
        #expect(!market.isInconsistent)
        #expect(market.sales.admits(Double(Self.market)))
        let low = try #require(market.sales.low)
        let high = try #require(market.sales.high)
        #expect(low < high)
        #expect((high - low) / market.sales.value <= 0.003)
        #expect(market.sales.value == (low + high) / 2)
        #expect(low == low.rounded() && high == high.rounded(), "whole won")
        // The rows under 1 % (0.9, 0.0, 0.0) pin nothing.
        #expect(market.pinningRows == 7)
        let top = Self.sales.reduce(0, +)
        #expect(market.topTenSales == top)
        #expect(market.topTenShare.admits(Double(top) / Double(Self.market) * 100))
        #expect(market.outsideSales.admits(Double(Self.market - top)))
        #expect(market.outsideShare.admits(100 - Double(top) / Double(Self.market) * 100))
        let topLow = try #require(market.topTenShare.low)
        let outsideHigh = try #require(market.outsideShare.high)
        #expect(abs(topLow + outsideHigh - 100) < 1e-9)
    }

    @Test("a tiny share rounded up is skipped: it would not meet the others")
    func tinySharesRoundedUp() throws {
        var rows = C.rows(market: Self.market, sales: Self.sales)
        rows[8].salesShare = 0.1
        rows[9].salesShare = 0.1
        let market = try #require(MarketSales(entries: rows))
        #expect(!market.isInconsistent)
        #expect(market.sales.admits(Double(Self.market)))
        // Had it counted, 1,300,000 won at 0.1 % would say the market is under 2.6 billion.
        let alone = try #require(MarketSales.interval(sales: 1_300_000, share: 1.0))
        #expect(alone.upperBound < Double(Self.market))
        #expect(MarketSales.interval(sales: 1_300_000, share: 0.1) == nil)
        #expect(MarketSales.interval(sales: 1_300_000, share: 0.99) == nil)
    }

    @Test("a revised chart whose rows disagree takes the first row's interval, flagged inconsistent")
    func inconsistentChart() throws {
        // Row 2's sales were revised up after the shares were computed: its interval lies above row 1's.
        let rows = [
            C.entry(1, sales: 500_000_000, share: 50.0), C.entry(2, sales: 300_000_000, share: 20.0),
            C.entry(3, sales: 100_000_000, share: 10.0),
        ]
        let market = try #require(MarketSales(entries: rows))
        #expect(market.isInconsistent)
        #expect(market.sales.quality == .range)
        let first = try #require(MarketSales.interval(sales: 500_000_000, share: 50.0))
        #expect(market.sales.low == first.lowerBound.rounded(.down))
        #expect(market.sales.high == first.upperBound.rounded(.up))
        // The top 10 cannot be more than the whole: the share stops at 100 %.
        #expect((market.topTenShare.high ?? 0) <= 100)
        #expect((market.outsideShare.low ?? -1) >= 0)
    }

    @Test("rows that meet but sum to more than their market are inconsistent too")
    func topTenAboveTheMarket() throws {
        // Rows 1 and 2 meet between 999.0 and 1,001.0 million; with row 3 (under 1 %) the rows sold 1,005 million.
        let rows = [
            C.entry(1, sales: 500_000_000, share: 50.0), C.entry(2, sales: 10_000_000, share: 1.0),
            C.entry(3, sales: 495_000_000, share: 0.9),
        ]
        let market = try #require(MarketSales(entries: rows))
        #expect(market.isInconsistent)
        #expect(market.pinningRows == 2)
        // Still never below what the rows sold: row 1's interval (999–1,001 million) is raised to 1,005 million.
        #expect(market.sales.low == 1_005_000_000)
        #expect(market.sales.high == 1_005_000_000)
        #expect(market.topTenShare.high == 100)
        #expect(market.outsideSales.high == 0)
    }

    @Test("the market is at least the top 10's own sales")
    func atLeastTheTopTen() throws {
        // One row of 99.0 % and a second the share leaves no room for: the top 10 raise the low bound.
        let rows = [C.entry(1, sales: 990_000_000, share: 99.0), C.entry(2, sales: 9_990_000, share: 0.9)]
        let market = try #require(MarketSales(entries: rows))
        #expect(!market.isInconsistent)
        #expect(market.sales.low == 999_990_000)
        #expect(market.topTenShare.high == 100)
    }

    @Test("no row of 1 % or more: no market")
    func noPinningRow() {
        let rows = [C.entry(1, sales: 9_000_000, share: 0.9), C.entry(2, sales: 5_000_000, share: 0.5)]
        #expect(MarketSales(entries: rows) == nil)
        #expect(MarketSales(entries: []) == nil)
    }

    @Test("shares that are no percent and negative sales pin nothing and never trap")
    func hostileRows() throws {
        let rows = [
            C.entry(1, sales: .max, share: 60.0), C.entry(2, sales: .max, share: 40.0),
            C.entry(3, sales: -5, share: 30.0), C.entry(4, sales: 10, share: .nan),
            C.entry(5, sales: 10, share: .infinity), C.entry(6, sales: 10, share: 250),
        ]
        let market = try #require(MarketSales(entries: rows))
        #expect(market.pinningRows == 2)
        #expect(market.topTenSales == .max)
        #expect(market.sales.value.isFinite)
        #expect(MarketSales(entries: [C.entry(1, sales: 0, share: 5.0)])?.sales == .exact(0))
    }

    @Test("whole-market admissions: an estimate at the top 10's average price, never under their own")
    func admissions() throws {
        let rows = C.rows(market: Self.market, sales: Self.sales)
        let market = try #require(MarketSales(entries: rows))
        let people = rows.reduce(0) { $0 + $1.audience }
        #expect(market.topTenAudience == people)
        #expect(market.admissions.quality == .estimate)
        #expect(market.admissions.low == Double(people))
        let price = Double(market.topTenSales) / Double(people)
        let expected = Double(people) + (market.outsideSales.value / price).rounded()
        #expect(abs(market.admissions.value - expected) <= 1)
        // No admissions: no price, the estimate is the top 10's (zero) admissions.
        let free = rows.map { row in
            var row = row
            row.audience = 0
            return row
        }
        #expect(MarketSales(entries: free)?.admissions.value == 0)
    }

    @Test("the Korean share's range holds the truth, however the outside and unknown films split")
    func koreanShare() throws {
        let rows = C.rows(market: Self.market, sales: Self.sales)
        let market = try #require(MarketSales(entries: rows))
        let nations: [String: MovieNationality] = ["M1": .korean, "M2": .foreign, "M3": .korean, "M4": .unknown]
        let share = market.koreanShare(of: rows) { nations[$0.movieCode] ?? .foreign }
        #expect(share.quality == .range)
        let korean = Self.sales[0] + Self.sales[2]
        let outside = Self.market - Self.sales.reduce(0, +)
        for extra in [Int64(0), outside, Self.sales[3], outside + Self.sales[3]] {
            let truth = Double(korean + extra) / Double(Self.market) * 100
            #expect(share.admits(truth), "Korean sales \(korean + extra)")
        }
        // Every film Korean: the high end is 100 %.
        #expect(market.koreanShare(of: rows) { _ in .korean }.high == 100)
        #expect(market.koreanShare(of: rows) { _ in .foreign }.low == 0)
    }
}
