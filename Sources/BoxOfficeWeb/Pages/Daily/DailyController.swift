import BoxOfficeCore
import Hummingbird

/// `GET /daily`: the daily chart page.
struct DailyController<Context: RequestContext>: Sendable {
    let services: AppServices
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("daily") { request, _ in try await show(request) }
    }

    func show(_ request: Request) async throws -> Response {
        let parameters = try ChartRequestParameters(request.uri.queryParameters)
        let date = parameters.date ?? services.calendar.yesterday
        let chart = try await services.charts.chart(.daily(date, filters: parameters.filters))
        let viewModel = DailyViewModel(
            chart: chart, date: date, filters: parameters.filters, calendar: services.calendar,
            regions: await services.regionsForFilter(), language: Language(request: request), request: request)
        return try renderer.render(viewModel, template: "daily")
    }
}
