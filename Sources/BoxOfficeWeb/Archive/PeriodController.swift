import BoxOfficeCore
import BoxOfficeText
import Hummingbird

/// `GET /charts/period?from=&to=` (or `?month=YYYY-MM`, `?year=YYYY`): a period's top films from the archive,
/// and `GET /movies/{code}/trend.csv`: a film's archived run as CSV. Neither calls KOBIS.
///
/// Nothing here is cached past new data: the period chart is cached by the archive's fingerprint, read from the
/// store on every request, so days the keeper stores on any instance show at once. A settled period's page (every day
/// archived, none provisional) cannot change, so it is kept rendered until midnight in Seoul (when the pickers' limits
/// move on); the trend CSV is kept like the film's page (``MoviePageCache``).
struct PeriodController<Context: RequestContext>: Sendable {
    let archive: ArchiveService
    /// The archive keeper, when it runs on this instance: the gap notice says what it is doing instead of naming a
    /// terminal command.
    let keeper: ArchiveKeeper?
    let calendar: BoxOfficeCalendar
    let renderer: PageRenderer
    /// Settled periods' pages.
    let pages: RenderedPageCache
    let trends: MoviePageCache

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("charts/period") { request, _ in try await show(request) }
        group.get("movies/{code}/trend.csv") { request, context in
            try await trendCSV(request, code: MovieCodePath.text(context.parameters.get("code") ?? ""))
        }
    }

    func show(_ request: Request) async throws -> Response {
        let parameters = try PeriodParameters(request.formParameters, calendar: calendar)
        let language = Language(request: request)
        let key = RenderedPageCache.Key(
            path: request.uri.path, query: request.uri.query ?? "", language: language, variant: "")
        let page = try await pages.page(for: key, now: calendar.currentInstant) {
            try await made(parameters, language: language, request: request)
        }
        return page.response(to: request)
    }

    /// The period's page, kept until midnight in Seoul when every day is archived and settled.
    private func made(_ parameters: PeriodParameters, language: Language, request: Request) async throws
        -> RenderedPageCache.Made
    {
        let chart = try await archive.periodChart(parameters.range, limit: parameters.limit)
        var viewModel = PeriodViewModel(
            chart: chart, parameters: parameters, calendar: calendar, language: language, request: request)
        // With the keeper running, readers never see a terminal command: it fills the missing days and settles the
        // provisional ones. Days before its first day are never filled by it: the command stays for them.
        let coverage = chart.coverage
        if let keeper, coverage.missingDays > 0 || coverage.provisionalDays > 0,
            coverage.missingDays == 0 || parameters.range.start >= keeper.options.schedule.from
        {
            let status = await keeperStatus(keeper)
            if status.state != .disabled {
                viewModel.coverage = CoverageNoticeViewModel(
                    coverage, strings: ArchiveStrings.table(for: language), keeper: status,
                    now: calendar.currentInstant)
            }
        }
        let page = EncodedBody(
            try renderer.renderBody(viewModel, template: "period"), contentType: ResponseBuilders.htmlContentType)
        let kept = chart.coverage.isComplete && chart.coverage.provisionalDays == 0
        return .init(body: page, until: kept ? calendar.nextDayStart : nil)
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

    func trendCSV(_ request: Request, code: String) async throws -> Response {
        let key = trends.key(for: request, language: .english, variant: "csv")
        let csv = try await trends.page(for: key) {
            let trend = try await archive.trend(movieCode: code)
            let csv = EncodedBody(ByteBuffer(string: trend.csv), contentType: "text/csv; charset=utf-8")
            return .init(body: csv, until: trends.until(trend: trend))
        }
        return csv.response(
            to: request, headers: [.contentDisposition: "attachment; filename=\"trend-\(code).csv\""])
    }
}
