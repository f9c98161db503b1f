import BoxOfficeCore
import BoxOfficeText
import Hummingbird

/// `GET /charts/period?from=&to=` (or `?month=YYYY-MM`, `?year=YYYY`): a period's top films from the archive,
/// and `GET /movies/{code}/trend.csv`: a film's archived run as CSV. Neither calls KOBIS.
///
/// Nothing here is cached past new data: the period chart is cached by the archive's fingerprint, read from the
/// store on every request, so days the keeper stores on any instance show at once.
struct PeriodController<Context: RequestContext>: Sendable {
    let archive: ArchiveService
    /// The archive keeper, when it runs on this instance: the gap notice says what it is doing instead of naming a
    /// terminal command.
    let keeper: ArchiveKeeper?
    let calendar: BoxOfficeCalendar
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("charts/period") { request, _ in try await show(request) }
        group.get("movies/{code}/trend.csv") { _, context in
            try await trendCSV(code: context.parameters.get("code") ?? "")
        }
    }

    func show(_ request: Request) async throws -> Response {
        let parameters = try PeriodParameters(request.formParameters, calendar: calendar)
        let chart = try await archive.periodChart(parameters.range, limit: parameters.limit)
        let language = Language(request: request)
        var viewModel = PeriodViewModel(
            chart: chart, parameters: parameters, calendar: calendar, language: language, request: request)
        // Days before the keeper's first day are never filled by it: the command stays for them.
        if let keeper, chart.coverage.missingDays > 0, parameters.range.start >= keeper.options.schedule.from {
            viewModel.coverage = CoverageNoticeViewModel(
                chart.coverage, strings: ArchiveStrings.table(for: language),
                keeper: await keeperStatus(keeper), now: calendar.currentInstant)
        }
        return try renderer.render(viewModel, template: "period")
    }

    /// The keeper's status; when the store cannot say, a keeper that is filling (it runs, and the days are missing).
    private func keeperStatus(_ keeper: ArchiveKeeper) async -> KeeperStatus {
        if let status = try? await keeper.status() { return status }
        let today = calendar.today
        return KeeperStatus(
            state: .filling, from: keeper.options.schedule.from,
            latestSettledDay: KeeperSchedule.latestSettledDay(today: today), archivedDays: 0, missingDays: 0,
            leader: false)
    }

    func trendCSV(code: String) async throws -> Response {
        let trend = try await archive.trend(movieCode: code)
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8",
                .contentDisposition: "attachment; filename=\"trend-\(trend.movieCode).csv\"",
            ],
            body: .init(byteBuffer: ByteBuffer(string: trend.csv)))
    }
}
