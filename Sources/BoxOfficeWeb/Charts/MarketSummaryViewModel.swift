import BoxOfficeCore
import BoxOfficeText

/// The day's whole market above an unfiltered daily chart: its sales and the top 10's share of them, each as `≈` the
/// middle of a range, the range beside it, and a legend saying why it is a range.
struct MarketSummaryViewModel: Sendable {
    /// `≈ 45억 2,123만 원`.
    var sales: String
    /// `45억 2,096만 ~ 45억 2,150만 원`.
    var salesRange: String
    /// `≈ 93.1%`.
    var topTenShare: String
    /// `93.06–93.14%`.
    var topTenShareRange: String
    var isInconsistent: Bool

    init(_ market: MarketSales, language: Language) {
        sales = FigureText.won(market.sales, language: language)
        salesRange = FigureText.wonRange(market.sales, language: language)
        topTenShare = FigureText.percent(market.topTenShare)
        topTenShareRange = FigureText.percentRange(market.topTenShare)
        isInconsistent = market.isInconsistent
    }
}
