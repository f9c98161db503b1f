import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// `getPeriodChart` and `getMovieTrend`: archive JSON. A period's nations are Korean unless the request asks for
/// English (`?lang=en` or `Accept-Language`). What cannot change is kept as the pages keep it
/// (``KeptAPIAnswerMiddleware``): a period with every day archived and settled, a film's run that ended
/// ``MoviePageCache/settledAfterDays`` days ago or more.
struct ArchiveAPIHandler: Sendable {
    let archive: ArchiveService
    let calendar: BoxOfficeCalendar

    static let rules = [
        APIOperationRule(
            Operations.GetPeriodChart.id,
            query: { query, calendar in _ = try PeriodParameters(query, calendar: calendar) }
        ),
        APIOperationRule(Operations.GetMovieTrend.id, path: MovieCodePath.check),
    ]

    func getPeriodChart(_ input: Operations.GetPeriodChart.Input) async throws -> Operations.GetPeriodChart.Output {
        let query = input.query
        let parameters = try PeriodParameters(
            Parameters(typed: [
                "from": query.from, "to": query.to, "month": query.month, "year": query.year,
                "limit": query.limit.map(String.init),
            ]), calendar: calendar)
        let chart = try await archive.periodChart(parameters.range, limit: parameters.limit)
        let language = Language(
            lang: query.lang?.rawValue, acceptLanguage: input.headers.acceptLanguage, fallback: .korean)
        let settled = chart.coverage.isComplete && chart.coverage.provisionalDays == 0
        return .ok(
            .init(
                headers: .init(
                    cacheControl: APICacheControl(calendar: calendar).value(until: settled ? .distantFuture : nil)),
                body: .json(.init(KOBISVocabulary.table(for: language).periodChart(chart)))))
    }

    func getMovieTrend(_ input: Operations.GetMovieTrend.Input) async throws -> Operations.GetMovieTrend.Output {
        let trend = try await archive.trend(movieCode: input.path.code)
        let isOver =
            trend.points.last.map { $0.date.days(to: calendar.today) >= MoviePageCache.settledAfterDays } ?? false
        return .ok(
            .init(
                headers: .init(
                    cacheControl: APICacheControl(calendar: calendar).value(until: isOver ? .distantFuture : nil)),
                body: .json(.init(trend))))
    }
}
