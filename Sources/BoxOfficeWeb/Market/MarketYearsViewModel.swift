import BoxOfficeCore
import BoxOfficeText
import Hummingbird

/// One year of `/market/years`, already in words.
struct MarketYearRowViewModel: Sendable {
    var year: Int
    /// The last day a year not over yet counts, in words (`11월 30일까지`); `nil` for a whole year. (Optional, not
    /// empty: Mustache renders a section for an empty string.)
    var through: String?
    var daysURL: String
    var sales: String
    var salesRange: String?
    var change: String
    var outside: String
    var korean: String
    var koreanRange: String?
    var monopolyDays: String
    var hhi: String
    var archived: String
    var partialScreens: Bool
    /// The raw values the page script sorts the columns by (``SortValue``).
    var salesSort: String
    var changeSort: String
    var outsideSort: String
    var koreanSort: String
    var monopolySort: String
    var hhiSort: String
    var archivedSort: String
}

/// `/market/years`: every year's market in a table whose caption states the finding.
struct MarketYearsViewModel: Sendable {
    var page: MarketPageViewModel
    var summary: String
    var rows: [MarketYearRowViewModel]
    var isEmpty: Bool

    init(report: MarketYearsReport, language: Language, request: Request) {
        let m = MarketStrings.table(for: language)
        let page = MarketPageViewModel(
            page: .years, title: m.yearsTitle, source: report.source,
            showsEraNote: report.years.contains { $0.partialScreens && $0.archivedDays > 0 },
            jsonItems: [], language: language, request: request)
        self.page = page
        // Only the latest of several years can be cut short by yesterday (an earlier one starts with the archive).
        let current =
            report.years.count > 1
            ? report.years.last.flatMap { year in Self.lastDay(of: year).map { (year.year, $0) } } : nil
        rows = report.years.reversed().map { year in
            MarketYearRowViewModel(
                year: year.year, through: current.flatMap { $0.0 == year.year ? m.through($0.1) : nil },
                daysURL: page.link("/market/days", [("year", String(year.year))]),
                sales: m.won(year.sales, language: language),
                salesRange: year.sales.map { FigureText.wonRange($0, language: language) },
                change: m.change(year.change), outside: m.percent(year.outsideShare),
                korean: m.percent(year.koreanShare), koreanRange: year.koreanShare.map(FigureText.percentRange),
                monopolyDays: year.archivedDays > 0 ? NumberFormatting.thousands(year.monopolyDays) : m.none,
                hhi: m.hhi(year.meanShowHHI), archived: m.archived(year.archivedDays, of: year.days),
                partialScreens: year.partialScreens, salesSort: SortValue.figure(year.sales),
                changeSort: SortValue.figure(year.change), outsideSort: SortValue.figure(year.outsideShare),
                koreanSort: SortValue.figure(year.koreanShare),
                monopolySort: year.archivedDays > 0 ? String(year.monopolyDays) : "",
                hhiSort: SortValue.number(year.meanShowHHI), archivedSort: String(year.archivedDays))
        }
        let known = report.years.filter { $0.sales != nil }
        isEmpty = known.isEmpty
        if let latest = known.last?.year, let latestSales = known.last?.sales,
            let best = known.max(by: { ($0.sales?.value ?? 0) < ($1.sales?.value ?? 0) }), let bestSales = best.sales
        {
            let through = current.flatMap { $0.0 == latest ? $0.1 : nil }
            summary = m.yearsDescription(
                latest: m.yearLabel(latest, through: through), sales: FigureText.won(latestSales, language: language),
                best: m.yearLabel(best.year, through: current.flatMap { $0.0 == best.year ? $0.1 : nil }),
                bestSales: FigureText.won(bestSales, language: language))
        } else {
            summary = m.emptyArchive
        }
    }

    /// The last day `year` counts when it is not over yet (yesterday, in the current year), `nil` for a whole year.
    static func lastDay(of year: MarketYear) -> CalendarDate? {
        guard let first = CalendarDate(year: year.year, month: 1, day: 1),
            let next = CalendarDate(year: year.year + 1, month: 1, day: 1), year.days > 0,
            year.days < first.days(to: next)
        else { return nil }
        return first.adding(days: year.days - 1)
    }
}
