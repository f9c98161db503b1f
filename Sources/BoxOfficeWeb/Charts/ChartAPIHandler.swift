import BoxOfficeCore

/// `getDailyChart` and `getWeeklyChart`: charts as contract JSON. The query is read by the pages' parser (its rules
/// and words), already checked by ``APIQueryMiddleware``.
struct ChartAPIHandler: Sendable {
    let charts: ChartService
    let movies: MovieService
    let calendar: BoxOfficeCalendar

    func getDailyChart(_: Operations.GetDailyChart.Input) async throws -> Operations.GetDailyChart.Output {
        let parameters = try ChartRequestParameters(try APIRequest.get().formParameters)
        try await movies.checkRegion(of: parameters.filters)
        let chart = try await charts.chart(parameters.dailyQuery(calendar: calendar))
        return .ok(.init(body: .json(try APIPayload.convert(chart))))
    }

    func getWeeklyChart(_: Operations.GetWeeklyChart.Input) async throws -> Operations.GetWeeklyChart.Output {
        let parameters = try ChartRequestParameters(try APIRequest.get().formParameters)
        try await movies.checkRegion(of: parameters.filters)
        let chart = try await charts.chart(parameters.weeklyQuery(calendar: calendar))
        return .ok(.init(body: .json(try APIPayload.convert(chart))))
    }
}
