import BoxOfficeCore
import Foundation

/// Renders charts as an aligned table (Korean-width aware), JSON or CSV.
enum ChartRenderer {
    static func render(_ chart: Chart, format: ChartFormat) throws -> String {
        switch format {
        case .json: return try json(chart)
        case .csv: return csv(chart)
        case .table: return table(chart)
        }
    }

    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try BoxOfficeJSON.encoder(pretty: true).encode(value), as: UTF8.self) + "\n"
    }

    static let weekdayNames = ["월", "화", "수", "목", "금", "토", "일"]

    static func dayLabel(_ date: CalendarDate) -> String {
        "\(date.isoString) (\(weekdayNames[date.isoWeekday - 1]))"
    }

    static func title(_ chart: Chart) -> String {
        let name: String
        switch chart.kind {
        case .daily: name = "일별 박스오피스 \(dayLabel(chart.range.start))"
        case .week: name = "주간 박스오피스 \(dayLabel(chart.range.start)) ~ \(dayLabel(chart.range.end))"
        case .weekend: name = "주말 박스오피스 \(dayLabel(chart.range.start)) ~ \(dayLabel(chart.range.end))"
        case .weekdays: name = "주중 박스오피스 \(dayLabel(chart.range.start)) ~ \(dayLabel(chart.range.end))"
        }
        var notes: [String] = []
        if let week = chart.yearWeek, week.count == 6 {
            notes.append("\(week.prefix(4))년 \(Int(week.suffix(2)) ?? 0)주차")
        }
        if chart.filters.nation == .korean { notes.append("한국영화") }
        if chart.filters.nation == .foreign { notes.append("외국영화") }
        if chart.filters.multiMovie == .diversity { notes.append("다양성영화") }
        if chart.filters.multiMovie == .commercial { notes.append("상업영화") }
        if let area = chart.filters.areaCode { notes.append("지역 \(area)") }
        if chart.source == .sample { notes.append("샘플 데이터") }
        if chart.stale { notes.append("KOBIS에 연결할 수 없어 저장된 차트를 표시합니다") }
        return notes.isEmpty ? name : "\(name) · " + notes.joined(separator: " · ")
    }

    static func table(_ chart: Chart) -> String {
        var lines = [title(chart)]
        guard !chart.entries.isEmpty else {
            lines.append("아직 집계되지 않았습니다 (no figures for this period yet).")
            return lines.joined(separator: "\n") + "\n"
        }
        let headers = ["순위", "변동", "영화", chart.kind == .daily ? "관객수" : "기간 관객수", "누적 관객수", "매출 점유율", "스크린"]
        let rows: [[String]] = chart.entries.map { entry in
            [
                String(entry.rank), entry.change.symbol(), DisplayWidth.truncate(entry.title, to: 36),
                NumberFormatting.thousands(entry.audience), NumberFormatting.thousands(entry.audienceTotal),
                NumberFormatting.percent(entry.salesShare), NumberFormatting.thousands(entry.screens),
            ]
        }
        let rightAligned: Set<Int> = [0, 3, 4, 5, 6]
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
        return lines.joined(separator: "\n") + "\n"
    }

    static func csv(_ chart: Chart) -> String {
        let lines =
            [ChartEntry.csvHeader.joined(separator: ",")] + chart.entries.map { RFC4180.exportRecord($0.csvFields) }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
