import BoxOfficeCore
import Hummingbird

/// `GET /daily`: the daily chart page.
struct DailyController<Context: RequestContext>: Sendable {
    let services: AppServices
    let renderer: PageRenderer
    let cache: ChartPageCache

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("daily") { request, _ in try await show(request) }
    }

    func show(_ request: Request) async throws -> Response {
        let query = request.formParameters
        let parameters = try ChartRequestParameters(query)
        let view = try ChartViewPreference(request: request, parameters: query)
        let language = Language(request: request, parameters: query)
        let cacheKey = cache.key(for: request, language: language, view: view)
        if let body = cache.page(for: cacheKey) { return view.htmlResponse(body) }
        let date = parameters.date ?? services.calendar.yesterday
        // The region list (cached for a month) loads alongside the chart: one round trip when both are cold.
        async let regions = services.regionsForFilter()
        try await services.movies.checkRegion(of: parameters.filters)
        let chart = try await services.charts.chart(.daily(date, filters: parameters.filters))
        let viewModel = DailyViewModel(
            chart: chart, date: date, filters: parameters.filters, calendar: services.calendar,
            regions: await regions, language: language, viewMode: view.mode,
            request: request)
        let body = try renderer.renderBody(viewModel, template: "daily")
        cache.keep(body, for: cacheKey, chart: chart, regionsLoaded: viewModel.form.hasRegions)
        return view.htmlResponse(body)
    }
}
