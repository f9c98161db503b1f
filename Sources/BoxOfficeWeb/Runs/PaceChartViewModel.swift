import BoxOfficeCore
import BoxOfficeText

/// Cumulative admissions by day of run, the film and up to four others, as an SVG drawn on the server. Series are
/// told apart by dash pattern and a label at each line's end, not by colour alone; the same numbers are a table.
struct PaceChartViewModel: Sendable {
    struct Series: Sendable {
        var index: Int
        var label: String
        var points: String
        var labelX: String
        var labelY: String
        /// `pace-0` … `pace-4`: stroke pattern and colour.
        var style: String
    }

    struct Tick: Sendable {
        var position: String
        var label: String
    }

    struct Row: Sendable {
        var day: Int
        var cells: [String]
    }

    static let width = 640.0
    static let height = 260.0
    static let left = 76.0
    static let right = 120.0
    static let top = 12.0
    static let bottom = 28.0
    /// The days the chart shows at most.
    static let maximumDays = 120
    /// Labels are 12 units high (`.chart-value`); the space between their middles.
    static let labelSpacing = 14.0

    /// Where each line's label goes: after its end, moved left as far as it must to end inside the chart, and apart
    /// from the others by ``labelSpacing`` (lines that end near one total would print their names over each other),
    /// kept between the plot's top and bottom.
    static func labelPlaces(_ ends: [(x: Double, y: Double, label: String)]) -> [(x: Double, y: Double)] {
        var places = ends.map { end in
            (x: Swift.max(left, Swift.min(end.x, width - 2 - labelWidth(end.label))), y: end.y)
        }
        let order = places.indices.sorted { places[$0].y < places[$1].y }
        let lowest = height - bottom - labelSpacing / 2
        let highest = top + labelSpacing / 2
        for (rank, index) in order.enumerated() {
            let floor = rank == 0 ? highest : places[order[rank - 1]].y + labelSpacing
            places[index].y = Swift.max(places[index].y, floor)
        }
        for (rank, index) in order.enumerated().reversed() {
            let ceiling = rank == order.count - 1 ? lowest : places[order[rank + 1]].y - labelSpacing
            places[index].y = Swift.max(highest, Swift.min(places[index].y, ceiling))
        }
        return places
    }

    /// About how wide `label` is at 12 units a line: Hangul and CJK a full 12, anything else about half.
    static func labelWidth(_ label: String) -> Double {
        label.unicodeScalars.reduce(0) { width, scalar in
            width + ((0x1100...0x11FF).contains(scalar.value) || (0x2E80...0xD7FF).contains(scalar.value) ? 12 : 6.8)
        }
    }

    var idPrefix: String
    var chartTitle: String
    var chartDescription: String
    var width = SVGNumber.text(Self.width)
    var height = SVGNumber.text(Self.height)
    var plotLeft = SVGNumber.text(Self.left)
    var plotRight = SVGNumber.text(Self.width - Self.right)
    var axisLabelX = SVGNumber.text(Self.left - 6)
    var xLabelY = SVGNumber.text(Self.height - 8)
    var series: [Series] = []
    var yTicks: [Tick] = []
    var xTicks: [Tick] = []
    var headers: [String] = []
    var rows: [Row] = []
    var hasSeries = false

