/// A period's market: its days' kept figures summed over the days that had one (``MarketDay``).
///
/// Every day's market lies in its range, so the period's lies in the sum of the ranges; the Korean share applies
/// ``MarketSales/koreanShare(of:nationality:)``'s rule to the sums (at least the sure Korean sales over the most the
/// market can be; at most those plus everything outside the top 10 and every top-10 won of unknown nation, over the
/// least it can be).
public struct MarketTotals: Codable, Sendable, Hashable {
    /// Days with a market.
    public var days: Int
    public var salesLow: Int64
    public var salesHigh: Int64
    public var topTenSales: Int64
    public var topTenAudience: Int64
    public var koreanSales: Int64
    public var unknownSales: Int64

    public init(
        days: Int, salesLow: Int64, salesHigh: Int64, topTenSales: Int64, topTenAudience: Int64, koreanSales: Int64,
        unknownSales: Int64
    ) {
        self.days = days
        self.salesLow = salesLow
        self.salesHigh = salesHigh
        self.topTenSales = topTenSales
        self.topTenAudience = topTenAudience
        self.koreanSales = koreanSales
        self.unknownSales = unknownSales
    }

    /// The sums of the days of `days` that had a market.
    public init(days: [MarketDay]) {
        self.init(
            days: 0, salesLow: 0, salesHigh: 0, topTenSales: 0, topTenAudience: 0, koreanSales: 0, unknownSales: 0)
        for day in days { add(day) }
    }

    /// Adds a day (nothing when it had no market).
    public mutating func add(_ day: MarketDay) {
        guard let low = day.salesLow, let high = day.salesHigh else { return }
        days += 1
        salesLow = [salesLow, low].clampedSum()
        salesHigh = [salesHigh, high].clampedSum()
        topTenSales = [topTenSales, day.topTenSales].clampedSum()
        topTenAudience = [topTenAudience, day.topTenAudience].clampedSum()
        koreanSales = [koreanSales, day.koreanSales].clampedSum()
        unknownSales = [unknownSales, day.unknownSales].clampedSum()
    }

    /// The market's sales in won, a `range`; `nil` without a day.
    public var sales: Figure? {
        guard days > 0 else { return nil }
        return .range(Double(salesLow), Double(salesHigh))
    }

    /// The percent of the market outside the top 10, a `range`; `nil` without a day.
    public var outsideShare: Figure? {
        guard days > 0 else { return nil }
        let low = Double(Swift.min(salesLow, salesHigh))
        let high = Double(Swift.max(salesLow, salesHigh))
        return MarketSales.complement(MarketSales.percentRange(Double(topTenSales), over: low...high))
    }

    /// The Korean films' percent of the market's sales, a `range`; `nil` without a day.
    public var koreanShare: Figure? {
        guard days > 0 else { return nil }
        let sure = Double(koreanSales)
        let outside = Swift.max(0, Double(salesHigh) - Double(topTenSales))
        let low = sure / Swift.max(Double(salesHigh), 1)
        let high = salesLow > 0 ? (sure + outside + Double(unknownSales)) / Double(salesLow) : 1
        return MarketSales.percentFigure(low: low * 100, high: high * 100)
    }

    /// The percent change from `previous` to these sums, a `range` (`nil` when either has no day or the earlier one
    /// may have been 0).
    public func change(from previous: MarketTotals) -> Figure? {
        guard days > 0, previous.days > 0, previous.salesLow > 0 else { return nil }
        let low = (Double(salesLow) / Double(previous.salesHigh) - 1) * 100
        let high = (Double(salesHigh) / Double(previous.salesLow) - 1) * 100
        return MarketSales.hundredths((low * 100).rounded(.down), (high * 100).rounded(.up))
    }
}
