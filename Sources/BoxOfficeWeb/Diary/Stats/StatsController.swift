import BoxOfficeCore
import Foundation
import Hummingbird

/// `GET /stats` and `GET /stats/{year}`: the user's statistics, computed from their notes alone. Pages are kept until
/// the diary changes (``DiaryPageCache``): the statistics are kept too, but drawing their charts and tables is most
/// of a page's cost.
struct StatsController<Context: DiarySessionContext>: Sendable {
    let diaryStatistics: DiaryStatisticsService
    let notes: DiaryNoteService
    let site: PageSite
    let renderer: PageRenderer
    let cache: DiaryPageCache

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("stats") { request, context in
            try await show(
                request, year: nil, session: try context.requireSession(), diaryVersion: context.diaryVersion)
        }
        group.get("stats/{year}") { request, context in
            let text = context.parameters.get("year") ?? ""
            guard text.count == 4, let year = Int(text), text.allSatisfy(\.isNumber) else {
                throw BoxOfficeError.invalid("year", .yearFormat, value: text)
            }
            return try await show(
                request, year: year, session: try context.requireSession(), diaryVersion: context.diaryVersion)
        }
    }

    /// `diaryVersion`: the version read with the session, if it was.
    func show(_ request: Request, year: Int?, session: DiarySession, diaryVersion: Int64? = nil) async throws
        -> Response
    {
        let environment = DiaryPageEnvironment(request: request, site: site)
        // Read before the statistics: a change made meanwhile raises the version past this one, so a page kept under
        // it is never shown for the changed diary.
        let version: Int64
        if let diaryVersion {
            version = diaryVersion
        } else {
            version = try await notes.diaryVersion(for: session.user)
        }
        let key = cache.key(for: request, session: session, language: environment.language, diaryVersion: version)
        if let body = cache.page(for: key) { return ResponseBuilders.html(body) }
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
        let body = try renderer.renderBody(viewModel, template: "diary_stats")
        cache.keep(body, for: key)
        return ResponseBuilders.html(body)
    }
}
