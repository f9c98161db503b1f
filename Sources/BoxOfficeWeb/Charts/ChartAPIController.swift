import BoxOfficeCore
import Hummingbird

/// `GET /api/v1/daily` and `GET /api/v1/weekly`: charts as contract JSON.
struct ChartAPIController<Context: RequestContext>: Sendable {
    let charts: ChartService
    let movies: MovieService
    let calendar: BoxOfficeCalendar

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("daily") { request, _ in try await daily(request) }
        group.get("weekly") { request, _ in try await weekly(request) }
    }

    func daily(_ request: Request) async throws -> Response {
        let parameters = try ChartRequestParameters(request.formParameters)
        let date = parameters.date ?? calendar.yesterday
        try await movies.checkRegion(of: parameters.filters)
        return try ResponseBuilders.json(try await charts.chart(.daily(date, filters: parameters.filters)))
    }

    func weekly(_ request: Request) async throws -> Response {
        let parameters = try ChartRequestParameters(request.formParameters)
        let range = parameters.weeklyRange
        let date = parameters.date ?? calendar.latestWeek(range).start
        let query = ChartQuery(kind: ChartKind(range), date: date, filters: parameters.filters)
        try await movies.checkRegion(of: query.filters)
        return try ResponseBuilders.json(try await charts.chart(query))
    }
}
