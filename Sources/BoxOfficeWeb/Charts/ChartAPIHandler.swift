import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// `getDailyChart` and `getWeeklyChart`: charts as contract JSON, kept by ``KeptAPIAnswerMiddleware`` while they
/// cannot change, as the chart pages are. The query is read by the pages' parser (its rules and words): checked
/// before the generated code decodes it, then read from the typed input. Rows carry the English title the archive
/// keeps (`titleEnglish`), read from the store with no KOBIS call.
struct ChartAPIHandler: Sendable {
    let charts: ChartService
    let movies: MovieService
    let archive: ArchiveService
    let calendar: BoxOfficeCalendar

    static let rules = [
        APIOperationRule(Operations.GetDailyChart.id, query: { query, _ in _ = try ChartRequestParameters(query) }),
        APIOperationRule(Operations.GetWeeklyChart.id, query: { query, _ in _ = try ChartRequestParameters(query) }),
    ]

    func getDailyChart(_ input: Operations.GetDailyChart.Input) async throws -> Operations.GetDailyChart.Output {
        let query = input.query
        let parameters = try ChartRequestParameters(
            Parameters(typed: [
                "date": query.date, "nation": query.nation?.rawValue, "multi": query.multi?.rawValue,
                "area": query.area,
            ]))
        let chart = try await chart(parameters.dailyQuery(calendar: calendar), filters: parameters.filters)
        let notice = Self.notice(chart, lang: query.lang?.rawValue, acceptLanguage: input.headers.acceptLanguage)
        return .ok(.init(headers: .init(cacheControl: cacheControl(chart)), body: .json(.init(chart, notice: notice))))
    }

    func getWeeklyChart(_ input: Operations.GetWeeklyChart.Input) async throws -> Operations.GetWeeklyChart.Output {
        let query = input.query
        let parameters = try ChartRequestParameters(
            Parameters(typed: [
                "date": query.date, "range": query.range?.rawValue, "nation": query.nation?.rawValue,
                "multi": query.multi?.rawValue, "area": query.area,
            ]))
        let chart = try await chart(parameters.weeklyQuery(calendar: calendar), filters: parameters.filters)
        let notice = Self.notice(chart, lang: query.lang?.rawValue, acceptLanguage: input.headers.acceptLanguage)
        return .ok(.init(headers: .init(cacheControl: cacheControl(chart)), body: .json(.init(chart, notice: notice))))
    }

    /// A stale chart's notice as its page words it (the last stored figures, and why), in the messages' language.
    static func notice(_ chart: Chart, lang: String?, acceptLanguage: String?) -> String? {
        guard chart.stale else { return nil }
        let language = Language.messages(lang: lang, acceptLanguage: acceptLanguage)
        return ReasonText(language).staleChart(because: chart.staleReason)
    }

    private func chart(_ query: ChartQuery, filters: ChartFilters) async throws -> Chart {
        try await movies.checkRegion(of: filters)
        return await archive.withEnglishTitles(try await charts.chart(query))
    }

    /// Until the chart may change: a settled one until midnight, a provisional one for its time to live, a stale one
    /// not at all.
    private func cacheControl(_ chart: Chart) -> String {
        APICacheControl(calendar: calendar).value(until: charts.freshUntil(chart))
    }
}
