import BoxOfficeCore
import Hummingbird

/// `GET /daily` and `GET /weekly` (주간/주말/주중): a chart page. The two differ only in the chart they ask for
/// and the view model they render; filters, the view preference, the region list and the rendered-page cache are
/// the same.
struct ChartPageController<Context: RequestContext>: Sendable {
    /// Which chart page: its address and its template.
    enum Page: String, Sendable {
        case daily, weekly
    }

    let page: Page
    let charts: ChartService
    let movies: MovieService
    /// The English titles kept with the films' nations, for English pages.
    let archive: ArchiveService
    let calendar: BoxOfficeCalendar
    let renderer: PageRenderer
    let cache: ChartPageCache

    func addRoutes(to group: RouterGroup<Context>) {
        group.get(RouterPath(page.rawValue)) { request, _ in try await show(request) }
    }

    func show(_ request: Request) async throws -> Response {
        let query = request.formParameters
        let parameters = try ChartRequestParameters(query)
        let view = try ChartViewPreference(request: request, parameters: query)
        let language = Language(request: request, parameters: query)
        let cacheKey = cache.key(for: request, language: language, view: view)
        let body = try await cache.page(for: cacheKey) {
            try await made(parameters, view: view, language: language, request: request)
        }
        return view.htmlResponse(body, to: request)
    }

    /// The page of the chart the request asks for, kept while its chart cannot change.
    private func made(
        _ parameters: ChartRequestParameters, view: ChartViewPreference, language: Language, request: Request
    ) async throws -> RenderedPageCache.Made {
        // The region list (cached for a month) loads alongside the chart: one round trip when both are cold.
        async let regions = regionsForFilter()
        try await movies.checkRegion(of: parameters.filters)
        let chartQuery = chartQuery(parameters)
        let chart = try await charts.chart(chartQuery)
        let titles = await archive.pageTitles(of: chart.entries.map(\.movieCode), for: language)
        let body: ByteBuffer
        let regionsLoaded: Bool
        switch page {
        case .daily:
            let viewModel = DailyViewModel(
                chart: chart, date: chartQuery.range.start, filters: parameters.filters, calendar: calendar,
                regions: await regions, language: language, viewMode: view.mode, request: request,
                englishTitles: titles)
            body = try renderer.renderBody(viewModel, template: page.rawValue)
            regionsLoaded = viewModel.form.hasRegions
        case .weekly:
            let viewModel = WeeklyViewModel(
                chart: chart, range: parameters.weeklyRange, filters: parameters.filters, calendar: calendar,
                regions: await regions, language: language, viewMode: view.mode, request: request,
                englishTitles: titles)
            body = try renderer.renderBody(viewModel, template: page.rawValue)
            regionsLoaded = viewModel.form.hasRegions
        }
        return .init(
            body: EncodedBody(body, contentType: ResponseBuilders.htmlContentType),
            until: cache.until(chart, regionsLoaded: regionsLoaded))
    }

    /// The chart the request asks for; without a date, the latest the page shows (yesterday, the latest week).
    private func chartQuery(_ parameters: ChartRequestParameters) -> ChartQuery {
        switch page {
        case .daily: parameters.dailyQuery(calendar: calendar)
        case .weekly: parameters.weeklyQuery(calendar: calendar)
        }
    }

    /// The region list for the filter, or none when it cannot be loaded (the select is then omitted).
    private func regionsForFilter() async -> [Region] {
        (try? await movies.regions()) ?? []
    }
}
