import BoxOfficeCore
import Hummingbird

/// Everything the weekly chart page shows, already formatted.
struct WeeklyViewModel: Sendable {
    /// One of the 주간/주말/주중 tabs.
    struct RangeTab: Sendable {
        var label: String
        var url: String
        var isCurrent: Bool
    }

    var layout: LayoutViewModel
    var tabs: [RangeTab]
    /// "2024-03-11 (월) – 2024-03-17 (일)".
    var rangeLabel: String
    /// "2024년 11주차".
    var isoWeekLabel: String
    var previousWeekURL: String
    var nextWeekURL: String
    var hasPreviousWeek: Bool
    var hasNextWeek: Bool
    var form: ChartFilterFormViewModel
    var list: ChartListViewModel

    init(
        chart: Chart, range: WeeklyRange, filters: ChartFilters, calendar: BoxOfficeCalendar, regions: [Region],
        language: Language, viewMode: ChartViewMode, request: Request, englishTitles: [String: String] = [:]
    ) {
        let t = PageStrings.table(for: language)
        let days = chart.range
        layout = LayoutViewModel(
            request: request, language: language, pageTitle: "\(t.weeklyTitle) \(days.start.isoString)",
            isSampleData: chart.source == .sample, section: .weekly)
        let explicitLanguage = Language.explicitParameter(in: request)?.rawValue
        func link(date: CalendarDate, range: WeeklyRange) -> String {
            LinkBuilder.link(
                "/weekly",
                [
                    ("date", date.isoString), ("range", range.contractName), ("nation", filters.nation?.rawValue),
                    ("multi", filters.multiMovie?.rawValue), ("area", filters.areaCode), ("lang", explicitLanguage),
                ])
        }
        let monday = BoxOfficeCalendar.weekRange(.week, containing: days.start).start
        tabs = [WeeklyRange.week, .weekend, .weekdays].map { tabRange in
            RangeTab(
                label: t.periodAudience(tabRange), url: link(date: monday, range: tabRange),
                isCurrent: tabRange == range)
        }
        rangeLabel = "\(t.dayLabel(days.start)) – \(t.dayLabel(days.end))"
        isoWeekLabel = t.isoWeekLabel(chart.yearWeek ?? BoxOfficeCalendar.isoYearWeek(of: days.start))
        let previous = days.start.adding(days: -7)
        let next = days.start.adding(days: 7)
        hasPreviousWeek = BoxOfficeCalendar.weekRange(range, containing: previous).start >= calendar.earliestDate
        previousWeekURL = link(date: previous, range: range)
        hasNextWeek = next <= calendar.latestWeek(range).start
        nextWeekURL = link(date: next, range: range)
        form = ChartFilterFormViewModel(
            action: "/weekly", date: days.start, minDate: calendar.earliestDate, maxDate: calendar.yesterday,
            filters: filters, regions: regions, language: language,
            hiddenFields: [HiddenFieldViewModel(name: "range", value: range.contractName)]
                + (explicitLanguage.map { [HiddenFieldViewModel(name: "lang", value: $0)] } ?? []))
        list = ChartListViewModel(
            chart: chart, language: language, periodLabel: t.periodAudience(range), viewMode: viewMode,
            request: request,
            englishTitles: englishTitles)
    }
}
