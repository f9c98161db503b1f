import ArgumentParser
import BoxOfficeApp
import BoxOfficeCodecs
import BoxOfficeCore
import Foundation

/// Output formats of `boxoffice export`.
enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
    case csv, json
}

/// `boxoffice export`: the archived daily charts of a period, as CSV or JSON.
struct ExportCommand: AsyncParsableCommand, LocalizedCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print the archived daily charts of a period as CSV or JSON (no KOBIS calls).",
        discussion: """
            CSV: one line per chart row: the day, the chart row's columns as `daily --format csv` begins them \
            (rank … shows), then titleEnglish. JSON: an array of \
            daily charts, each exactly as /api/v1/daily answers. Days the archive lacks are named on stderr.
            """)

    @OptionGroup var period: PeriodOptions

    @Option(help: "csv or json.")
    var format: ExportFormat = .csv

    @OptionGroup var languageOptions: LanguageOptions

    func run() async throws {
        // Read before the services start: a mistake is said before any database is opened.
        let range = try period.range(calendar: BoxOfficeCalendar())
        let (charts, coverage) = try await ServiceRunner.run(strings) { services in
            try await services.archive.dailyCharts(in: range)
        }
        ArchiveGapNote.print(coverage, strings: strings)
        switch format {
        case .csv: Terminal.write(ArchiveExport.csv(charts))
        case .json: Terminal.write(try ChartRenderer.json(charts))
        }
    }
}
