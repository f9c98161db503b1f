import BoxOfficeCore
import Hummingbird

/// Everything the daily chart page shows, already formatted.
struct DailyViewModel: Sendable {
    var layout: LayoutViewModel
    /// "2024-03-15 (금)".
    var dayLabel: String
    var previousDayURL: String
    var nextDayURL: String
    var hasNextDay: Bool
    var hasPreviousDay: Bool
    var form: ChartFilterFormViewModel
    var list: ChartListViewModel

    init(
        chart: Chart, date: CalendarDate, filters: ChartFilters, calendar: BoxOfficeCalendar, regions: [Region],
        language: Language, viewMode: ChartViewMode, request: Request, englishTitles: [String: String] = [:]
    ) {
        let t = PageStrings.table(for: language)
        layout = LayoutViewModel(
            request: request, language: language, pageTitle: "\(t.dailyTitle) \(date.isoString)",
            isSampleData: chart.source == .sample, section: .daily)
        dayLabel = t.dayLabel(date)
        let explicitLanguage = Language.explicitParameter(in: request)?.rawValue
        func link(to day: CalendarDate) -> String {
            LinkBuilder.link(
                "/daily",
                [
                    ("date", day.isoString), ("nation", filters.nation?.rawValue),
                    ("multi", filters.multiMovie?.rawValue), ("area", filters.areaCode), ("lang", explicitLanguage),
                ])
        }
        hasPreviousDay = date > calendar.earliestDate
        previousDayURL = link(to: date.adding(days: -1))
        hasNextDay = date < calendar.yesterday
        nextDayURL = link(to: date.adding(days: 1))
        form = ChartFilterFormViewModel(
            action: "/daily", date: date, minDate: calendar.earliestDate, maxDate: calendar.yesterday, filters: filters,
            regions: regions, language: language,
            hiddenFields: explicitLanguage.map { [HiddenFieldViewModel(name: "lang", value: $0)] } ?? [])
        list = ChartListViewModel(
            chart: chart, language: language, periodLabel: t.todayAudience, viewMode: viewMode, request: request,
            englishTitles: englishTitles)
    }
}
