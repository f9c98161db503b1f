/// One year of the market (`/market/years`): its sales, the change on the same calendar days of the year before, the
/// share outside the top 10, the Korean share, and how concentrated the top 10's shows were.
public struct MarketYear: Codable, Sendable, Hashable {
    public var year: Int
    /// Days of the year that count: from its first day (or the archive's) to its last (or yesterday).
    public var days: Int
    /// Days with a stored daily chart.
    public var archivedDays: Int
    /// The market's sales over the days with one, a `range` in won.
    public var sales: Figure?
    /// Percent change on the days archived in both this year and the year before (same calendar days), a `range`.
    public var change: Figure?
    /// How many days ``change`` compares.
    public var comparedDays: Int
    /// Percent of the market outside the top 10, a `range`.
    public var outsideShare: Figure?
    /// Percent of the market's sales to Korean films, a `range`.
    public var koreanShare: Figure?
    /// Days when one film had more than half the top 10's shows.
    public var monopolyDays: Int
    /// The mean of the days' show HHI (Σ (100 × show share)² over the top 10).
    public var meanShowHHI: Double?
    /// On KOBIS data before 2011: KOBIS then counted only part of the screens.
    public var partialScreens: Bool

    public init(
        year: Int, days: Int, archivedDays: Int, sales: Figure?, change: Figure?, comparedDays: Int,
        outsideShare: Figure?, koreanShare: Figure?, monopolyDays: Int, meanShowHHI: Double?, partialScreens: Bool
    ) {
        self.year = year
        self.days = days
        self.archivedDays = archivedDays
        self.sales = sales
        self.change = change
        self.comparedDays = comparedDays
        self.outsideShare = outsideShare
        self.koreanShare = koreanShare
        self.monopolyDays = monopolyDays
        self.meanShowHHI = meanShowHHI
        self.partialScreens = partialScreens
    }
}
