import BoxOfficeCore
import BoxOfficeText
import Hummingbird

/// One day of `/market/days`' table: a year of them on one page, so it lists its fields itself.
struct MarketDayRowViewModel: Sendable, MustacheFields {
    var date: String
    var sales: String
    var topTen: String
    var korean: String
    var first: String
    /// The Korean title, when an English one leads `first` (English pages; see ``ArchiveService/pageTitles(of:for:)``).
    var firstBeside = ""
    var hasFirstBeside = false
    var firstURL: String?
    var firstShows: String
    var holiday: String
    /// The raw values the page script sorts the columns by (``SortValue``).
    var salesSort: String
    var topTenSort: String
    var koreanSort: String
    var firstSort: String
    var firstShowsSort: String

    var mustacheFields: [String: Any] {
        var fields: [String: Any] = [
            "date": date, "sales": sales, "topTen": topTen, "korean": korean, "first": first,
            "firstShows": firstShows, "holiday": holiday, "salesSort": salesSort, "topTenSort": topTenSort,
            "koreanSort": koreanSort, "firstSort": firstSort, "firstShowsSort": firstShowsSort,
        ]
        if let firstURL { fields["firstURL"] = firstURL }
        fields["firstBeside"] = firstBeside
        fields["hasFirstBeside"] = hasFirstBeside
        return fields
    }
}

/// One film of the ledger of over-allocated films.
struct MarketFilmRowViewModel: Sendable {
    var title: String
    var titleBeside: String
    var hasTitleBeside: Bool
    var url: String
    var days: Int
    var showShare: String
    var salesShare: String
    var ratio: String
    /// The raw values the page script sorts the columns by (``SortValue``).
    var showShareSort: String
    var salesShareSort: String
    var ratioSort: String
}

/// One month of `/market/days`' month table.
struct MarketMonthRowViewModel: Sendable {
    var month: String
    var sales: String
    var salesRange: String?
    var outside: String
    var korean: String
    var koreanRange: String?
    var monopolyDays: Int
    var hhi: String
    var archived: String
    /// The raw values the page script sorts the columns by (``SortValue``).
    var salesSort: String
    var outsideSort: String
    var koreanSort: String
    var hhiSort: String
    var archivedSort: String
}

/// `/market/days`: the daily line (SVG and the same numbers in a table), the period against the same days a year
/// before, the monopoly ledger and the months.
struct MarketDaysViewModel: Sendable {
    var page: MarketPageViewModel
    var rangeLabel: String
    var from: String
    var to: String
    var minDate: String
    var maxDate: String
    var previousURL: String?
    var nextURL: String?
    var isEmpty: Bool
    var totalText: String
    var outsideText: String
    var koreanText: String
    var comparisonText: String
    var missingText: String?
    var chartTitle: String
    var chartDescription: String
    var chart: MarketLineChartViewModel
    /// The daily table's rows, written by ``dayRows(_:)``.
    var rowsHTML: String
    var topShowDays: [MarketDayRowViewModel]
    var films: [MarketFilmRowViewModel]
    var hasFilms: Bool
    var months: [MarketMonthRowViewModel]

