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
        let parameters = try ChartRequestParameters(request.formParameters)
        let view = try ChartViewPreference(request: request)
        let date = parameters.date ?? services.calendar.yesterday
        // The region list (cached for a month) loads alongside the chart: one round trip when both are cold.
        async let regions = services.regionsForFilter()
        let chart = try await services.charts.chart(.daily(date, filters: parameters.filters))
        let viewModel = DailyViewModel(
            chart: chart, date: date, filters: parameters.filters, calendar: services.calendar,
            regions: await regions, language: Language(request: request), viewMode: view.mode,
            request: request)
        var response = try renderer.render(viewModel, template: "daily")
        view.remember(in: &response)
        return response
    }
}
