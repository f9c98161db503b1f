import BoxOfficeCore
import Hummingbird

/// The administrator's controls of the fleet's keeper: `POST /admin/keeper/pause`, `/resume` and `/run`, each back
/// to the administrator's page with a notice. (The keeper's state is shown on `GET /admin/backfill`.)
struct KeeperController<Context: DiarySessionContext>: Sendable {
    let keeper: ArchiveKeeper
    let site: PageSite

    func addRoutes(to group: RouterGroup<Context>) {
        group.post("admin/keeper/pause") { request, _ in
            try await keeper.pause()
            return back(request, done: "keeper-paused")
        }
        group.post("admin/keeper/resume") { request, _ in
            try await keeper.resume()
            return back(request, done: "keeper-resumed")
        }
        group.post("admin/keeper/run") { request, _ in
            try await keeper.runNow()
            return back(request, done: "keeper-run")
        }
    }

    private func back(_ request: Request, done: String) -> Response {
        AdminPageEnvironment(request: request, site: site).redirect("/admin/backfill", [("done", done)])
    }
}
