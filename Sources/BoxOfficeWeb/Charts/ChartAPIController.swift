import BoxOfficeCore
import Hummingbird

/// `GET /api/v1/daily` and `GET /api/v1/weekly`: charts as contract JSON.
struct ChartAPIController<Context: RequestContext>: Sendable {
    let services: AppServices

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("daily") { request, _ in try await daily(request) }
        group.get("weekly") { request, _ in try await weekly(request) }
    }

    func daily(_ request: Request) async throws -> Response {
        let parameters = try ChartRequestParameters(request.formParameters)
        let date = parameters.date ?? services.calendar.yesterday
        try await services.movies.checkRegion(of: parameters.filters)
        return try ResponseBuilders.json(try await services.charts.chart(.daily(date, filters: parameters.filters)))
    }

    func weekly(_ request: Request) async throws -> Response {
        let parameters = try ChartRequestParameters(request.formParameters)
        let range = parameters.weeklyRange
        let date = parameters.date ?? services.calendar.latestWeek(range).start
        let query = ChartQuery(kind: ChartKind(range), date: date, filters: parameters.filters)
        try await services.movies.checkRegion(of: query.filters)
        return try ResponseBuilders.json(try await services.charts.chart(query))
    }
}
