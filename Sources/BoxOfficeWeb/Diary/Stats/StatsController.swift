import BoxOfficeCore
import Foundation
import Hummingbird

/// `GET /stats` and `GET /stats/{year}`: the user's statistics, computed from their notes alone.
struct StatsController<Context: DiarySessionContext>: Sendable {
    let diaryStatistics: DiaryStatisticsService
    let site: PageSite
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("stats") { request, context in
            try await show(request, year: nil, session: try context.requireSession())
        }
        group.get("stats/{year}") { request, context in
            let text = context.parameters.get("year") ?? ""
            guard text.count == 4, let year = Int(text), text.allSatisfy(\.isNumber) else {
                throw BoxOfficeError.invalid("year", .yearFormat, value: text)
            }
            return try await show(request, year: year, session: try context.requireSession())
        }
    }

    func show(_ request: Request, year: Int?, session: DiarySession) async throws -> Response {
        let environment = DiaryPageEnvironment(request: request, site: site)
        let statistics = try await diaryStatistics.statistics(for: session.user, year: year)
        // The year links come from the all-time figures, which a year's page has to ask for separately.
        let years: [Int]
        if year == nil {
            years = statistics.perYear.map(\.year)
        } else {
            years = try await diaryStatistics.statistics(for: session.user).perYear.map(\.year)
        }
        let viewModel = StatsViewModel(
            environment: environment, session: session, statistics: statistics, allYears: years)
        return try renderer.render(viewModel, template: "diary_stats")
    }
}
