import BoxOfficeCore
import BoxOfficeText
import Foundation

/// A film's archived run as an SVG line chart of daily audience and a table, for the `movie_trend` partial.
///
/// The partial renders this under the name `trend`: give the page's view model a
/// `var trend: MovieTrendViewModel` and put `{{>movie_trend}}` where the section should appear.
struct MovieTrendViewModel: Sendable {
    struct Tick: Sendable {
        var position: String
        var label: String
    }

    struct Dot: Sendable {
        var x: String
        var y: String
    }

    struct Row: Sendable {
        var date: String
        var rank: Int
        var audience: String
        var screens: String
    }

    static let width = 480.0
    static let height = 200.0
    static let left = 60.0
    static let right = 12.0
    static let top = 12.0
    static let bottom = 28.0

    var a: ArchiveStrings
    var hasPoints: Bool
    /// Said when the archive has no day of the film: the keeper fills it, or (keeper off) `boxoffice sync` would.
    var emptyText: String
    /// Unique per film, for `aria-labelledby`.
    var idPrefix: String
    var chartTitle: String
    var chartDescription: String
    var width: String
    var height: String
    var plotLeft: String
    var plotRight: String
    var plotBottom: String
    var axisLabelX: String
    var xLabelY: String
    /// Polylines: each run of consecutive archived days, so gaps (days outside the top 10 or not archived) show.
    var segments: [String]
    var dots: [Dot]
    var yTicks: [Tick]
    var xTicks: [Tick]
    var rows: [Row]
    var csvURL: String
    var jsonURL: String

    /// - Parameter keeperRuns: whether the archive keeper runs on this instance (the empty notice then says so
    ///   instead of naming a terminal command).
    /// `title` names the film in the chart's title (the page's leading name: English on English pages, where KOBIS
    /// has one); the archived Korean title otherwise.
    init(trend: MovieTrend, language: Language, keeperRuns: Bool = false, title: String? = nil) {
        let a = ArchiveStrings.table(for: language)
        let name = title ?? trend.title ?? trend.movieCode
        let t = PageStrings.table(for: language)
        self.a = a
        hasPoints = !trend.points.isEmpty
        emptyText = keeperRuns ? a.trendEmptyKeeper : a.trendEmpty
        idPrefix = "trend-" + trend.movieCode
        let code = LinkBuilder.link("/movies/" + trend.movieCode, [])
        csvURL = code + "/trend.csv"
        jsonURL = LinkBuilder.link("/api/v1/movies/" + trend.movieCode + "/trend", [])
        width = SVGNumber.text(Self.width)
        height = SVGNumber.text(Self.height)
        plotLeft = SVGNumber.text(Self.left)
        plotRight = SVGNumber.text(Self.width - Self.right)
        plotBottom = SVGNumber.text(Self.height - Self.bottom)
        axisLabelX = SVGNumber.text(Self.left - 6)
        xLabelY = SVGNumber.text(Self.height - 8)

        let points = trend.points
        guard let first = points.first, let last = points.last else {
            chartTitle = a.trendChartTitle(name)
            chartDescription = emptyText
            segments = []
            dots = []
            yTicks = []
            xTicks = []
            rows = []
            return
        }
        let plotWidth = Self.width - Self.left - Self.right
        let plotHeight = Self.height - Self.top - Self.bottom
        let span = Double(max(1, first.date.days(to: last.date)))
        let maximum = Self.niceCeiling(Double(trend.peakAudience))
        func x(_ date: CalendarDate) -> Double {
            points.count == 1
                ? Self.left + plotWidth / 2 : Self.left + plotWidth * Double(first.date.days(to: date)) / span
        }
        func y(_ audience: Int64) -> Double {
            Self.top + plotHeight * (1 - Double(audience) / maximum)
        }
        var runs: [[TrendPoint]] = []
        for point in points {
            if let previous = runs.last?.last, previous.date.adding(days: 1) == point.date {
                runs[runs.count - 1].append(point)
            } else {
                runs.append([point])
            }
        }
        segments = runs.filter { $0.count > 1 }.map { run in
            run.map { "\(SVGNumber.text(x($0.date))),\(SVGNumber.text(y($0.audience)))" }.joined(separator: " ")
        }
        // A lone day has no line to sit on: draw it as a dot.
        dots = runs.filter { $0.count == 1 }.map {
            Dot(x: SVGNumber.text(x($0[0].date)), y: SVGNumber.text(y($0[0].audience)))
        }
        yTicks = [0.0, 0.5, 1.0].map { fraction in
            Tick(
                position: SVGNumber.text(Self.top + plotHeight * (1 - fraction)),
                label: NumberFormatting.thousands(Int64(maximum * fraction)))
        }
        var dates = [first.date]
        if span >= 2 { dates.append(first.date.adding(days: Int(span) / 2)) }
        if last.date != first.date { dates.append(last.date) }
        xTicks = dates.map { Tick(position: SVGNumber.text(x($0)), label: $0.isoString) }
        let peak = points.max { $0.audience < $1.audience } ?? first
        chartTitle = a.trendChartTitle(name)
        chartDescription = a.trendChartDescription(
            days: points.count, first: first.date.isoString, last: last.date.isoString,
            peak: NumberFormatting.thousands(peak.audience), peakDay: peak.date.isoString)
        rows = points.map { point in
            Row(
                date: t.dayLabel(point.date), rank: point.rank, audience: NumberFormatting.thousands(point.audience),
                screens: NumberFormatting.thousands(point.screens))
        }
    }

    /// The smallest 1, 2 or 5 × 10ⁿ at or above `value` (at least 10), so the axis has round labels.
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 10 else { return 10 }
        let magnitude = pow(10, floor(log10(value)))
        let step = [1.0, 2.0, 5.0, 10.0].first { $0 * magnitude >= value } ?? 10
        // A tick's label is an `Int64`: a corrupt row's figure (even an infinite one) may not carry the axis past it.
        return Swift.min(step * magnitude, maximumCeiling)
    }

    /// The highest axis drawn, below `Int64.max`.
    static let maximumCeiling = 9e18
}
