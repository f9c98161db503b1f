public import ArgumentParser
import BoxOfficeCore
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
        let output = try await ServiceRunner.run(strings) { services in
            let wanted = query(requested: requested, filters: filters, calendar: services.calendar)
            try await services.movies.checkRegion(of: filters)
            // The rows carry the English titles the archive keeps, in every format (the JSON is the API's).
            let chart = await services.archive.withEnglishTitles(try await services.charts.chart(wanted))
            return try ChartRenderer.render(chart, format: format, strings: strings)
        }
        Terminal.write(output)
    }
}

/// `boxoffice daily`: one day's top 10.
struct DailyCommand: ChartCommand {
    static let configuration = CommandConfiguration(
        commandName: "daily", abstract: "Show a day's box office (default: yesterday in Korea).")

    @Option(help: "The day, YYYY-MM-DD (default: yesterday, Asia/Seoul).")
    var date: String?

    @OptionGroup var filterOptions: ChartFilterOptions

    @Option(help: "table, json or csv.")
    var format: ChartFormat = .table

    @OptionGroup var languageOptions: LanguageOptions

    func query(requested: CalendarDate?, filters: ChartFilters, calendar: BoxOfficeCalendar) -> ChartQuery {
        .daily(requested ?? calendar.yesterday, filters: filters)
    }
}

extension WeeklyRange: ExpressibleByArgument {
    init?(argument: String) { self.init(contractName: argument) }
    static var allValueStrings: [String] { ["week", "weekend", "weekdays"] }
}

/// `boxoffice weekly`: a week's, weekend's or weekdays' top 10.
struct WeeklyCommand: ChartCommand {
    static let configuration = CommandConfiguration(
        commandName: "weekly", abstract: "Show a weekly box office (default: the latest finished one).")

    @Option(help: "Any day in the week, YYYY-MM-DD (default: the latest finished range).")
    var date: String?

    @Option(help: "week (Mon–Sun), weekend (Fri–Sun) or weekdays (Mon–Thu).")
    var range: WeeklyRange = .week

    @OptionGroup var filterOptions: ChartFilterOptions

    @Option(help: "table, json or csv.")
    var format: ChartFormat = .table

    @OptionGroup var languageOptions: LanguageOptions

    func query(requested: CalendarDate?, filters: ChartFilters, calendar: BoxOfficeCalendar) -> ChartQuery {
        ChartQuery(kind: ChartKind(range), date: requested ?? calendar.latestWeek(range).start, filters: filters)
    }
}
