import BoxOfficeCore
import Foundation

/// A bar chart drawn on the server as SVG (no script, no inline style: the CSP allows neither), with the same
/// figures as a table for screen readers and for reading exact values. The SVG is one `role="img"` with a
/// summary label; the table is the accessible form of the data.
struct BarChartViewModel: Sendable {
    struct Bar: Sendable {
        var label: String
        /// The label as drawn in the SVG (shortened when long; the table has it whole).
        var shortLabel: String
        var value: String
        var x: String
        var y: String
        var width: String
        var height: String
        var labelX: String
        var labelY: String
        var valueX: String
        var valueY: String
        var showsLabel: Bool
    }

    enum Orientation: Sendable { case horizontal, vertical }

    var id: String
    var title: String
    /// The name of the box the chart scrolls in, apart from its table's (the title unless set).
    var boxLabel: String
    var summary: String
    var labelHeader: String
    var valueHeader: String
    var viewBox: String
    var width: String
    var height: String
    var bars: [Bar]
    var isHorizontal: Bool
    var isVertical: Bool
    /// The baseline and the top of a vertical chart, and its largest value.
    var axisY: String
    var axisX2: String
    var maximum: String
    var hasBars: Bool

    static let canvasWidth = 640.0

    init(
        id: String, title: String, labelHeader: String, valueHeader: String, items: [(label: String, count: Int)],
        orientation: Orientation, summary: String, shortLabel: (String) -> String = { $0 }
    ) {
        self.id = id
        self.title = title
        boxLabel = title
        self.summary = summary
        self.labelHeader = labelHeader
        self.valueHeader = valueHeader
        isHorizontal = orientation == .horizontal
        isVertical = orientation == .vertical
        hasBars = !items.isEmpty
        let largest = max(1, items.map(\.count).max() ?? 1)
        maximum = String(largest)
        let width = Self.canvasWidth
        switch orientation {
        case .horizontal:
            let labelWidth = 170.0
            let valueWidth = 56.0
            let row = 28.0
            let barHeight = 18.0
            let plot = width - labelWidth - valueWidth
            let height = max(row, row * Double(items.count))
            bars = items.enumerated().map { index, item in
                let top = Double(index) * row + (row - barHeight) / 2
                let length = max(item.count > 0 ? 2 : 0, plot * Double(item.count) / Double(largest))
                return Bar(
                    label: item.label, shortLabel: Self.shorten(shortLabel(item.label), to: 14),
                    value: String(item.count),
                    x: Self.number(labelWidth), y: Self.number(top), width: Self.number(length),
                    height: Self.number(barHeight),
                    labelX: Self.number(labelWidth - 8), labelY: Self.number(top + barHeight - 4),
                    valueX: Self.number(labelWidth + length + 6), valueY: Self.number(top + barHeight - 4),
                    showsLabel: true)
            }
            self.height = Self.number(height)
            axisY = "0"
            axisX2 = Self.number(width)
        case .vertical:
            let top = 20.0
            let plotHeight = 160.0
            let labelBand = 24.0
            let left = 8.0
            let plot = width - left * 2
            let slot = plot / Double(max(1, items.count))
            let barWidth = min(40, max(1, slot * 0.75))
            // About a dozen labels whatever the number of bars.
            let step = max(1, Int((Double(items.count) / 12).rounded(.up)))
            bars = items.enumerated().map { index, item in
                let length = plotHeight * Double(item.count) / Double(largest)
                let x = left + slot * Double(index) + (slot - barWidth) / 2
                return Bar(
                    label: item.label, shortLabel: shortLabel(item.label), value: String(item.count), x: Self.number(x),
                    y: Self.number(top + plotHeight - length), width: Self.number(barWidth),
                    height: Self.number(length),
                    labelX: Self.number(x + barWidth / 2), labelY: Self.number(top + plotHeight + 16),
                    valueX: Self.number(x + barWidth / 2), valueY: Self.number(top + plotHeight - length - 4),
                    showsLabel: index % step == 0)
            }
            height = Self.number(top + plotHeight + labelBand)
            axisY = Self.number(top + plotHeight)
            axisX2 = Self.number(width - left)
        }
        viewBox = "0 0 \(Self.number(width)) \(height)"
        self.width = Self.number(width)
    }

    /// Coordinates with at most one decimal, written the same in every locale.
    /// Written from whole tenths rather than with `String(format:)`: a chart of twenty years of months has thousands
    /// of coordinates, and formatting through Foundation was a tenth of the statistics page's rendering.
    static func number(_ value: Double) -> String {
        let scaled = (value * 10).rounded()
        guard scaled.magnitude < 1e15 else { return String(format: "%.1f", scaled / 10) }
        let tenths = Int(scaled)
        if tenths % 10 == 0 { return String(tenths / 10) }
        let magnitude = tenths.magnitude
        return (tenths < 0 ? "-" : "") + String(magnitude / 10) + "." + String(magnitude % 10)
    }

    static func shorten(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}

/// Korean against foreign movies as one 100% bar, with the figures as a table.
struct NationShareViewModel: Sendable {
    var title: String
    var summary: String
    var koreanWidth: String
    var foreignX: String
    var foreignWidth: String
    var koreanLabel: String
    var foreignLabel: String
    var unknownLabel: String
    var korean: String
    var foreign: String
    var unknown: String
    var koreanShare: String
    var foreignShare: String
    var hasUnknown: Bool
    var countHeader: String
    var shareHeader: String
    var kindHeader: String

    init?(share: DiaryNationShare, strings s: DiaryPageStrings) {
        guard let koreanShare = share.koreanShare else { return nil }
        let width = BarChartViewModel.canvasWidth
        title = s.koreanForeignTitle
        let koreanPercent = Self.percent(koreanShare)
        let foreignPercent = Self.percent(1 - koreanShare)
        summary = s.koreanForeignSummary(korean: koreanPercent, foreign: foreignPercent)
        koreanWidth = BarChartViewModel.number(width * koreanShare)
        foreignX = koreanWidth
        foreignWidth = BarChartViewModel.number(width * (1 - koreanShare))
        koreanLabel = s.koreanMovies
        foreignLabel = s.foreignMovies
        unknownLabel = s.unknownNation
        korean = String(share.korean)
        foreign = String(share.foreign)
        unknown = String(share.unknown)
        self.koreanShare = koreanPercent
        self.foreignShare = foreignPercent
        hasUnknown = share.unknown > 0
        countHeader = s.notesHeader
        shareHeader = s.shareHeader
        kindHeader = s.nationHeader
    }

    /// `62.5%`.
    static func percent(_ share: Double) -> String {
        let value = (share * 1000).rounded() / 10
        return (value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)) + "%"
    }
}
