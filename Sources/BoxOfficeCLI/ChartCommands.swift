public import ArgumentParser
import BoxOfficeCore
import Foundation

/// `boxoffice daily`: one day's top 10.
struct DailyCommand: AsyncParsableCommand, LocalizedCommand {
    static let configuration = CommandConfiguration(
        commandName: "daily", abstract: "Show a day's box office (default: yesterday in Korea).")

    @Option(help: "The day, YYYY-MM-DD (default: yesterday, Asia/Seoul).")
    var date: String?

    @OptionGroup var filterOptions: ChartFilterOptions

    @Option(help: "table, json or csv.")
    var format: ChartFormat = .table

    @OptionGroup var languageOptions: LanguageOptions

    func run() async throws {
        let strings = strings
        let filters = try filterOptions.filters()
        let requested = try date.map(parseDate)
        let output = try await ServiceRunner.run(strings) { services in
            let day = requested ?? services.calendar.yesterday
            try await services.movies.checkRegion(of: filters)
            let chart = try await services.charts.chart(.daily(day, filters: filters))
            return try ChartRenderer.render(chart, format: format, strings: strings)
        }
        Terminal.write(output)
    }
}

extension WeeklyRange: ExpressibleByArgument {
    init?(argument: String) { self.init(contractName: argument) }
    static var allValueStrings: [String] { ["week", "weekend", "weekdays"] }
}

/// `boxoffice weekly`: a week's, weekend's or weekdays' top 10.
struct WeeklyCommand: AsyncParsableCommand, LocalizedCommand {
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

    func run() async throws {
        let strings = strings
        let filters = try filterOptions.filters()
        let requested = try date.map(parseDate)
        let output = try await ServiceRunner.run(strings) { services in
            let day = requested ?? services.calendar.latestWeek(range).start
            try await services.movies.checkRegion(of: filters)
            let chart = try await services.charts.chart(ChartQuery(kind: ChartKind(range), date: day, filters: filters))
            return try ChartRenderer.render(chart, format: format, strings: strings)
        }
        Terminal.write(output)
    }
}
