import BoxOfficeApp
import BoxOfficeCore
import Foundation
import Hummingbird

/// `GET /watchlist/import` shows the upload form; `POST /watchlist/import` imports Letterboxd's `watchlist.csv` (a
/// `multipart/form-data` upload in `file`, or text pasted into `content`, with the session's CSRF token) and reports
/// what it added and skipped. A malformed file answers 400 with the form and the reason; nothing is added then.
struct WatchlistImportController<Context: DiarySessionContext>: Sendable {
    /// The largest file the page takes, as the API (`POST /api/v1/watchlist/import`) does.
    static var importSizeLimit: Int { WatchlistImportAPIHandler.importSizeLimit }

    let importer: WatchlistImporter
    let site: PageSite
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("watchlist/import") { request, context in
            let environment = DiaryPageEnvironment(request: request, site: site)
            return try render(environment, session: try context.requireSession(), status: .ok)
        }
        group.post("watchlist/import") { request, context in try await importFile(request, context: context) }
    }

    func importFile(_ request: Request, context: Context) async throws -> Response {
        let environment = DiaryPageEnvironment(request: request, site: site)
        let session = try context.requireSession()
        let form = ImportForm(context.form)
        let data = form.data
        guard !data.isEmpty else {
            return try render(
                environment, session: session, pasted: form.pasted, errors: [environment.strings.importEmpty],
                status: .badRequest)
        }
        guard data.count <= Self.importSizeLimit else {
            throw WebError.bodyTooLarge(limitKB: Self.importSizeLimit / 1024)
        }
        let report: WatchlistImportReport
        do {
            report = try await importer.importLetterboxd(data, userID: session.user.id)
        } catch let error as BoxOfficeError where error.isBadInput {
            return try render(
                environment, session: session, pasted: form.pasted, errors: [environment.importRefused(error)],
                status: .badRequest)
        }
        return try render(environment, session: session, report: report, status: .ok)
    }

    private func render(
        _ environment: DiaryPageEnvironment, session: DiarySession, pasted: String = "", errors: [String] = [],
        report: WatchlistImportReport? = nil, status: HTTPResponse.Status
    ) throws -> Response {
        let viewModel = WatchlistImportViewModel(
            environment: environment, session: session, pasted: pasted, errors: errors, report: report)
        return try renderer.render(viewModel, template: "watchlist_import", status: status)
    }
}
