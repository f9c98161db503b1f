/// A year's days beside the same calendar days of the year before, counting only days with a market in both
/// (``MarketRepository/sameDaySums()``).
public struct MarketYearComparison: Sendable, Hashable {
    public var year: Int
    /// The year's matched days.
    public var current: MarketTotals
    /// The same calendar days of the year before.
    public var previous: MarketTotals

    public init(year: Int, current: MarketTotals, previous: MarketTotals) {
        self.year = year
        self.current = current
        self.previous = previous
    }

    /// The percent change on the year, a `range`.
    public var change: Figure? { current.change(from: previous) }
}
