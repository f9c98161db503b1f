/// One year's kept market days summed (``MarketRepository/yearSums()``).
public struct MarketYearSums: Sendable, Hashable {
    public var year: Int
    /// Days with a stored daily chart.
    public var archivedDays: Int
    /// The days with a market, summed.
    public var totals: MarketTotals
    /// Days when one film had more than half the top 10's shows.
    public var monopolyDays: Int
    /// Days with shows, and their show HHIs summed.
    public var herfindahlDays: Int
    public var herfindahlSum: Double

    public init(
        year: Int, archivedDays: Int, totals: MarketTotals, monopolyDays: Int, herfindahlDays: Int,
        herfindahlSum: Double
    ) {
        self.year = year
        self.archivedDays = archivedDays
        self.totals = totals
        self.monopolyDays = monopolyDays
        self.herfindahlDays = herfindahlDays
        self.herfindahlSum = herfindahlSum
    }

    /// The sums of `days` (all of one year).
    public init(year: Int, days: [MarketDay]) {
        let shows = days.compactMap(\.showHerfindahl)
        self.init(
            year: year, archivedDays: days.count, totals: MarketTotals(days: days),
            monopolyDays: days.filter(\.isMonopoly).count, herfindahlDays: shows.count,
            herfindahlSum: shows.reduce(0, +))
    }

    /// The mean show HHI of the days with shows.
    public var meanHerfindahl: Double? { herfindahlDays > 0 ? herfindahlSum / Double(herfindahlDays) : nil }
}
