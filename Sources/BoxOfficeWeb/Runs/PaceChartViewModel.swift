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
    static let left = 64.0
    static let right = 120.0
    static let top = 12.0
    static let bottom = 28.0
    /// The days the chart shows at most.
    static let maximumDays = 120

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
        for (index, entry) in shown.enumerated() where !entry.pace.isEmpty {
            let points = entry.pace.map { "\(SVGNumber.text(x($0.day))),\(SVGNumber.text(y($0.audience)))" }
            let end = entry.pace[entry.pace.count - 1]
            series.append(
                Series(
                    index: index, label: entry.label, points: points.joined(separator: " "),
                    labelX: SVGNumber.text(x(end.day) + 4), labelY: SVGNumber.text(y(end.audience)),
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
