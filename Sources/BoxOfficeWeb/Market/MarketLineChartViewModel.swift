import BoxOfficeCore
import BoxOfficeText

/// The daily market line of `/market/days`, drawn on the server (SVG user units): the middle of each day's range,
/// broken where a day is missing, with value ticks in the reader's money words and date ticks (``tickDays(_:)``).
struct MarketLineChartViewModel: Sendable {
    struct Tick: Sendable {
        var position: String
        var label: String
    }

    static let width = 720.0
    static let height = 260.0
    static let plotLeft = 96.0
    /// The right margin holds the line's label, after its last point.
    static let plotRight = 656.0
    static let plotTop = 16.0
    static let plotBottom = 224.0

    var width = SVGNumber.text(width)
    var height = SVGNumber.text(height)
    var plotLeftText = SVGNumber.text(plotLeft)
    var plotRightText = SVGNumber.text(plotRight)
    var axisLabelX = SVGNumber.text(plotLeft - 6)
    var xLabelY = SVGNumber.text(plotBottom + 20)
    var yTicks: [Tick]
    var xTicks: [Tick]
    /// Polylines' `points`, one per run of days with a market.
    var segments: [String]
    /// The direct label just after the line's last point, in the right margin (clear of the line).
    var labelX: String
    var labelY: String
    var label: String

    init(range: DateRange, lines: [MarketDayLine], label: String, language: Language) {
        let values = lines.compactMap { line in line.sales.map { (line.date, $0.value) } }
        let top = Self.niceCeiling(values.map(\.1).max() ?? 1)
        let span = Double(max(1, range.count - 1))
        func x(_ day: CalendarDate) -> Double {
            Self.plotLeft + Double(range.start.days(to: day)) / span * (Self.plotRight - Self.plotLeft)
        }
        func y(_ value: Double) -> Double {
            Self.plotBottom - value / top * (Self.plotBottom - Self.plotTop)
        }
        yTicks = (0...4).map { step in
            let value = top * Double(step) / 4
            return Tick(
                position: SVGNumber.text(y(value)),
                label: step == 0
                    ? "0" : NumberFormatting.withoutTrailingZeros(FigureText.won(value, language: language)))
        }
        xTicks = Self.tickDays(range).map {
            Tick(position: SVGNumber.text(x($0)), label: String($0.isoString.dropFirst(5)))
        }
        var segments: [[String]] = []
        var previous: CalendarDate?
        for (day, value) in values {
            let point = SVGNumber.text(x(day)) + "," + SVGNumber.text(y(value))
            if let previous, previous.adding(days: 1) == day, !segments.isEmpty {
                segments[segments.count - 1].append(point)
            } else {
                segments.append([point])
            }
            previous = day
        }
        self.segments = segments.map { $0.joined(separator: " ") }
        let last = values.last
        labelX = SVGNumber.text((last.map { x($0.0) } ?? Self.plotRight) + 6)
        labelY = SVGNumber.text(last.map { y($0.1) } ?? Self.plotBottom)
        self.label = label
    }

    /// The days the date axis names: over two months or less, about six evenly spaced days from the first to the last
    /// (every other day of a week, every third of a fortnight); over longer ranges, the first day and each month's first.
    static func tickDays(_ range: DateRange) -> [CalendarDate] {
        let days = range.days
        guard days.count > 62 else {
            let step = max(1, (days.count + 5) / 6)
            var picked = Swift.stride(from: 0, to: days.count, by: step).map { days[$0] }
            // The last day is named too, in place of a tick less than half a step before it.
            if let last = days.last, let previous = picked.last, previous != last {
                if previous.days(to: last) * 2 < step { picked.removeLast() }
                picked.append(last)
            }
            return picked
        }
        return days.filter { $0.day == 1 || $0 == range.start }
    }

    /// `value` rounded up to 1, 2 or 5 × a power of ten (at least 1).
    static func niceCeiling(_ value: Double) -> Double {
        guard value.isFinite, value > 1 else { return 1 }
        var power = 1.0
        while power * 10 <= value { power *= 10 }
        for step in [1.0, 2.0, 5.0, 10.0] where step * power >= value { return step * power }
        return 10 * power
    }
}
