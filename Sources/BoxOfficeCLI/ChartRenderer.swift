import BoxOfficeCodecs
import BoxOfficeCore
import BoxOfficeText
import Foundation

/// Renders charts as an aligned table (Korean-width aware), JSON or CSV.
enum ChartRenderer {
    static func render(_ chart: Chart, format: ChartFormat, strings: CLIStrings) throws -> String {
        switch format {
        case .json: return try json(NoticedChart(chart: chart, language: strings.language))
        case .csv: return csv(chart)
        case .table: return table(chart, strings: strings)
        }
    }

    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try BoxOfficeJSON.encoder(pretty: true).encode(value), as: UTF8.self) + "\n"
    }

    static func title(_ chart: Chart, strings: CLIStrings) -> String {
        var notes: [String] = []
        if let week = chart.yearWeek, week.count == 6 {
            notes.append(strings.isoWeek(year: week.prefix(4), week: Int(week.suffix(2)) ?? 0))
        }
        if chart.filters.nation == .korean { notes.append(strings.koreanFilms) }
        if chart.filters.nation == .foreign { notes.append(strings.foreignFilms) }
        if chart.filters.multiMovie == .diversity { notes.append(strings.diversityFilms) }
        if chart.filters.multiMovie == .commercial { notes.append(strings.commercialFilms) }
        if let area = chart.filters.areaCode { notes.append(strings.region(area)) }
        if chart.source == .sample { notes.append(strings.sampleData) }
        if chart.stale { notes.append(strings.stale(strings.staleChart, because: chart.staleReason)) }
        return ([strings.chartTitle(chart.kind, chart.range)] + notes).joined(separator: " · ")
    }

    static func table(_ chart: Chart, strings: CLIStrings) -> String {
        let columns: [TextTable.Column] = [
            .right(strings.rankHeader), .left(strings.changeHeader), .left(strings.filmHeader),
            .right(chart.kind == .daily ? strings.audienceHeader : strings.periodAudienceHeader),
            .right(strings.totalAudienceHeader), .right(strings.salesShareHeader), .right(strings.screensHeader),
            .right(strings.dayOfRunHeader), .right(strings.perShowHeader),
        ]
        let rows: [[String]] = chart.entries.map { entry in
            [
                String(entry.rank), strings.rankChange(entry.change),
                strings.filmTitle(entry.title, english: entry.titleEnglish, width: 36),
                NumberFormatting.thousands(entry.audience), NumberFormatting.thousands(entry.audienceTotal),
                NumberFormatting.percent(entry.salesShare), NumberFormatting.thousands(entry.screens),
                strings.dayOfRun(chart.dayOfRun(of: entry)),
                entry.audiencePerShow.map { NumberFormatting.fixed($0, decimals: 1) } ?? "-",
            ]
        }
        return TextTable(columns: columns, rows: rows)
            .rendered(
                title: title(chart, strings: strings), whenEmpty: strings.noFiguresYet,
                footer: chart.market.map(strings.marketLines) ?? [])
    }

    /// The chart's rows as CSV: the columns of ``ChartEntry/csvHeader`` (as `boxoffice export` writes them), then
    /// `dayOfRun`, `audiencePerShow` and `titleEnglish` (empty when unknown), as the JSON's rows carry them.
    static func csv(_ chart: Chart) -> String {
        let header = ChartEntry.csvHeader + ["dayOfRun", "audiencePerShow", "titleEnglish"]
        let rows = chart.entries.map { entry in
            entry.csvFields + [
                chart.dayOfRun(of: entry).map(String.init) ?? "", entry.audiencePerShow.map { "\($0)" } ?? "",
                entry.titleEnglish ?? "",
            ]
        }
        let lines = [header.joined(separator: ",")] + rows.map(RFC4180.exportRecord)
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
