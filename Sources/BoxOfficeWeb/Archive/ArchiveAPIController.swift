import BoxOfficeCore
import BoxOfficeText
import Hummingbird

/// `GET /api/v1/charts/period?from=&to=` and `GET /api/v1/movies/{code}/trend`: archive JSON. A period's nations
/// are Korean unless the request asks for English (`?lang=en` or `Accept-Language`).
struct ArchiveAPIController<Context: RequestContext>: Sendable {
    let archive: ArchiveService
    let calendar: BoxOfficeCalendar

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("charts/period") { request, _ in
            let parameters = try PeriodParameters(request.formParameters, calendar: calendar)
            let chart = try await archive.periodChart(parameters.range, limit: parameters.limit)
            let vocabulary = KOBISVocabulary.table(for: Language(request: request))
            return try ResponseBuilders.json(PeriodChartBody(vocabulary.periodChart(chart)))
        }
        group.get("movies/{code}/trend") { _, context in
            try ResponseBuilders.json(try await archive.trend(movieCode: context.parameters.get("code") ?? ""))
        }
    }
}
