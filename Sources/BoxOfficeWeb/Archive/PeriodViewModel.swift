import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// Coordinates in SVG: one decimal, no trailing `.0`. A value no `Int` holds (infinite, from a scale of zero) is
/// written by `String(format:)` rather than stopping the page.
enum SVGNumber {
    static func text(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        if rounded == rounded.rounded(), let whole = Int(exactly: rounded) { return String(whole) }
        return String(format: "%.1f", rounded)
    }
}

/// A link that may be the current page.
struct PeriodLinkViewModel: Sendable {
    var label: String
    var url: String
    var isCurrent: Bool
}

/// The notice about days the archive lacks: what the keeper is doing about them, or (when the keeper is off) the
/// command that fetches them.
struct CoverageNoticeViewModel: Sendable {
    var summary: String
    var missingText: String
    var hasMissing: Bool
    var provisionalText: String
    var hasProvisional: Bool
    var command: String
    var hasCommand: Bool
    /// What the keeper does about the missing days, when it runs.
    var keeperText: String?

    /// - Parameter keeper: the keeper's status when it runs on this instance (`nil`: off, the command is shown).
    init(_ coverage: ArchiveCoverage, strings: ArchiveStrings, keeper: KeeperStatus? = nil, now: Date = Date()) {
        summary = strings.coverageSummary(archived: coverage.archivedDays, days: coverage.days)
        let runs = coverage.missing.prefix(6).map {
            $0.start == $0.end ? $0.start.isoString : "\($0.start) – \($0.end)"
        }
        missingText = strings.missingDays(runs.joined(separator: ", ") + (coverage.missing.count > 6 ? ", …" : ""))
        hasMissing = coverage.missingDays > 0
        provisionalText =
            strings.provisionalDays(coverage.provisionalDays) + (keeper == nil ? "" : " " + strings.keeperSettles)
        hasProvisional = coverage.provisionalDays > 0
        let command = keeper == nil ? SyncCommandLine.text(for: coverage) : nil
        self.command = command ?? ""
        hasCommand = command != nil
        if let keeper, coverage.missingDays > 0 {
            keeperText = Self.keeperText(keeper, strings: strings, now: now)
        }
    }

    /// What the keeper is doing, and when it should be done at today's pace.
    static func keeperText(_ keeper: KeeperStatus, strings: ArchiveStrings, now: Date) -> String {
        switch keeper.state {
        case .paused: return strings.keeperPaused
        case .backingOff: return strings.keeperBackingOff
        case .waitingForQuota: return strings.keeperFilling + " " + strings.keeperWaitsForQuota
        default:
            guard let done = keeper.expectedCompletion(now: now) else { return strings.keeperFilling }
            return strings.keeperFilling + " " + strings.keeperDoneBy(minute(done))
        }
    }

    /// `2026-11-26 14:05` in Seoul.
    static func minute(_ instant: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = BoxOfficeCalendar.seoul
        let parts = calendar.dateComponents([.hour, .minute], from: instant)
        return String(
            format: "%@ %02d:%02d", CalendarDate(instant, in: BoxOfficeCalendar.seoul).isoString, parts.hour ?? 0,
            parts.minute ?? 0)
    }
}

/// One bar of the period's bar chart (SVG user units).
struct PeriodBarViewModel: Sendable {
    var labelY: String
    var barY: String
    var barWidth: String
    var valueX: String
    var valueY: String
    var label: String
    var value: String
    /// `bar-korean`, `bar-foreign` or `bar-unknown`.
    var barClass: String
}

/// One segment of the Korean/foreign/unknown share bar.
struct ShareSegmentViewModel: Sendable {
    var x: String
    var width: String
    var barClass: String
    var label: String
    var percent: String
    /// "151,964,278명 · 72편" / "151,964,278 admissions · 72 films".
    var detail: String
}

/// One film row of the period table.
struct PeriodRowViewModel: Sendable {
    var rank: Int
    var title: String
    var movieURL: String
    var audience: String
    var share: String
    var days: Int
    var bestRank: Int
    var nation: String
}

/// Everything the period page shows, already formatted.
struct PeriodViewModel: Sendable {
    /// SVG user units; a phone shows the chart at about 0.7×, a laptop at about 1.2× (CSS caps it at 36rem).
    static let chartWidth = 480.0
    static let rowHeight = 40.0

