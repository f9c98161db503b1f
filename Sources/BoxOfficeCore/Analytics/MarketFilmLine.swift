/// A film of the monopoly ledger: its show share against its sales share within the top 10, over its days in the
/// range.
public struct MarketFilmLine: Codable, Sendable, Hashable {
    public var movieCode: String
    public var title: String
    public var days: Int
    /// Percents of the top 10's shows and sales on its days, to hundredths.
    public var showShare: Double
    public var salesShare: Double
    /// ``showShare`` ÷ ``salesShare``, to hundredths.
    public var overAllocation: Double

    /// The line of `film`, or `nil` when it had no shares.
    public init?(_ film: MarketFilmShare) {
        guard let showShare = film.showShare, let salesShare = film.salesShare, let ratio = film.overAllocation else {
            return nil
        }
        movieCode = film.movieCode
        title = film.title
        days = film.days
        self.showShare = MarketDayLine.hundredths(showShare)
        self.salesShare = MarketDayLine.hundredths(salesShare)
        overAllocation = MarketDayLine.hundredths(ratio)
    }
}
