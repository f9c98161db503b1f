/// One month of `/market/days` (the part of it in the range).
public struct MarketMonth: Codable, Sendable, Hashable {
    /// `YYYY-MM`.
    public var month: String
    /// The month's days in the range, and those archived.
    public var days: Int
    public var archivedDays: Int
    public var sales: Figure?
    public var outsideShare: Figure?
    public var koreanShare: Figure?
    public var monopolyDays: Int
    public var meanShowHHI: Double?

    public init(month: String, days: Int, kept: [MarketDay]) {
        let sums = MarketYearSums(year: 0, days: kept)
        self.month = month
        self.days = days
        archivedDays = kept.count
        sales = sums.totals.sales
        outsideShare = sums.totals.outsideShare
        koreanShare = sums.totals.koreanShare
        monopolyDays = sums.monopolyDays
        meanShowHHI = sums.meanHerfindahl.map { ($0 * 10).rounded() / 10 }
    }
}
