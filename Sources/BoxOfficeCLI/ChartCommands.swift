import ArgumentParser
import BoxOfficeCore
import BoxOfficeText
import Foundation

/// What `daily` and `weekly` share: the filters, the format and the language, and a run that checks the region, asks
/// the chart service and prints the chart.
protocol ChartCommand: AsyncParsableCommand, LocalizedCommand {
    var date: String? { get }
    var filterOptions: ChartFilterOptions { get }
    var format: ChartFormat { get }

    /// The chart to show: the one of `requested` (the `--date`, if given) or of the command's default day.
    func query(requested: CalendarDate?, filters: ChartFilters, calendar: BoxOfficeCalendar) -> ChartQuery
}

extension ChartCommand {
    func run() async throws {
        let strings = strings
        let filters = try filterOptions.filters()
        let requested = try date.map(parseDate)
        let (output, notice) = try await ServiceRunner.run(strings) { services in
            let wanted = query(requested: requested, filters: filters, calendar: services.calendar)
            try await services.movies.checkRegion(of: filters)
            // The rows carry the English titles the archive keeps, in every format (the JSON is the API's).
            let chart = await services.archive.withEnglishTitles(try await services.charts.chart(wanted))
            // The table says a stored copy is shown, and why, in its title; JSON and CSV keep stdout for the data,
            // so they say it on stderr too (the JSON also carries it as `notice`, as the API's does).
            let notice =
                chart.stale && format != .table
                ? ReasonText(strings.language).staleChart(because: chart.staleReason) : nil
            return (try ChartRenderer.render(chart, format: format, strings: strings), notice)
        }
        // KOBIS's own words are quoted in it: written escaped, as the table's title is.
        if let notice { Terminal.printNotice(Terminal.oneLine(notice)) }
        Terminal.write(output)
    }
}

/// `boxoffice daily`: one day's top 10.
struct DailyCommand: ChartCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "daily",
            abstract: HelpLanguage.words(
                "하루의 박스오피스를 보여 줍니다 (기본값: 한국 시간 어제).", "Show a day's box office (default: yesterday in Korea)."))
    }

    @Option(help: .words("날짜, YYYY-MM-DD (기본값: 한국 시간 어제).", "The day, YYYY-MM-DD (default: yesterday, Asia/Seoul)."))
    var date: String?

    @OptionGroup var filterOptions: ChartFilterOptions

    @Option(help: .words("table, json 또는 csv.", "table, json or csv."))
    var format: ChartFormat = .table

    @OptionGroup var languageOptions: LanguageOptions

    func query(requested: CalendarDate?, filters: ChartFilters, calendar: BoxOfficeCalendar) -> ChartQuery {
        .daily(requested ?? calendar.yesterday, filters: filters)
    }
}

/// `--range`: the names people type. KOBIS's codes (`0`–`2`) are `WeeklyRange`'s raw values, which ArgumentParser's
/// help would give as the default.
enum WeeklyRangeOption: String, ExpressibleByArgument, CaseIterable {
    case week, weekend, weekdays

    /// The names are read as the pages and the API read them (``WeeklyRange/init(contractName:)``).
    init?(argument: String) {
        guard let range = WeeklyRange(contractName: argument) else { return nil }
        switch range {
        case .week: self = .week
        case .weekend: self = .weekend
        case .weekdays: self = .weekdays
        }
    }

    var range: WeeklyRange {
        switch self {
        case .week: .week
        case .weekend: .weekend
        case .weekdays: .weekdays
        }
    }
}

/// `boxoffice weekly`: a week's, weekend's or weekdays' top 10.
struct WeeklyCommand: ChartCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "weekly",
            abstract: HelpLanguage.words(
                "주간 박스오피스를 보여 줍니다 (기본값: 가장 최근에 끝난 것).", "Show a weekly box office (default: the latest finished one)."))
    }

    @Option(
        help: .words(
            "그 주의 아무 날, YYYY-MM-DD (기본값: 가장 최근에 끝난 기간).",
            "Any day in the week, YYYY-MM-DD (default: the latest finished range)."))
    var date: String?

    @Option(
        help: .words(
            "week(월–일), weekend(금–일) 또는 weekdays(월–목).", "week (Mon–Sun), weekend (Fri–Sun) or weekdays (Mon–Thu)."))
    var range: WeeklyRangeOption = .week

    @OptionGroup var filterOptions: ChartFilterOptions

    @Option(help: .words("table, json 또는 csv.", "table, json or csv."))
    var format: ChartFormat = .table

    @OptionGroup var languageOptions: LanguageOptions

    func query(requested: CalendarDate?, filters: ChartFilters, calendar: BoxOfficeCalendar) -> ChartQuery {
        ChartQuery(
            kind: ChartKind(range.range), date: requested ?? calendar.latestWeek(range.range).start, filters: filters)
    }
}
