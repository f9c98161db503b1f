import BoxOfficeCore
import BoxOfficeText

/// `getPeriodChart` and `getMovieTrend`: archive JSON. A period's nations are Korean unless the request asks for
/// English (`?lang=en` or `Accept-Language`).
struct ArchiveAPIHandler: Sendable {
    let archive: ArchiveService
    let calendar: BoxOfficeCalendar

    func getPeriodChart(_: Operations.GetPeriodChart.Input) async throws -> Operations.GetPeriodChart.Output {
        let request = try APIRequest.get()
        let parameters = try PeriodParameters(request.formParameters, calendar: calendar)
        let chart = try await archive.periodChart(parameters.range, limit: parameters.limit)
        let vocabulary = KOBISVocabulary.table(for: Language(request: request))
        return .ok(.init(body: .json(try APIPayload.convert(PeriodChartBody(vocabulary.periodChart(chart))))))
    }

    func getMovieTrend(_ input: Operations.GetMovieTrend.Input) async throws -> Operations.GetMovieTrend.Output {
        .ok(.init(body: .json(try APIPayload.convert(try await archive.trend(movieCode: input.path.code)))))
    }
}
