import ArgumentParser
import BoxOfficeCodecs
import BoxOfficeCore
import BoxOfficeText
import BoxOfficeApp
import Foundation

/// The period of an archive command: `--from`/`--to`, `--month` or `--year`.
struct PeriodOptions: ParsableArguments {
    @Option(help: .words("첫날, YYYY-MM-DD (--to와 함께).", "First day, YYYY-MM-DD (with --to)."))
    var from: String?

    @Option(help: .words("마지막 날, YYYY-MM-DD (--from과 함께).", "Last day, YYYY-MM-DD (with --from)."))
    var to: String?

    @Option(help: .words("한 달, YYYY-MM (--from/--to 대신).", "A month, YYYY-MM, instead of --from/--to."))
    var month: String?

    @Option(help: .words("한 해, YYYY (--from/--to 대신).", "A year, YYYY, instead of --from/--to."))
    var year: String?

    func range(calendar: BoxOfficeCalendar) throws -> DateRange {
        try ArchivePeriod.range(from: from, to: to, month: month, year: year, calendar: calendar)
    }
}

/// Output formats of `boxoffice top`.
enum PeriodFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv
}

/// `boxoffice top`: the top films of a period by audience, from the archive.
struct TopCommand: AsyncParsableCommand, LocalizedCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "top",
            abstract: HelpLanguage.words(
                "보관된 일별 차트를 더해 기간의 관객수 상위 영화를 보여 줍니다 (KOBIS 호출 없음).",
                "Show a period's top films by audience, summed from the archived daily charts (no KOBIS calls)."),
            discussion: HelpLanguage.words(
                """
                일별 차트는 날마다 상위 10편만 담으므로, 영화의 수치는 상위 10위 안에 든 날들의 합입니다. \
                한국영화와 외국영화를 나누려면 영화마다 국적이 필요하며, `boxoffice sync`가 이를 저장합니다. 기간이 없으면 \
                이번 달 1일부터 어제까지입니다.
                """,
                """
                Daily charts list each day's top 10, so a film's figures are summed over the days it was in the top 10. \
                Korean vs foreign needs each film's nation, which `boxoffice sync` stores. Without a period: this month \
                up to yesterday.
                """))
    }

    @OptionGroup var period: PeriodOptions

    @Option(
        help: .words(
            "보일 영화 수, 1–\(ArchiveService.maximumLimit) (기본값: \(ArchiveService.defaultLimit)).",
            "How many films to list, 1–\(ArchiveService.maximumLimit) (\(ArchiveService.defaultLimit) by default)."))
    var limit: String?

    @Option(help: .words("table, json 또는 csv.", "table, json or csv."))
    var format: PeriodFormat = .table

    @OptionGroup var languageOptions: LanguageOptions

    func run() async throws {
        let strings = strings
        try GivenOption.refuseEmpty(["limit": limit])
        let limit = try ArchivePeriod.limit(limit)
        // Read before the services start: a mistake is said before any database is opened.
        let range = try period.range(calendar: BoxOfficeCalendar())
        let chart = try await ServiceRunner.run(strings) { services in
            try await services.archive.periodChart(range, limit: limit)
        }
        ArchiveGapNote.print(chart.coverage, strings: strings)
        switch format {
        case .json: Terminal.write(try ChartRenderer.json(PeriodChartBody(chart)))
        case .csv: Terminal.write(Self.csv(chart))
        case .table: Terminal.write(Self.table(chart, strings: strings))
        }
    }

    static func table(_ chart: PeriodChart, strings: CLIStrings) -> String {
        var title = strings.periodTitle(chart.range)
        title += " · " + strings.archivedDays(chart.coverage.archivedDays, of: chart.coverage.days)
        if chart.source == .sample { title += " · " + strings.sampleData }
        let columns: [TextTable.Column] = [
            .right(strings.rankHeader), .left(strings.filmHeader), .right(strings.audienceHeader),
            .right(strings.shareHeader), .right(strings.daysHeader), .right(strings.bestRankHeader),
            .left(strings.nationHeader),
        ]
        let rows = chart.entries.map { entry in
            [
                String(entry.rank), strings.filmTitle(entry.title, english: entry.titleEnglish, width: 36),
                NumberFormatting.thousands(entry.audience),
                NumberFormatting.percent(entry.audienceShare), String(entry.days), String(entry.bestRank),
                nationLabel(entry.nationality, strings: strings),
            ]
        }
        let shares = chart.nations.filter { $0.nationality != .unknown || $0.movies > 0 }.map { share in
            let name: String
            switch share.nationality {
            case .korean: name = strings.koreanShare
            case .foreign: name = strings.foreignShare
            case .unknown: name = strings.unknownShare
            }
            return "\(name) \(NumberFormatting.percent(share.audienceShare))"
        }
        return TextTable(columns: columns, rows: rows).rendered(
            title: title, whenEmpty: strings.emptyArchive,
            footer: [strings.periodAudience(chart.audience, shares: shares)])
    }

    static func nationLabel(_ nationality: MovieNationality, strings: CLIStrings) -> String {
        switch nationality {
        case .korean: return strings.koreanNation
        case .foreign: return strings.foreignNation
        case .unknown: return strings.unknownNation
        }
    }

    static func csv(_ chart: PeriodChart) -> String {
        var lines = [
            "rank,movieCode,title,nationality,nation,audience,sales,audienceShare,days,bestRank,firstDay,lastDay,"
                + "titleEnglish"
        ]
        for e in chart.entries {
            let fields = [
                String(e.rank), e.movieCode, e.title, e.nationality.rawValue, e.nation ?? "", String(e.audience),
                String(e.sales), String(format: "%.1f", e.audienceShare), String(e.days), String(e.bestRank),
                e.firstDay.isoString, e.lastDay.isoString, e.titleEnglish ?? "",
            ]
            lines.append(RFC4180.exportRecord(fields))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
