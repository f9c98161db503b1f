import BoxOfficeCore
import BoxOfficeText
import Hummingbird

/// One year's window of `/market/holidays`.
struct MarketHolidayRowViewModel: Sendable {
    var year: Int
    var window: String
    var daysURL: String
    var sales: String
    var salesRange: String?
    var topFilm: String
    var topFilmBeside: String
    var hasTopFilmBeside: Bool
    var topURL: String?
    var korean: String
    var koreanRange: String?
    var change: String
    var archived: String
    /// The raw values the page script sorts the columns by (``SortValue``).
    var windowSort: String
    var salesSort: String
    var changeSort: String
    var topFilmSort: String
    var koreanSort: String
    var archivedSort: String
}

/// `/market/holidays`: each year's 설날 or 추석 window at the cinema.
struct MarketHolidaysViewModel: Sendable {
    var page: MarketPageViewModel
    var holidays: [MarketLinkViewModel]
    var summary: String
    var rows: [MarketHolidayRowViewModel]
    var isEmpty: Bool

    /// `englishTitles` (movie code → KOBIS's English title, given for English pages) lead the films' names.
    init(
        report: MarketHolidaysReport, language: Language, request: Request, englishTitles: [String: String] = [:]
    ) {
        let m = MarketStrings.table(for: language)
        let name = m.name(report.holiday)
        let page = MarketPageViewModel(
            page: .holidays, title: "\(m.holidaysTitle): \(name)", source: report.source,
            showsEraNote: report.windows.contains { $0.partialScreens && $0.archivedDays > 0 },
            jsonItems: [("holiday", report.holiday.rawValue)], language: language, request: request)
        self.page = page
        holidays = KoreanHoliday.allCases.map { holiday in
            MarketLinkViewModel(
                label: m.name(holiday),
                url: page.link("/market/holidays", [("holiday", holiday.rawValue)]),
                isCurrent: holiday == report.holiday)
        }
        rows = report.windows.reversed().map { window in
            let top = window.topTitle.map {
                LeadingName(
                    korean: $0, english: window.topMovieCode.flatMap { englishTitles[$0] } ?? "", language: language)
            }
            return MarketHolidayRowViewModel(
                year: window.year, window: m.windowText(window.range, days: window.days),
                daysURL: page.link(
                    "/market/days", [("from", window.range.start.isoString), ("to", window.range.end.isoString)]),
                sales: m.won(window.sales, language: language),
                salesRange: window.sales.map { FigureText.wonRange($0, language: language) },
                topFilm: top?.name ?? m.none, topFilmBeside: top?.beside ?? "", hasTopFilmBeside: top?.beside != nil,
                topURL: window.topMovieCode.map { page.link("/movies/\($0)", []) },
                korean: m.percent(window.koreanShare),
                koreanRange: window.koreanShare.map(FigureText.percentRange), change: m.change(window.change),
                archived: m.archived(window.archivedDays, of: window.days),
                windowSort: window.range.start.isoString, salesSort: SortValue.figure(window.sales),
                changeSort: SortValue.figure(window.change), topFilmSort: top?.name ?? "",
                koreanSort: SortValue.figure(window.koreanShare),
                archivedSort: String(window.archivedDays))
        }
        let known = report.windows.filter { $0.sales != nil }
        isEmpty = known.isEmpty
        if let latest = known.last, let sales = latest.sales {
            summary = "\(name) \(latest.year): \(FigureText.won(sales, language: language))"
        } else {
            summary = m.emptyArchive
        }
    }
}
