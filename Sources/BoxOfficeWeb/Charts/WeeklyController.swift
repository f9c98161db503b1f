import BoxOfficeCore
import Hummingbird

/// `GET /weekly`: the weekly chart page (주간/주말/주중).
struct WeeklyController<Context: RequestContext>: Sendable {
    let services: AppServices
    let renderer: PageRenderer
    let cache: ChartPageCache

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("weekly") { request, _ in try await show(request) }
    }

    func show(_ request: Request) async throws -> Response {
        let query = request.formParameters
        let parameters = try ChartRequestParameters(query)
        let view = try ChartViewPreference(request: request, parameters: query)
        let language = Language(request: request, parameters: query)
        let cacheKey = cache.key(for: request, language: language, view: view)
        if let body = cache.page(for: cacheKey) { return view.htmlResponse(body) }
        let range = parameters.weeklyRange
        let date = parameters.date ?? services.calendar.latestWeek(range).start
        // The region list (cached for a month) loads alongside the chart: one round trip when both are cold.
        try await services.movies.checkRegion(of: parameters.filters)
        async let regions = services.regionsForFilter()
        let chart = try await services.charts.chart(
            ChartQuery(kind: ChartKind(range), date: date, filters: parameters.filters))
        let viewModel = WeeklyViewModel(
            chart: chart, range: range, filters: parameters.filters, calendar: services.calendar,
            regions: await regions, language: language, viewMode: view.mode,
            request: request)
        let body = try renderer.renderBody(viewModel, template: "weekly")
        cache.keep(body, for: cacheKey, chart: chart, regionsLoaded: viewModel.form.hasRegions)
        return view.htmlResponse(body)
    }
}
