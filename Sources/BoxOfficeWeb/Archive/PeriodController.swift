import BoxOfficeCore
import BoxOfficeText
import Hummingbird

/// `GET /charts/period?from=&to=` (or `?month=YYYY-MM`, `?year=YYYY`): a period's top films from the archive,
/// and `GET /movies/{code}/trend.csv`: a film's archived run as CSV. Neither calls KOBIS.
struct PeriodController<Context: RequestContext>: Sendable {
    let archive: ArchiveService
    let calendar: BoxOfficeCalendar
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("charts/period") { request, _ in try await show(request) }
        group.get("movies/{code}/trend.csv") { _, context in
            try await trendCSV(code: context.parameters.get("code") ?? "")
        }
    }

    func show(_ request: Request) async throws -> Response {
        let parameters = try PeriodParameters(request.formParameters, calendar: calendar)
        let chart = try await archive.periodChart(parameters.range, limit: parameters.limit)
        let viewModel = PeriodViewModel(
            chart: chart, parameters: parameters, calendar: calendar, language: Language(request: request),
            request: request)
        return try renderer.render(viewModel, template: "period")
    }

    func trendCSV(code: String) async throws -> Response {
        let trend = try await archive.trend(movieCode: code)
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8",
                .contentDisposition: "attachment; filename=\"trend-\(trend.movieCode).csv\"",
            ],
            body: .init(byteBuffer: ByteBuffer(string: trend.csv)))
    }
}
