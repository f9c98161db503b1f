import ArgumentParser
import BoxOfficeApp
import BoxOfficeCodecs
import BoxOfficeCore
import BoxOfficeText
import Foundation

/// `boxoffice market years|days|holidays`: the market from the archive (no KOBIS calls), as `/market/…` shows it.
struct MarketCommand: AsyncParsableCommand, LocalizedCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "market",
            abstract: HelpLanguage.words(
                "보관함에서 극장 시장을 연도별, 일별, 해마다의 명절별로 보여 줍니다 (KOBIS 호출 없음).",
                "Show the cinema market by year, by day or over each year's holiday, from the archive (no KOBIS calls)."
            ),
            discussion: HelpLanguage.words(
                """
                날마다의 전체 시장은 일별 차트의 매출 점유율로 좁혀지므로 수치는 범위입니다(≈ 범위의 가운데). \
                days는 기간을 받습니다(--year, --month 또는 --from/--to, 최대 366일; 없으면 올해 1월 1일부터 어제까지). \
                holidays는 --holiday seollal|chuseok을 받습니다(기본값: chuseok).
                """,
                """
                Each day's whole market is pinned by its daily chart's sales shares, so figures are ranges (≈ their middle). \
                days takes a period (--year, --month or --from/--to, at most 366 days; none: this year up to yesterday); \
                holidays takes --holiday seollal|chuseok (chuseok by default).
                """))
    }

    enum View: String, CaseIterable {
        case years, days, holidays
    }

    // Read as text and checked in `run()`, so a mistaken view is refused in the reader's language.
    @Argument(help: .words("years, days 또는 holidays.", "years, days or holidays."))
    var view: String

    @OptionGroup var period: PeriodOptions

    @Option(help: .words("seollal 또는 chuseok (holidays와 함께).", "seollal or chuseok (with holidays)."))
    var holiday: String?

    @Option(help: .words("table, json 또는 csv.", "table, json or csv."))
    var format: PeriodFormat = .table

    @OptionGroup var languageOptions: LanguageOptions

    func run() async throws {
        let strings = strings
        let language = language
        let format = format
        guard let view = View(rawValue: view) else {
            throw BoxOfficeError.invalid("view", .oneOf(View.allCases.map(\.rawValue)), value: view)
        }
        // Read before the services start: a mistake is said before any database is opened.
        let given: KeyValuePairs<String, String?> = [
            "year": period.year, "month": period.month, "from": period.from, "to": period.to, "holiday": holiday,
        ]
        try GivenOption.refuseEmpty(given)
        try GivenOption.refuseUnread(
            given, view: view.rawValue,
            takers: ["year": ["days"], "month": ["days"], "from": ["days"], "to": ["days"], "holiday": ["holidays"]])
        let output: String
        switch view {
        case .years:
            let (report, coverage) = try await ServiceRunner.run(strings) {
                services -> (MarketYearsReport, ArchiveCoverage?) in
                let report = try await services.market.years()
                // The years' days are the archive's, from its first day to yesterday: their gaps, with the sync.
                guard report.years.contains(where: { $0.archivedDays < $0.days }) else { return (report, nil) }
                let (from, yesterday) = (services.configuration.archiveFrom, services.calendar.yesterday)
                guard from <= yesterday else { return (report, nil) }
                return (report, try await services.archive.coverage(of: DateRange(start: from, end: yesterday)))
            }
            if let coverage { ArchiveGapNote.print(coverage, strings: strings) }
            output = try Self.render(report, format: format, strings: strings, language: language)
        case .days:
            let range = try MarketPeriod.range(
                from: period.from, to: period.to, month: period.month, year: period.year, calendar: BoxOfficeCalendar())
            let (report, titles) = try await ServiceRunner.run(strings) { services in
                let report = await TableTitles.titled(
                    try await services.market.days(range), services: services, strings: strings, format: format)
                return (report, report.englishTitles ?? [:])
            }
            ArchiveGapNote.print(
                missing: report.days - report.archivedDays, of: report.days, runs: report.missing, strings: strings)
            ArchiveGapNote.printSyncs(filling: [report.missing], strings: strings)
            output = try Self.render(
                report, format: format, strings: strings, language: language, englishTitles: titles)
        case .holidays:
            let holiday = try KoreanHoliday(parameter: holiday)
            let (report, titles, gaps) = try await ServiceRunner.run(strings) { services in
                let report = await TableTitles.titled(
                    try await services.market.holidays(holiday), services: services, strings: strings, format: format)
                // The days missing from each window that lacks some (a few windows; each a few days).
                var gaps: [[DateRange]] = []
                for window in report.windows where window.archivedDays < window.days {
                    gaps.append(try await services.archive.coverage(of: window.range).missing)
                }
                return (report, report.englishTitles ?? [:], gaps)
            }
            ArchiveGapNote.print(
                missing: report.windows.reduce(0) { $0 + $1.days - $1.archivedDays },
                of: report.windows.reduce(0) { $0 + $1.days }, runs: gaps.flatMap { $0 }, strings: strings)
            // A sync for each window, not one from the first to the last: that would fetch the years between.
            ArchiveGapNote.printSyncs(filling: gaps, strings: strings)
            output = try Self.render(
                report, format: format, strings: strings, language: language, englishTitles: titles)
        }
        Terminal.write(output)
    }

    static func render(
        _ report: MarketYearsReport, format: PeriodFormat, strings: CLIStrings, language: Language
    ) throws -> String {
        switch format {
        case .json: return try ChartRenderer.json(report)
        case .csv:
            return csv(
                ["year", "days", "archivedDays"] + figureColumns("sales") + figureColumns("change") + ["comparedDays"]
                    + figureColumns("outsideShare") + figureColumns("koreanShare")
                    + ["monopolyDays", "meanShowHHI", "partialScreens"],
                report.years.map { year in
                    [String(year.year), String(year.days), String(year.archivedDays)] + figureFields(year.sales)
                        + figureFields(year.change) + [String(year.comparedDays)] + figureFields(year.outsideShare)
                        + figureFields(year.koreanShare)
                        + [
                            String(year.monopolyDays), year.meanShowHHI.map { String($0) } ?? "",
                            String(year.partialScreens),
                        ]
                })
        case .table:
            let rows = report.years.map { year in
                [
                    String(year.year) + (year.partialScreens ? "*" : ""), won(year.sales, language),
                    change(year.change), percent(year.outsideShare), percent(year.koreanShare),
                    year.archivedDays > 0 ? String(year.monopolyDays) : "-",
                    year.meanShowHHI.map { NumberFormatting.fixed($0, decimals: 0) } ?? "-",
                    strings.archivedDays(year.archivedDays, of: year.days),
                ]
            }
            let columns: [TextTable.Column] = [
                .left(strings.marketYearHeader), .right(strings.marketSalesHeader), .right(strings.marketChangeHeader),
                .right(strings.marketOutsideHeader), .right(strings.marketKoreanHeader),
                .right(strings.marketMonopolyHeader), .right(strings.marketHHIHeader),
                .right(strings.marketArchivedHeader),
            ]
            var footer = [strings.marketLegend]
            if report.years.contains(where: { $0.partialScreens }) { footer.append("* " + strings.marketEraNote) }
            return TextTable(columns: columns, rows: rows).rendered(
                title: title(strings.marketYearsTitle, report.source, strings), whenEmpty: strings.emptyArchive,
                footer: footer)
        }
    }

    /// The report in `format`; a table in English leads each film with its English title from `englishTitles`.
    static func render(
        _ report: MarketDaysReport, format: PeriodFormat, strings: CLIStrings, language: Language,
        englishTitles: [String: String] = [:]
    ) throws -> String {
        switch format {
        case .json: return try ChartRenderer.json(report)
        case .csv:
            return csv(
                ["date"] + figureColumns("sales") + figureColumns("topTenShare") + figureColumns("koreanShare")
                    + [
                        "inconsistent", "firstMovieCode", "firstTitle", "firstShowShare", "showHHI", "monopoly",
                        "holiday", "firstTitleEnglish",
                    ],
                report.lines.map { line in
                    [line.date.isoString] + figureFields(line.sales) + figureFields(line.topTenShare)
                        + figureFields(line.koreanShare)
                        + [
                            String(line.inconsistent), line.firstMovieCode ?? "", line.firstTitle ?? "",
                            line.firstShowShare.map { String($0) } ?? "", line.showHHI.map { String($0) } ?? "",
                            String(line.monopoly), line.holiday?.rawValue ?? "",
                            line.firstMovieCode.flatMap { englishTitles[$0] } ?? "",
                        ]
                })
        case .table:
            let rows = report.lines.map { line in
                [
                    strings.dayLabel(line.date), won(line.sales, language), percent(line.topTenShare),
                    percent(line.koreanShare),
                    line.firstTitle.map {
                        strings.filmTitle($0, english: line.firstMovieCode.flatMap { englishTitles[$0] }, width: 30)
                    } ?? "-",
                    line.firstShowShare.map { NumberFormatting.fixed($0, decimals: 1) + "%" } ?? "-",
                ]
            }
            let columns: [TextTable.Column] = [
                .left(strings.marketDateHeader), .right(strings.marketSalesHeader), .right(strings.marketTopTenHeader),
                .right(strings.marketKoreanHeader), .left(strings.marketFirstHeader),
                .right(strings.marketFirstShowsHeader),
            ]
            let comparison = report.comparison
            var footer = [
                strings.marketSalesHeader + " " + won(report.sales, language) + " · " + strings.marketKoreanHeader + " "
                    + percent(report.koreanShare),
                strings.marketComparison(
                    days: comparison.days, sales: won(comparison.sales, language),
                    previous: won(comparison.previousSales, language), change: change(comparison.change)),
                strings.marketLegend,
            ]
            if report.partialScreens { footer.append(strings.marketEraNote) }
            let daily = TextTable(columns: columns, rows: rows).rendered(
                title: title(strings.marketDaysTitle(report.range), report.source, strings),
                whenEmpty: strings.emptyArchive, footer: footer)
            guard !report.lines.isEmpty else { return daily }
            return daily + "\n"
                + ledgers(report, strings: strings, language: language, englishTitles: englishTitles)
        }
    }

    /// The report in `format`; a table in English leads each film with its English title from `englishTitles`.
    static func render(
        _ report: MarketHolidaysReport, format: PeriodFormat, strings: CLIStrings, language: Language,
        englishTitles: [String: String] = [:]
    ) throws -> String {
        switch format {
        case .json: return try ChartRenderer.json(report)
        case .csv:
            return csv(
                ["year", "day", "start", "end", "days", "archivedDays"] + figureColumns("sales")
                    + figureColumns("koreanShare") + ["topMovieCode", "topTitle", "topSales"] + figureColumns("change")
                    + ["partialScreens", "topTitleEnglish"],
                report.windows.map { window in
                    [
                        String(window.year), window.day.isoString, window.range.start.isoString,
                        window.range.end.isoString, String(window.days), String(window.archivedDays),
                    ] + figureFields(window.sales) + figureFields(window.koreanShare)
                        + [window.topMovieCode ?? "", window.topTitle ?? "", window.topSales.map { String($0) } ?? ""]
                        + figureFields(window.change)
                        + [String(window.partialScreens), window.topMovieCode.flatMap { englishTitles[$0] } ?? ""]
                })
        case .table:
            let rows = report.windows.map { window in
                [
                    String(window.year) + (window.partialScreens ? "*" : ""),
                    "\(window.range.start) ~ \(window.range.end)", won(window.sales, language),
                    change(window.change),
                    window.topTitle.map {
                        strings.filmTitle($0, english: window.topMovieCode.flatMap { englishTitles[$0] }, width: 30)
                    } ?? "-",
                    percent(window.koreanShare), strings.archivedDays(window.archivedDays, of: window.days),
                ]
            }
            let columns: [TextTable.Column] = [
                .left(strings.marketYearHeader), .left(strings.marketWindowHeader), .right(strings.marketSalesHeader),
                .right(strings.marketHolidayChangeHeader), .left(strings.marketTopFilmHeader),
                .right(strings.marketKoreanHeader), .right(strings.marketArchivedHeader),
            ]
            var footer = [strings.marketLegend]
            if report.windows.contains(where: { $0.partialScreens }) { footer.append("* " + strings.marketEraNote) }
            return TextTable(columns: columns, rows: rows).rendered(
                title: title(strings.marketHolidaysTitle(report.holiday), report.source, strings),
                whenEmpty: strings.emptyArchive, footer: footer)
        }
    }

    private static func title(_ text: String, _ source: ChartSource, _ strings: CLIStrings) -> String {
        source == .sample ? text + " · " + strings.sampleData : text
    }

    static func won(_ figure: Figure?, _ language: Language) -> String {
        figure.map { FigureText.won($0, language: language) } ?? "-"
    }

    static func percent(_ figure: Figure?) -> String { figure.map(FigureText.percent) ?? "-" }

    /// A hyphen for a fall, as the terminal's other numbers have it.
    private static func change(_ figure: Figure?) -> String {
        figure.map { FigureText.change($0, minus: "-") } ?? "-"
    }

    private static func figureColumns(_ name: String) -> [String] {
        [name, name + "Low", name + "High", name + "Quality"]
    }

    private static func figureFields(_ figure: Figure?) -> [String] {
        guard let figure else { return ["", "", "", ""] }
        return [
            number(figure.value), figure.low.map(number) ?? "", figure.high.map(number) ?? "", figure.quality.rawValue,
        ]
    }

    /// A whole number (won) without a decimal point, others as Swift writes them: the JSON's numbers.
    private static func number(_ value: Double) -> String {
        Int64(exactly: value).map(String.init) ?? String(value)
    }

    private static func csv(_ header: [String], _ rows: [[String]]) -> String {
        ([RFC4180.exportRecord(header)] + rows.map(RFC4180.exportRecord)).joined(separator: "\r\n") + "\r\n"
    }
}
