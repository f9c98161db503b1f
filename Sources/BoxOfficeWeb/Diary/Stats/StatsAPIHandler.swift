import BoxOfficeCore
import Hummingbird

/// `getDiaryStatistics` (`GET /api/v1/stats?year=`): the user's statistics, for all time or one watched year (with a
/// year in review). `year` is read by the pages' parser, already checked by ``APIQueryMiddleware``.
struct StatsAPIHandler: Sendable {
    let statistics: DiaryStatisticsService

    static let rules = [
        APIOperationRule(
            Operations.GetDiaryStatistics.id, query: { query, _ in _ = try NoteListParameters.year(query, "year") })
    ]

    func getDiaryStatistics(_ input: Operations.GetDiaryStatistics.Input) async throws
        -> Operations.GetDiaryStatistics.Output
    {
        let user = try DiaryAPIUser.get()
        let year = try NoteListParameters.year(Parameters(typed: ["year": input.query.year]), "year")
        return .ok(.init(body: .json(.init(try await statistics.statistics(for: user, year: year)))))
    }
}
