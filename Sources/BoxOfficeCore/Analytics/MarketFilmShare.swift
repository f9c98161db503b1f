/// One film's rows in a period's daily charts summed, beside the top 10's sales and shows on the days it charted:
/// its show share and sales share within the top 10 and their ratio, the over-allocation (``ShowShares``).
public struct MarketFilmShare: Codable, Sendable, Hashable {
    public var movieCode: String
    public var title: String
    /// Days the film was in the top 10.
    public var days: Int
    public var shows: Int64
    public var sales: Int64
    /// The top 10's shows and sales summed over those days.
    public var topTenShows: Int64
    public var topTenSales: Int64

    public init(
        movieCode: String, title: String, days: Int, shows: Int64, sales: Int64, topTenShows: Int64,
        topTenSales: Int64
    ) {
        self.movieCode = movieCode
        self.title = title
        self.days = days
        self.shows = shows
        self.sales = sales
        self.topTenShows = topTenShows
        self.topTenSales = topTenSales
    }

    /// Its percent of the top 10's shows on its days.
    public var showShare: Double? { topTenShows > 0 ? Double(shows) / Double(topTenShows) * 100 : nil }
    /// Its percent of the top 10's sales on its days.
    public var salesShare: Double? { topTenSales > 0 ? Double(sales) / Double(topTenSales) * 100 : nil }
    /// Show share ÷ sales share: above 1, more shows than its sales earned.
    public var overAllocation: Double? {
        guard let showShare, let salesShare, salesShare > 0 else { return nil }
        return showShare / salesShare
    }
}