    /// `englishTitles` name the lines on English pages (the English title alone: a label has little room).
    init(
        run: FilmRun, compared: [FilmRunReport.Pace], median: MedianPace? = nil, strings: RunStrings,
        language: Language, englishTitles: [String: String] = [:]
    ) {
        idPrefix = "pace-" + run.movieCode
        func label(_ code: String, _ korean: String?) -> String {
            LeadingName(korean: korean ?? code, english: englishTitles[code] ?? "", language: language).name
        }
        let title = label(run.movieCode, run.title)
        chartTitle = strings.paceTitle
        var all: [(label: String, pace: [FilmRun.PacePoint])] =
            [(title, run.pace)] + compared.map { (label($0.movieCode, $0.title), $0.pace) }
        // The 1000만 films' median, drawn only as far as the film itself has gone (or a fortnight).
        let reach = Swift.max(14, run.pace.last?.day ?? 0)
        if let median, !run.pace.isEmpty {
            let points = median.pace.filter { $0.day <= reach }.compactMap { point in
                run.openDate.map {
                    FilmRun.PacePoint(day: point.day, date: $0.adding(days: point.day - 1), audience: point.audience)
                }
            }
            if !points.isEmpty {
                all.append((strings.medianLabel(films: median.films, threshold: median.threshold), points))
            }
        }
        let shown = all.map { entry in
            (label: entry.label, pace: entry.pace.filter { $0.day >= 1 && $0.day <= Self.maximumDays })
        }
        let lastDay = shown.compactMap { $0.pace.last?.day }.max() ?? 1
        let span = Double(Swift.max(7, lastDay) - 1)
        let peak = Double(shown.compactMap { $0.pace.map(\.audience).max() }.max() ?? 0)
        let maximum = MovieTrendViewModel.niceCeiling(peak)
        let plotWidth = Self.width - Self.left - Self.right
        let plotHeight = Self.height - Self.top - Self.bottom
        func x(_ day: Int) -> Double { Self.left + plotWidth * Double(day - 1) / Swift.max(1, span) }
        func y(_ audience: Int64) -> Double { Self.top + plotHeight * (1 - Double(audience) / maximum) }
        let drawn = shown.enumerated().filter { !$0.element.pace.isEmpty }
        let places = Self.labelPlaces(
            drawn.map { entry in
                let end = entry.element.pace[entry.element.pace.count - 1]
                return (x: x(end.day) + 4, y: y(end.audience), label: entry.element.label)
            })
        for ((index, entry), place) in zip(drawn, places) {
            let points = entry.pace.map { "\(SVGNumber.text(x($0.day))),\(SVGNumber.text(y($0.audience)))" }
            series.append(
                Series(
                    index: index, label: entry.label, points: points.joined(separator: " "),
                    labelX: SVGNumber.text(place.x), labelY: SVGNumber.text(place.y),
                    style: index > compared.count ? "pace-median" : "pace-\(index)"))
        }
        hasSeries = !series.isEmpty
        yTicks = [0.0, 0.25, 0.5, 0.75, 1.0].map { fraction in
            let value = Int64(maximum * fraction)
            return Tick(
                position: SVGNumber.text(Self.top + plotHeight * (1 - fraction)),
                label: strings.isEnglish
                    ? NumberFormatting.withoutTrailingZeros(NumberFormatting.englishUnits(value, digits: 3))
                    : NumberFormatting.koreanUnits(value, units: 1))
        }
        let lastTick = Swift.max(7, lastDay)
        xTicks = Array(Set([1, (lastTick + 1) / 2, lastTick])).sorted().map { day in
            Tick(position: SVGNumber.text(x(day)), label: strings.axisDay(day))
        }
        if let latest = run.pace.last(where: { $0.day >= 1 }) {
            chartDescription = strings.paceDescription(
                title: title, day: latest.day, audience: latest.audience,
                compared: compared.filter { $0.pace.contains { $0.day >= 1 } }.count)
        } else if let preview = run.pace.last {
            chartDescription = strings.pacePreviewDescription(title: title, audience: preview.audience)
        } else {
            chartDescription = strings.words.notice(run.reach) ?? strings.words.noArchivedDay
        }
        // A film with no day to show (a code the archive never charted) gets no column of dashes.
        let tabled = shown.filter { !$0.pace.isEmpty }
        headers = tabled.map(\.label)
        let byDay = tabled.map { entry in
            Dictionary(entry.pace.map { ($0.day, $0.audience) }, uniquingKeysWith: { _, last in last })
        }
        let days = Set(tabled.flatMap { $0.pace.map(\.day) }).sorted()
        rows = days.map { day in
            Row(day: day, cells: byDay.map { $0[day].map { NumberFormatting.thousands($0) } ?? "–" })
        }
    }
}
