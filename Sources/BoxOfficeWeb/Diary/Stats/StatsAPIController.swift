import BoxOfficeCore
import Hummingbird

/// `GET /api/v1/stats?year=`: the user's statistics, for all time or one watched year (with a year in review).
struct StatsAPIController<Context: DiaryAuthenticatedContext>: Sendable {
    let diary: DiaryStatisticsService

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("stats") { request, context in
            let year = try NoteListParameters.year(request.formParameters, "year")
            return try ResponseBuilders.json(try await diary.statistics(for: try context.user(), year: year))
        }
    }
}
