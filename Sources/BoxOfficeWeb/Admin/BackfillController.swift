import BoxOfficeCore
import Foundation
import Hummingbird

/// The administrator's background backfill: `GET /admin/backfill` (form and recent jobs), `POST /admin/backfill`
/// (starts one), `GET /admin/backfill/{id}` (its page), `GET /admin/backfill/{id}.json` (its progress, for the page
/// script), `POST /admin/backfill/{id}/cancel` and `POST /admin/backfill/{id}/restart`. The list page also shows the
/// archive keeper and today's KOBIS quota (``KeeperController`` takes its forms).
struct BackfillController<Context: DiarySessionContext>: Sendable {
    let backfill: BackfillService
    let keeper: ArchiveKeeper
    let ledger: QuotaLedger
    let site: PageSite
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("admin/backfill") { request, context in
            let environment = AdminPageEnvironment(request: request, site: site)
            return try await renderList(
                environment, session: try context.requireSession(),
                flash: flash(request.formParameters.nonEmpty("done"), environment.strings))
        }
        group.post("admin/backfill") { request, context in
            try await submit(request, context: context)
        }
        group.get("admin/backfill/{id}") { request, context in
            let environment = AdminPageEnvironment(request: request, site: site)
            let job = try await job(context, environment)
            let viewModel = BackfillJobPageViewModel(
                environment: environment, session: try context.requireSession(), job: job,
                flash: flash(request.formParameters.nonEmpty("done"), environment.strings))
            return try renderer.render(viewModel, template: "admin_backfill_job")
        }
        group.get("admin/backfill/{id}.json") { request, context in
            let environment = AdminPageEnvironment(request: request, site: site)
            let job = try await job(context, environment)
            return try ResponseBuilders.json(BackfillProgressJSON(job, strings: environment.strings))
        }
        group.post("admin/backfill/{id}/cancel") { request, context in
            let environment = AdminPageEnvironment(request: request, site: site)
            let id = try jobID(context, environment)
            let done: String
            if try await job(context, environment).status.isActive {
                guard let job = try await backfill.cancel(id: id) else {
                    throw HTTPError(.notFound, message: environment.strings.notFound)
                }
                switch job.status {
                case .cancelled: done = "cancelled"
                case .running: done = "cancel-requested"
                default: done = "already-ended"
                }
            } else {
                done = "already-ended"
            }
            return environment.redirect("/admin/backfill/\(id.uuidString)", [("done", done)])
        }
        group.post("admin/backfill/{id}/restart") { request, context in
            let environment = AdminPageEnvironment(request: request, site: site)
            let id = try jobID(context, environment)
            guard let job = try await backfill.restart(id: id) else {
                throw HTTPError(.notFound, message: environment.strings.notFound)
            }
            let done =
                job.status == .queued && job.instanceID == backfill.instanceID
                ? "restarted" : "not-restartable"
            return environment.redirect("/admin/backfill/\(id.uuidString)", [("done", done)])
        }
    }

    private func submit(_ request: Request, context: Context) async throws -> Response {
        let environment = AdminPageEnvironment(request: request, site: site)
        let session = try context.requireSession()
        let form = try context.form.decode(BackfillForm.self)
        switch form.validated(calendar: site.calendar, strings: environment.strings) {
        case .failure(let problems):
            return try await renderList(
                environment, session: session, form: form, errors: problems.messages, status: .badRequest)
        case .success(let syncRequest):
            let job = try await backfill.submit(
                syncRequest, requestedBy: session.user.username, userID: session.user.id)
            return environment.redirect("/admin/backfill/\(job.id.uuidString)", [("done", "submitted")])
        }
    }

    private func renderList(
        _ environment: AdminPageEnvironment, session: DiarySession, form: BackfillForm = BackfillForm(),
        errors: [String] = [], flash: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let jobs = try await backfill.recentJobs()
        var viewModel = BackfillListViewModel(
            environment: environment, session: session, calendar: site.calendar, jobs: jobs, form: form,
            errors: errors, flash: flash)
        // The keeper's panel says when the store cannot be read; the backfills still show.
        viewModel.keeper = KeeperPanelViewModel(
            status: try? await keeper.status(), usage: try? await ledger.usage(), environment: environment,
            csrf: session.csrfToken)
        return try renderer.render(viewModel, template: "admin_backfill", status: status)
    }

    private func jobID(_ context: Context, _ environment: AdminPageEnvironment) throws -> UUID {
        guard let text = context.parameters.get("id"), let id = UUID(uuidString: text) else {
            throw HTTPError(.notFound, message: environment.strings.notFound)
        }
        return id
    }

    private func job(_ context: Context, _ environment: AdminPageEnvironment) async throws -> BackfillJob {
        guard let job = try await backfill.job(id: try jobID(context, environment)) else {
            throw HTTPError(.notFound, message: environment.strings.notFound)
        }
        return job
    }

    private func flash(_ done: String?, _ s: AdminStrings) -> String? {
        switch done {
        case "submitted": return s.submitted
        case "cancelled": return s.cancelled
        case "cancel-requested": return s.cancelRequested
        case "already-ended": return s.alreadyEnded
        case "restarted": return s.restarted
        case "not-restartable": return s.notRestartable
        case "keeper-paused": return s.keeperPaused
        case "keeper-resumed": return s.keeperResumed
        case "keeper-run": return s.keeperRunRequested
        default: return nil
        }
    }
}
