import BoxOfficeCore
import BoxOfficeText

// The words of the chart table's day-of-run and per-show columns and of the day's market under a daily chart, in
// Korean and English (CLIStrings.swift holds the rest; this file keeps it under its size).
extension CLIStrings {
    var dayOfRunHeader: String { isEnglish ? "Day" : "일차" }
    var perShowHeader: String { isEnglish ? "Per show" : "회당" }

    /// A day of run: `12`, a preview day (0 or less) `preview` / `개봉 전`, none `-`.
    func dayOfRun(_ day: Int?) -> String {
        guard let day else { return "-" }
        return day <= 0 ? (isEnglish ? "preview" : "개봉 전") : NumberFormatting.thousands(day)
    }

    /// The market's lines under the table: its sales and the top 10's share, each `≈` the middle of the range given
    /// beside it, then why it is a range (and that the rows disagreed, when they did).
    func marketLines(_ market: MarketSales) -> [String] {
        let language: Language = isEnglish ? .english : .korean
        let sales = FigureText.won(market.sales, language: language)
        let salesRange = FigureText.wonRange(market.sales, language: language)
        let share = FigureText.percent(market.topTenShare)
        let shareRange = FigureText.percentRange(market.topTenShare)
        var lines = [
            isEnglish
                ? "Market sales \(sales) (range \(salesRange)) · top 10's share \(share) (range \(shareRange))"
                : "전체 매출 \(sales) (범위 \(salesRange)) · 상위 10편 비중 \(share) (범위 \(shareRange))",
            isEnglish
                ? "≈ marks the middle of a range: KOBIS gives sales shares to one decimal."
                : "≈는 범위의 가운데 값입니다: KOBIS의 매출 점유율이 소수 첫째 자리까지입니다.",
        ]
        if market.isInconsistent {
            lines.append(
                isEnglish
                    ? "The chart's figures disagree (a revision): only the #1 film's share was used."
                    : "순위표의 숫자들이 서로 맞지 않아(집계 수정) 1위 영화의 점유율로만 계산했습니다.")
        }
        return lines
    }
}
