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
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "export",
            abstract: HelpLanguage.words(
                "기간의 보관된 일별 차트를 CSV나 JSON으로 출력합니다 (KOBIS 호출 없음).",
                "Print the archived daily charts of a period as CSV or JSON (no KOBIS calls)."),
            discussion: HelpLanguage.words(
                """
                CSV: 차트의 행마다 한 줄: 날짜, `daily --format csv`의 앞 열들(rank … shows), 그리고 titleEnglish. \
                JSON: 일별 차트의 배열, 각각 /api/v1/daily의 응답과 같습니다. 보관함에 없는 날은 stderr에 적습니다.
                """,
                """
                CSV: one line per chart row: the day, the chart row's columns as `daily --format csv` begins them \
                (rank … shows), then titleEnglish. JSON: an array of \
                daily charts, each exactly as /api/v1/daily answers. Days the archive lacks are named on stderr.
                """))
    }

    @OptionGroup var period: PeriodOptions

    @Option(help: .words("csv 또는 json.", "csv or json."))
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
