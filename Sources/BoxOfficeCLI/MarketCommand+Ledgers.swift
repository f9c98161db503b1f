import BoxOfficeCore
import BoxOfficeText

// The tables `market days` prints after its daily line, as the page shows them: the month table, the days the #1
// film held the largest share of shows, and the films given more shows than their sales earned.
extension MarketCommand {
    static func ledgers(
        _ report: MarketDaysReport, strings: CLIStrings, language: Language, englishTitles: [String: String]
    ) -> String {
        func film(_ code: String?, _ title: String?) -> String {
            title.map { strings.filmTitle($0, english: code.flatMap { englishTitles[$0] }, width: 30) } ?? "-"
        }
        func share(_ value: Double?) -> String { value.map { NumberFormatting.fixed($0, decimals: 1) + "%" } ?? "-" }
        let months = TextTable(
            columns: [
                .left(strings.marketMonthHeader), .right(strings.marketSalesHeader),
                .right(strings.marketOutsideHeader),
                .right(strings.marketKoreanHeader), .right(strings.marketMonopolyHeader),
                .right(strings.marketHHIHeader), .right(strings.marketArchivedHeader),
            ],
            rows: report.months.map { month in
                [
                    month.month, won(month.sales, language), percent(month.outsideShare), percent(month.koreanShare),
                    month.archivedDays > 0 ? String(month.monopolyDays) : "-",
                    month.meanShowHHI.map { NumberFormatting.fixed($0, decimals: 0) } ?? "-",
                    strings.archivedDays(month.archivedDays, of: month.days),
                ]
            })
        let days = TextTable(
            columns: [
                .left(strings.marketDateHeader), .left(strings.marketFirstHeader),
                .right(strings.marketFirstShowsHeader), .right(strings.marketSalesHeader),
            ],
            rows: report.topShowDays.map { line in
                [
                    strings.dayLabel(line.date), film(line.firstMovieCode, line.firstTitle),
                    share(line.firstShowShare), won(line.sales, language),
                ]
            })
        let films = TextTable(
            columns: [
                .left(strings.marketFilmHeader), .right(strings.marketDaysHeader),
                .right(strings.marketShowShareHeader),
                .right(strings.marketSalesShareHeader), .right(strings.marketOverAllocationHeader),
            ],
            rows: report.overAllocated.map { line in
                [
                    film(line.movieCode, line.title), NumberFormatting.thousands(line.days), share(line.showShare),
                    share(line.salesShare), NumberFormatting.fixed(line.overAllocation, decimals: 2),
                ]
            })
        return [
            months.rendered(title: strings.marketMonthsTitle, whenEmpty: strings.emptyArchive),
            days.rendered(title: strings.marketTopShowDaysTitle, whenEmpty: strings.emptyArchive),
            films.rendered(
                title: strings.marketOverAllocatedTitle, whenEmpty: strings.marketNoOverAllocated,
                footer: [strings.marketOverAllocatedNote]),
        ].joined(separator: "\n")
    }
}
