import ArgumentParser
import BoxOfficeCore
import BoxOfficeWeb
import Foundation

/// The period of an archive command: `--from`/`--to`, `--month` or `--year`.
struct PeriodOptions: ParsableArguments {
    @Option(help: "First day, YYYY-MM-DD (with --to).")
    var from: String?

    @Option(help: "Last day, YYYY-MM-DD (with --from).")
    var to: String?

    @Option(help: "A month, YYYY-MM, instead of --from/--to.")
    var month: String?

    @Option(help: "A year, YYYY, instead of --from/--to.")
    var year: String?

    func range(calendar: BoxOfficeCalendar) throws -> DateRange {
        do {
            return try ArchivePeriod.range(from: from, to: to, month: month, year: year, calendar: calendar)
        } catch {
            // The CLI names its options with dashes.
            var message = error.message
            for name in ["from", "to", "month", "year"] where message.hasPrefix(name + " ") {
                message = "--" + message
            }
            throw CLIError(message)
        }
    }
}

/// Tells the user, on stderr, which days of the period the archive lacks and how to fetch them.
func noteCoverage(_ coverage: ArchiveCoverage) {
    guard !coverage.isComplete else { return }
    let runs = coverage.missing.prefix(3).map { $0.start == $0.end ? $0.start.isoString : "\($0.start) – \($0.end)" }
    let more = coverage.missing.count > 3 ? ", …" : ""
    Terminal.printNotice(
        "note: the archive lacks \(coverage.missingDays) of \(coverage.days) days (\(runs.joined(separator: ", "))\(more)); "
            + "figures cover the archived days only.")
    if let command = coverage.syncCommand { Terminal.printNotice("Fill the gap with: \(command)") }
}

/// Output formats of `boxoffice top`.
enum PeriodFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv
}

/// `boxoffice top`: the top films of a period by audience, from the archive.
struct TopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "top",
        abstract: "Show a period's top films by audience, summed from the archived daily charts (no KOBIS calls).",
        discussion: """
            Daily charts list each day's top 10, so a film's figures are summed over the days it was in the top 10. \
            Korean vs foreign needs each film's nation, which `boxoffice sync` stores. Without a period: this month \
            up to yesterday.
            """)

    @OptionGroup var period: PeriodOptions

    @Option(help: "How many films to list, 1–\(ArchiveService.maximumLimit).")
    var limit = ArchiveService.defaultLimit

    @Option(help: "table, json or csv.")
    var format: PeriodFormat = .table

    func run() async throws {
        guard (1...ArchiveService.maximumLimit).contains(limit) else {
            throw CLIError("--limit must be from 1 to \(ArchiveService.maximumLimit), got \(limit)")
        }
        let chart = try await ServiceRunner.run { services in
            try await services.archive.periodChart(try period.range(calendar: services.calendar), limit: limit)
        }
        noteCoverage(chart.coverage)
        switch format {
        case .json: Terminal.write(try ChartRenderer.json(chart))
        case .csv: Terminal.write(Self.csv(chart))
        case .table: Terminal.write(Self.table(chart))
        }
    }

    static func nationLabel(_ nationality: MovieNationality) -> String {
        switch nationality {
        case .korean: return "한국"
        case .foreign: return "외국"
        case .unknown: return "?"
        }
    }

    static func table(_ chart: PeriodChart) -> String {
        var title = "기간 박스오피스 \(ChartRenderer.dayLabel(chart.range.start)) ~ \(ChartRenderer.dayLabel(chart.range.end))"
        title += " · \(chart.coverage.archivedDays)/\(chart.coverage.days)일 보관"
        if chart.source == .sample { title += " · 샘플 데이터" }
        var lines = [title]
        guard !chart.entries.isEmpty else {
            lines.append("보관된 차트가 없습니다 (the archive holds no chart for this period).")
            return lines.joined(separator: "\n") + "\n"
        }
        let headers = ["순위", "영화", "관객수", "점유율", "일수", "최고", "국적"]
        let rows = chart.entries.map { entry in
            [
                String(entry.rank), DisplayWidth.truncate(entry.title, to: 36),
                NumberFormatting.thousands(entry.audience),
                NumberFormatting.percent(entry.audienceShare), String(entry.days), String(entry.bestRank),
                nationLabel(entry.nationality),
            ]
        }
        let rightAligned: Set<Int> = [0, 2, 3, 4, 5]
        let widths = headers.indices.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(DisplayWidth.of).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                DisplayWidth.pad(cell, to: widths[column], alignRight: rightAligned.contains(column))
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        lines.append(line(headers))
        lines.append(contentsOf: rows.map(line))
        let shares = chart.nations.filter { $0.nationality != .unknown || $0.movies > 0 }.map { share in
            let name = share.nationality == .korean ? "한국 영화" : share.nationality == .foreign ? "외국 영화" : "국적 미확인"
            return "\(name) \(NumberFormatting.percent(share.audienceShare))"
        }
        lines.append(
            "관객 \(NumberFormatting.thousands(chart.audience))명 (일별 상위 10위 합계) · " + shares.joined(separator: " · "))
        return lines.joined(separator: "\n") + "\n"
    }

    static func csv(_ chart: PeriodChart) -> String {
        var lines = [
            "rank,movieCode,title,nationality,nation,audience,sales,audienceShare,days,bestRank,firstDay,lastDay"
        ]
        for e in chart.entries {
            let fields = [
                String(e.rank), e.movieCode, e.title, e.nationality.rawValue, e.nation ?? "", String(e.audience),
                String(e.sales), String(format: "%.1f", e.audienceShare), String(e.days), String(e.bestRank),
                e.firstDay.isoString, e.lastDay.isoString,
            ]
            lines.append(RFC4180.exportRecord(fields))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
