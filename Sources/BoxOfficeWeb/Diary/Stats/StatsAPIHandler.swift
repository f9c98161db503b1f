import BoxOfficeCore

/// `getDiaryStatistics` (`GET /api/v1/stats?year=`): the user's statistics, for all time or one watched year (with a
/// year in review). `year` is read by the pages' parser, already checked by ``APIQueryMiddleware``.
struct StatsAPIHandler: Sendable {
    let statistics: DiaryStatisticsService

    func getDiaryStatistics(_: Operations.GetDiaryStatistics.Input) async throws
        -> Operations.GetDiaryStatistics.Output
    {
        let user = try DiaryAPIUser.get()
        let year = try NoteListParameters.year(try APIRequest.get().formParameters, "year")
        return .ok(.init(body: .json(.init(try await statistics.statistics(for: user, year: year)))))
    }
}