    var layout: LayoutViewModel
    var a: ArchiveStrings
    var rangeLabel: String
    var from: String
    var to: String
    var minDate: String
    var maxDate: String
    var hiddenLanguage: String
    var hasHiddenLanguage: Bool
    var quickLinks: [PeriodLinkViewModel]
    var previousURL: String
    var nextURL: String
    var hasPrevious: Bool
    var hasNext: Bool
    var coverage: CoverageNoticeViewModel
    var showsCoverage: Bool
    var isEmpty: Bool
    var totalText: String
    var chartWidth: String
    var chartHeight: String
    var valueColumn: String
    var chartTitle: String
    var chartDescription: String
    var bars: [PeriodBarViewModel]
    var shareTitle: String
    var shareDescription: String
    var shares: [ShareSegmentViewModel]
    var hasUnknownNation: Bool
    var rows: [PeriodRowViewModel]
    var jsonURL: String

    init(
        chart: PeriodChart, parameters: PeriodParameters, calendar: BoxOfficeCalendar, language: Language,
        request: Request
    ) {
        let t = PageStrings.table(for: language)
        let a = ArchiveStrings.table(for: language)
        self.a = a
        let range = chart.range
        rangeLabel = "\(t.dayLabel(range.start)) – \(t.dayLabel(range.end))"
        layout = LayoutViewModel(
            request: request, language: language, pageTitle: "\(a.periodTitle) \(range.start) – \(range.end)",
            isSampleData: chart.source == .sample, section: .period)
        from = range.start.isoString
        to = range.end.isoString
        minDate = calendar.earliestDate.isoString
        maxDate = calendar.yesterday.isoString
        let explicitLanguage = Language.explicitParameter(in: request)?.rawValue
        hiddenLanguage = explicitLanguage ?? ""
        hasHiddenLanguage = explicitLanguage != nil

        func link(_ items: [(name: String, value: String?)]) -> String {
            var items = items
            if parameters.limit != ArchiveService.defaultLimit { items.append(("limit", String(parameters.limit))) }
            items.append(("lang", explicitLanguage))
            return LinkBuilder.link("/charts/period", items)
        }
        func monthText(_ first: CalendarDate) -> String { String(format: "%04d-%02d", first.year, first.month) }
        let yesterday = calendar.yesterday
        let thisMonth = yesterday.firstOfMonth
        let lastMonth = Self.shiftMonth(thisMonth, by: -1)
        quickLinks = [
            PeriodLinkViewModel(
                label: a.thisMonth, url: link([("month", monthText(thisMonth))]),
                isCurrent: parameters.selection == .month(thisMonth) || parameters.selection == .current),
            PeriodLinkViewModel(
                label: a.lastMonth, url: link([("month", monthText(lastMonth))]),
                isCurrent: parameters.selection == .month(lastMonth)),
            PeriodLinkViewModel(
                label: a.thisYear, url: link([("year", String(yesterday.year))]),
                isCurrent: parameters.selection == .year(yesterday.year)),
            PeriodLinkViewModel(
                label: a.lastYear, url: link([("year", String(yesterday.year - 1))]),
                isCurrent: parameters.selection == .year(yesterday.year - 1)),
        ]

        // Previous/next: the neighbouring month or year, or a range of the same length.
        let previous: (items: [(name: String, value: String?)], end: CalendarDate)
        let next: (items: [(name: String, value: String?)], start: CalendarDate)
        switch parameters.selection {
        case .month(let first):
            let before = Self.shiftMonth(first, by: -1)
            let after = Self.shiftMonth(first, by: 1)
            previous = ([("month", monthText(before))], first.adding(days: -1))
            next = ([("month", monthText(after))], after)
        case .current:
            let before = Self.shiftMonth(thisMonth, by: -1)
            previous = ([("month", monthText(before))], thisMonth.adding(days: -1))
            next = ([], yesterday.adding(days: 1))
        case .year(let year):
            // Day arithmetic, not `CalendarDate(year: year + 1, …)!`: years end at 9999.
            let first = CalendarDate(year: year, month: 1, day: 1) ?? calendar.earliestDate
            previous = ([("year", String(year - 1))], first.adding(days: -1))
            next = ([("year", String(year + 1))], first.adding(days: 366).firstOfYear)
        case .range:
            let length = range.count
            let before = DateRange(start: range.start.adding(days: -length), end: range.start.adding(days: -1))
            let after = DateRange(start: range.end.adding(days: 1), end: min(range.end.adding(days: length), yesterday))
            previous = ([("from", before.start.isoString), ("to", before.end.isoString)], before.end)
            next = ([("from", after.start.isoString), ("to", after.end.isoString)], after.start)
        }
        hasPrevious = previous.end >= calendar.earliestDate
        previousURL = link(previous.items)
        hasNext = next.start <= yesterday && !next.items.isEmpty
        nextURL = link(next.items)

        coverage = CoverageNoticeViewModel(chart.coverage, strings: a)
        showsCoverage = !chart.coverage.isComplete || chart.coverage.provisionalDays > 0
        isEmpty = chart.entries.isEmpty
        totalText = a.audienceAndFilms(audience: chart.audience, films: chart.movieCount)

        // The bar chart: a label line above each bar; the value after the bar.
        let valueRoom = 90.0
        let maximum = Double(chart.entries.map(\.audience).max() ?? 0)
        chartWidth = SVGNumber.text(Self.chartWidth)
        chartHeight = SVGNumber.text(Double(chart.entries.count) * Self.rowHeight + 4)
        valueColumn = SVGNumber.text(Self.chartWidth - valueRoom)
        bars = chart.entries.enumerated().map { index, entry in
            let top = Double(index) * Self.rowHeight
            let width = maximum > 0 ? max(1, (Self.chartWidth - valueRoom) * Double(entry.audience) / maximum) : 0
            return PeriodBarViewModel(
                labelY: SVGNumber.text(top + 13), barY: SVGNumber.text(top + 18), barWidth: SVGNumber.text(width),
                valueX: SVGNumber.text(width + 6), valueY: SVGNumber.text(top + 31),
                label: "\(entry.rank). " + DisplayWidth.truncate(entry.title, to: 44),
                value: NumberFormatting.thousands(entry.audience), barClass: "bar-\(entry.nationality.rawValue)")
        }
        let rangeText = "\(range.start) – \(range.end)"
        chartTitle = a.barChartTitle(range: rangeText, count: chart.entries.count)
        chartDescription = a.barChartDescription(
            first: chart.entries.first?.title ?? "",
            audience: NumberFormatting.thousands(chart.entries.first?.audience ?? 0))

        func name(_ nationality: MovieNationality) -> String {
            switch nationality {
            case .korean: return a.korean
            case .foreign: return a.foreign
            case .unknown: return a.unknownNation
            }
        }
        var x = 0.0
        shares = chart.nations.filter { $0.movies > 0 || $0.nationality != .unknown }.map { share in
            let width = chart.audience > 0 ? Self.chartWidth * Double(share.audience) / Double(chart.audience) : 0
            defer { x += width }
            return ShareSegmentViewModel(
                x: SVGNumber.text(x), width: SVGNumber.text(width), barClass: "bar-\(share.nationality.rawValue)",
                label: name(share.nationality), percent: NumberFormatting.percent(share.audienceShare),
                detail: a.audienceAndFilms(audience: share.audience, films: share.movies))
        }
        shareTitle = a.nationSharesTitle
        func percent(_ nationality: MovieNationality) -> String {
            NumberFormatting.percent(chart.share(of: nationality)?.audienceShare ?? 0)
        }
        shareDescription = a.nationShareDescription(
            korean: percent(.korean), foreign: percent(.foreign), unknown: percent(.unknown))
        hasUnknownNation = (chart.share(of: .unknown)?.movies ?? 0) > 0

        let vocabulary = KOBISVocabulary.table(for: language)
        rows = chart.entries.map { entry in
            PeriodRowViewModel(
                rank: entry.rank, title: entry.title,
                movieURL: LinkBuilder.link("/movies/" + entry.movieCode, [("lang", explicitLanguage)]),
                audience: NumberFormatting.thousands(entry.audience),
                share: NumberFormatting.percent(entry.audienceShare),
                days: entry.days, bestRank: entry.bestRank,
                nation: a.nationCell(entry.nationality, nation: entry.nation.map { vocabulary.name($0, .nation) }))
        }
        jsonURL = LinkBuilder.link(
            "/api/v1/charts/period",
            [("from", range.start.isoString), ("to", range.end.isoString)]
                + (parameters.limit != ArchiveService.defaultLimit ? [("limit", String(parameters.limit))] : [])
                + [("lang", explicitLanguage)])
    }

    /// The first day of the month `months` after (before, when negative) `first`'s; day arithmetic, so it never traps
    /// past year 9999 or before year 1 (where `CalendarDate(year:month:day:)` is `nil`).
    static func shiftMonth(_ first: CalendarDate, by months: Int) -> CalendarDate {
        var day = first.firstOfMonth
        for _ in 0..<min(abs(months), 1200) {
            day = months < 0 ? day.adding(days: -1).firstOfMonth : day.lastOfMonth.adding(days: 1)
        }
        return day
    }
}