    init(
        report: MarketDaysReport, parameters: MarketParameters, calendar: BoxOfficeCalendar, language: Language,
        request: Request, englishTitles: [String: String] = [:]
    ) {
        let m = MarketStrings.table(for: language)
        let range = report.range
        rangeLabel = "\(range.start) – \(range.end)"
        var jsonItems: [(name: String, value: String?)]
        switch parameters.selection {
        case .year(let year): jsonItems = [("year", String(year))]
        case .month(let first): jsonItems = [("month", String(first.isoString.prefix(7)))]
        case .range, .current: jsonItems = [("from", range.start.isoString), ("to", range.end.isoString)]
        }
        let page = MarketPageViewModel(
            page: .days, title: "\(m.daysTitle) \(rangeLabel)", source: report.source,
            showsEraNote: report.partialScreens, jsonItems: jsonItems, language: language, request: request)
        self.page = page
        from = range.start.isoString
        to = range.end.isoString
        minDate = calendar.earliestDate.isoString
        maxDate = calendar.yesterday.isoString
        previousURL = parameters.neighbour(previous: true, earliest: calendar.earliestDate, latest: calendar.yesterday)
            .map { page.link("/market/days", $0) }
        nextURL = parameters.neighbour(previous: false, earliest: calendar.earliestDate, latest: calendar.yesterday)
            .map { page.link("/market/days", $0) }
        isEmpty = report.lines.isEmpty
        totalText = m.won(report.sales, language: language)
        outsideText = m.percent(report.outsideShare)
        koreanText =
            m.percent(report.koreanShare) + (report.koreanShare.map { " (" + FigureText.percentRange($0) + ")" } ?? "")
        let comparison = report.comparison
        comparisonText = m.comparison(
            days: comparison.days, sales: m.won(comparison.sales, language: language),
            previous: m.won(comparison.previousSales, language: language), change: m.change(comparison.change))
        missingText = report.archivedDays < report.days ? m.missingDays(report.days - report.archivedDays) : nil
        chartTitle = m.daysChartTitle(rangeLabel)
        let known = report.lines.filter { $0.sales != nil }
        let peak = known.max { ($0.sales?.value ?? 0) < ($1.sales?.value ?? 0) }
        let low = known.min { ($0.sales?.value ?? 0) < ($1.sales?.value ?? 0) }
        if let peak, let low {
            chartDescription = m.daysDescription(
                total: totalText, peakDay: peak.date.isoString, peak: m.won(peak.sales, language: language),
                lowDay: low.date.isoString, low: m.won(low.sales, language: language))
        } else {
            chartDescription = m.emptyArchive
        }
        chart = MarketLineChartViewModel(
            range: range, lines: report.lines, label: m.salesHeader, language: language)
        // English titles, given for English pages, lead the films' names.
        func name(_ code: String?, _ korean: String) -> LeadingName {
            LeadingName(korean: korean, english: code.flatMap { englishTitles[$0] } ?? "", language: language)
        }
        func row(_ line: MarketDayLine) -> MarketDayRowViewModel {
            let first = line.firstTitle.map { name(line.firstMovieCode, $0) }
            return MarketDayRowViewModel(
                date: line.date.isoString, sales: m.won(line.sales, language: language),
                topTen: m.percent(line.topTenShare), korean: m.percent(line.koreanShare),
                first: first?.name ?? m.none, firstBeside: first?.beside ?? "", hasFirstBeside: first?.beside != nil,
                firstURL: line.firstMovieCode.map {
                    page.link("/movies/\($0)", [])
                },
                firstShows: m.share(line.firstShowShare), holiday: line.holiday.map(m.name) ?? "",
                salesSort: SortValue.figure(line.sales), topTenSort: SortValue.figure(line.topTenShare),
                koreanSort: SortValue.figure(line.koreanShare), firstSort: first?.name ?? "",
                firstShowsSort: SortValue.number(line.firstShowShare))
        }
        rowsHTML = Self.dayRows(report.lines.map(row))
        topShowDays = report.topShowDays.map(row)
        films = report.overAllocated.map { film in
            let title = name(film.movieCode, film.title)
            return MarketFilmRowViewModel(
                title: title.name, titleBeside: title.beside ?? "", hasTitleBeside: title.beside != nil,
                url: page.link("/movies/\(film.movieCode)", []),
                days: film.days, showShare: m.share(film.showShare), salesShare: m.share(film.salesShare),
                ratio: m.times(film.overAllocation), showShareSort: SortValue.number(film.showShare),
                salesShareSort: SortValue.number(film.salesShare), ratioSort: SortValue.number(film.overAllocation))
        }
        hasFilms = !films.isEmpty
        months = report.months.map { month in
            MarketMonthRowViewModel(
                month: month.month, sales: m.won(month.sales, language: language),
                salesRange: month.sales.map { FigureText.wonRange($0, language: language) },
                outside: m.percent(month.outsideShare), korean: m.percent(month.koreanShare),
                koreanRange: month.koreanShare.map(FigureText.percentRange),
                monopolyDays: month.monopolyDays, hhi: m.hhi(month.meanShowHHI),
                archived: m.archived(month.archivedDays, of: month.days), salesSort: SortValue.figure(month.sales),
                outsideSort: SortValue.figure(month.outsideShare), koreanSort: SortValue.figure(month.koreanShare),
                hhiSort: SortValue.number(month.meanShowHHI), archivedSort: String(month.archivedDays))
        }
    }

    /// The daily table's rows, a year of them, as markup written here rather than by the template: Mustache looked up
    /// and escaped the year's 3,300 cells one by one, and that cost a page computed afresh about half its time.
    static func dayRows(_ rows: [MarketDayRowViewModel]) -> String {
        var html = ""
        html.reserveCapacity(rows.count * 320)
        for row in rows {
            html += "<tr><th scope=\"row\" class=\"date\">\(row.date.htmlEscaped)</th>"
            html += "<td data-sort-value=\"\(row.salesSort.htmlEscaped)\">\(row.sales.htmlEscaped)</td>"
            html += "<td>\(row.topTen.htmlEscaped)</td><td>\(row.korean.htmlEscaped)</td>"
            if let url = row.firstURL {
                html += "<td><a href=\"\(url.htmlEscaped)\">\(row.first.htmlEscaped)"
                if row.hasFirstBeside {
                    html += " <span class=\"name-beside\" lang=\"ko\">\(row.firstBeside.htmlEscaped)</span>"
                }
                html += "</a></td>"
            } else {
                html += "<td data-sort-value=\"\">\(row.first.htmlEscaped)</td>"
            }
            html += "<td>\(row.firstShows.htmlEscaped)</td><td>\(row.holiday.htmlEscaped)</td></tr>"
        }
        return html
    }
}
