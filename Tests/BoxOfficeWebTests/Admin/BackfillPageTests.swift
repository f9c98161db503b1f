import BoxOfficeCore
import BoxOfficeStore
import Foundation
import KOBIS
import Hummingbird
import HummingbirdTesting
import KOBISSimulator
import Testing

@testable import BoxOfficeWeb

/// The administrator's background backfill pages, against a real app over loopback, one test at a time (each
/// runs a server and a background job).
@Suite("Admin: background backfill pages", .serialized)
struct BackfillPageTests {
    @Test("anonymous visitors go to the log-in page; signed-in non-administrators get 403; administrators get the page")
    func access() async throws {
        try await AdminTestSupport.withApp { app in
            let anonymous = PageBrowser(app.client)
            for path in [
                "/admin/backfill", "/admin/backfill/\(UUID().uuidString)", "/admin/backfill/\(UUID().uuidString).json",
            ] {
                let response = try await anonymous.get(path)
                #expect(response.status == .seeOther, "\(path)")
                #expect(response.location?.hasPrefix("/login?next=%2Fadmin%2Fbackfill") == true, "\(path)")
            }
            let posted = try await anonymous.post("/admin/backfill", [("from", "2024-03-01"), ("to", "2024-03-02")])
            #expect(posted.status == .seeOther)

            let member = try await AdminTestSupport.signedIn(app, "member", admin: false)
            let refused = try await member.get("/admin/backfill")
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("Only administrators can open this page."))
            await member.setLanguage("ko")
            #expect(try await member.get("/admin/backfill").text.contains("관리자만 볼 수 있는 페이지입니다."))
            await member.setLanguage("en")
            // Not even with the session's own CSRF token.
            let token = try await member.sessionCSRF()
            let forged = try await member.post(
                "/admin/backfill", [("csrf", token), ("from", "2024-03-01"), ("to", "2024-03-02")])
            #expect(forged.status == .forbidden)
            #expect(try await app.services.backfill.recentJobs().isEmpty)
            // Nothing on their pages points at the administrator's pages.
            #expect(!(try await member.get("/account").text.contains("class=\"admin-link\"")))

            let admin = try await AdminTestSupport.signedIn(app, "boss", admin: true)
            let page = try await admin.get("/admin/backfill")
            #expect(page.status == .ok)
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(page.text.contains("Archive backfill"))
            #expect(page.text.contains(#"name="from" type="date" value="" min="2004-01-01" max="2024-03-19""#))
            #expect(page.text.contains(#"name="to" type="date" value="" min="2004-01-01" max="2024-03-19""#))
            #expect(page.text.contains("No backfills yet."))
            #expect(page.text.contains(#"<a class="admin-link" href="/admin/backfill" aria-current="page">Admin</a>"#))
            #expect(page.text.contains(#"<a class="admin-link" href="/admin/backfill">Admin</a>"#) == false)
            #expect(
                try await admin.get("/account").text.contains(
                    #"<a class="admin-link" href="/admin/backfill">Admin</a>"#))
            await admin.setLanguage("ko")
            let korean = try await admin.get("/admin/backfill")
            #expect(korean.text.contains("보관함 채우기"))
            #expect(korean.text.contains("2004-01-01부터 2024-03-19까지, 한 번에 최대 3년(1,096일)."))

            // Revoking takes effect on the next request.
            _ = try await app.services.administrators.setAdministrator(false, usernameKey: "boss")
            #expect(try await admin.get("/admin/backfill").status == .forbidden)
            #expect(!(try await admin.get("/account").text.contains("class=\"admin-link\"")))
        }
    }

    @Test("a form post without the session's CSRF token is refused and starts nothing")
    func csrf() async throws {
        try await AdminTestSupport.withApp { app in
            let admin = try await AdminTestSupport.signedIn(app, "boss", admin: true)
            let missing = try await admin.post("/admin/backfill", [("from", "2024-03-01"), ("to", "2024-03-02")])
            #expect(missing.status == .forbidden)
            let wrong = try await admin.post(
                "/admin/backfill", [("csrf", "not-the-token"), ("from", "2024-03-01"), ("to", "2024-03-02")])
            #expect(wrong.status == .forbidden)
            #expect(try await app.services.backfill.recentJobs().isEmpty)
            let job = try await app.services.backfill.submit(
                SyncRequest(range: DateRange(start: CalendarDate("2024-03-01")!, end: CalendarDate("2024-03-01")!)),
                requestedBy: "boss", userID: nil)
            let cancel = try await admin.post("/admin/backfill/\(job.id.uuidString)/cancel", [])
            #expect(cancel.status == .forbidden)
            let restart = try await admin.post("/admin/backfill/\(job.id.uuidString)/restart", [])
            #expect(restart.status == .forbidden)
            #expect(try await app.services.backfill.job(id: job.id)?.cancelRequested == false)
        }
    }

    @Test(
        "bad input answers 400 with the form and a message in the page's language; nothing starts",
        arguments: [
            ("2024-03-10", "2024-03-01", "The first day is after the last day.", "시작일이 종료일보다 늦습니다."),
            ("2024-03-01", "2024-03-20", "the latest is 2024-03-19", "가장 최근 날짜는 2024-03-19입니다"),
            ("2024-03-01", "2099-01-01", "the latest is 2024-03-19", "가장 최근 날짜는 2024-03-19입니다"),
            ("2024-02-30", "2024-03-01", "From must be a day as YYYY-MM-DD", "시작일은 2024-03-15처럼"),
            ("2024-3-1", "2024-03-01", "From must be a day as YYYY-MM-DD", "YYYY-MM-DD 형식"),
            ("2003-12-31", "2004-01-05", "must not be before 2004-01-01", "2004-01-01 이후여야"),
            ("2020-01-01", "2024-03-01", "at most 3 years (1,096 days)", "최대 3년(1,096일)"),
            ("", "2024-03-01", "Enter the first day.", "시작일을 입력하세요."),
        ])
    func badInput(from: String, to: String, english: String, korean: String) async throws {
        try await AdminTestSupport.withApp { app in
            let admin = try await AdminTestSupport.signedIn(app, "boss", admin: true)
            let response = try await AdminTestSupport.submit(admin, from: from, to: to)
            #expect(response.status == .badRequest)
            #expect(response.text.contains(english), "\(response.text)")
            #expect(response.text.contains("class=\"form-errors\""))
            // The form keeps what was typed.
            #expect(response.text.contains("value=\"\(from)\""))
            await admin.setLanguage("ko")
            let inKorean = try await AdminTestSupport.submit(admin, from: from, to: to)
            #expect(inKorean.status == .badRequest)
            #expect(inKorean.text.contains(korean), "\(inKorean.text)")
            #expect(try await app.services.backfill.recentJobs().isEmpty)
        }
    }

    @Test(
        "a job runs in the background against the simulator, fills the archive and ends done with done == total",
        arguments: DiaryWebBackend.enabled)
    func runsToDone(backend: DiaryWebBackend) async throws {
        try await AdminTestSupport.withApp(backend) { app in
            let admin = try await AdminTestSupport.signedIn(app, "boss", admin: true)
            let submitted = try await AdminTestSupport.submit(admin, from: "2024-03-01", to: "2024-03-05", weekly: true)
            #expect(submitted.status == .seeOther)
            let id = try AdminTestSupport.jobID(submitted)
            let page = try await admin.get("/admin/backfill/\(id)?done=submitted")
            #expect(page.status == .ok)
            #expect(page.text.contains("Backfill queued."))
            #expect(page.text.contains("2024-03-01 – 2024-03-05 (5 days)"))
            #expect(page.text.contains("daily + weekly"))

            let final = try await AdminTestSupport.waitFor(admin, id) { !($0["active"] as? Bool ?? true) }
            #expect(AdminTestSupport.status(final) == "done")
            let total = AdminTestSupport.int(final, "total")
            // Five days, the two finished weeks that overlap them (Feb 26 – Mar 3, Mar 4 – 10), and each film's nation
            // once: from a page of its opening year's movie list (many films a call) or from its details (one each).
            // Every chart, page and details call is an item and a call; a film learned from a page is an item
            // without a call of its own.
            let simulator = KOBISSimulator(now: { WebTestSupport.fixedNow })
            let days = DateRange(start: CalendarDate("2024-03-01")!, end: CalendarDate("2024-03-05")!).days
            let films = Set(days.flatMap { simulator.dailyBoxOffice($0).entries.map(\.movieCode) }).count
            let pages = app.kobis.calls("searchMovieList")
            let details = app.kobis.calls("searchMovieInfo")
            #expect(app.kobis.calls("searchDailyBoxOfficeList") == 5)
            #expect(app.kobis.calls("searchWeeklyBoxOfficeList") == 2)
            #expect(try await app.services.database.rowCount(of: "movies") == details)
            #expect(AdminTestSupport.int(final, "calls") == 7 + pages + details)
            #expect(total == 7 + films + pages)
            #expect(AdminTestSupport.int(final, "done") == total)
            // Here: 11 films; 2024's list so far (to the simulated today) is one page, and the one film of another
            // year gets its details.
            #expect(
                films == 11 && pages == 1 && details == 1,
                "films \(films), pages \(pages), details \(details); calls: \(app.kobis.callLog)")
            #expect(AdminTestSupport.int(final, "failureCount") == 0)
            #expect(AdminTestSupport.int(final, "percent") == 100)

            // The archive now holds the range: the period chart needs no sync.
            let coverage = try await app.services.archive.coverage(
                of: DateRange(start: CalendarDate("2024-03-01")!, end: CalendarDate("2024-03-05")!))
            #expect(coverage.isComplete)
            #expect(coverage.provisionalDays == 0)
            let period = try await admin.get("/api/v1/charts/period?from=2024-03-01&to=2024-03-05")
            let nations = try #require(period.jsonObject?["nations"] as? [[String: Any]])
            let unknown = nations.first { $0["nationality"] as? String == "unknown" }
            #expect((unknown?["movies"] as? Int ?? 0) == 0, "every film's nation is known: \(nations)")
            #expect(nations.contains { ($0["movies"] as? Int ?? 0) > 0 })

            let donePage = try await admin.get("/admin/backfill/\(id)")
            #expect(donePage.text.contains("status-done"))
            #expect(donePage.text.contains("value=\"\(total)\" max=\"\(total)\""))
            #expect(!donePage.text.contains("http-equiv=\"refresh\""), "a finished job's page does not reload itself")
            #expect(!donePage.text.contains("Cancel backfill"))
            #expect(!donePage.text.contains("/restart"))
            let list = try await admin.get("/admin/backfill")
            #expect(list.text.contains("<progress data-backfill-bar value=\"\(total)\" max=\"\(total)\""))
            #expect(list.text.contains("href=\"/admin/backfill/\(id)\""))
            #expect(list.text.contains(">boss<"))

            // A second run of the same range costs nothing: everything is settled.
            let again = try AdminTestSupport.jobID(
                try await AdminTestSupport.submit(admin, from: "2024-03-01", to: "2024-03-05", weekly: true))
            let second = try await AdminTestSupport.waitFor(admin, again) { !($0["active"] as? Bool ?? true) }
            #expect(AdminTestSupport.status(second) == "done")
            #expect(AdminTestSupport.int(second, "calls") == 0)
        }
    }

    @Test("while a job runs its page refreshes itself; cancel stops it; restart continues it to done")
    func cancelAndRestart() async throws {
        // Upstream calls after the tenth wait at a gate until the cancel has been asked for, so the job is
        // certainly mid-run when it is cancelled, however fast or slow the machine.
        try await AdminTestSupport.withApp(gatePassing: 10) { app in
            let gate = try #require(app.gate)
            let admin = try await AdminTestSupport.signedIn(app, "boss", admin: true)
            let id = try AdminTestSupport.jobID(
                try await AdminTestSupport.submit(admin, from: "2024-01-01", to: "2024-02-29"))
            let running = try await AdminTestSupport.waitFor(admin, id) {
                AdminTestSupport.status($0) == "running" && AdminTestSupport.int($0, "done") >= 3 && gate.heldCalls > 0
            }
            #expect(AdminTestSupport.int(running, "total") >= 60)
            let page = try await admin.get("/admin/backfill/\(id)")
            #expect(page.text.contains("<noscript><meta http-equiv=\"refresh\" content=\"5\"></noscript>"))
            #expect(page.text.contains("data-progress-url=\"/admin/backfill/\(id).json\""))
            #expect(page.text.contains("Cancel backfill"))

            let cancel = try await admin.submit(on: "/admin/backfill/\(id)", to: "/admin/backfill/\(id)/cancel", [])
            #expect(cancel.status == .seeOther)
            #expect(cancel.location?.hasPrefix("/admin/backfill/\(id)?done=cancel") == true)
            gate.open()
            let cancelled = try await AdminTestSupport.waitFor(admin, id) { !($0["active"] as? Bool ?? true) }
            #expect(AdminTestSupport.status(cancelled) == "cancelled")
            let doneAtCancel = AdminTestSupport.int(cancelled, "done")
            #expect(doneAtCancel < AdminTestSupport.int(cancelled, "total"))
            let cancelledPage = try await admin.get("/admin/backfill/\(id)")
            #expect(cancelledPage.text.contains("Cancelled; everything fetched until then is archived."))
            #expect(cancelledPage.text.contains("Restart"))
            // Cancelling again says it has ended.
            let late = try await admin.submit(on: "/admin/backfill/\(id)", to: "/admin/backfill/\(id)/cancel", [])
            #expect(late.location == "/admin/backfill/\(id)?done=already-ended")
            let archived = try await app.services.archive.coverage(
                of: DateRange(start: CalendarDate("2024-01-01")!, end: CalendarDate("2024-02-29")!)
            ).archivedDays
            #expect(archived > 0 && archived < 60)

            let restart = try await admin.submit(on: "/admin/backfill/\(id)", to: "/admin/backfill/\(id)/restart", [])
            #expect(restart.location == "/admin/backfill/\(id)?done=restarted")
            let finished = try await AdminTestSupport.waitFor(admin, id) { !($0["active"] as? Bool ?? true) }
            #expect(AdminTestSupport.status(finished) == "done")
            #expect(AdminTestSupport.int(finished, "done") == AdminTestSupport.int(finished, "total"))
            // Resumed: the days archived before the cancel were not fetched again; every other call is a list page
            // or a film's details.
            #expect(app.kobis.calls("searchDailyBoxOfficeList") == 60)
            #expect(
                app.kobis.calls("searchDailyBoxOfficeList") + app.kobis.calls("searchMovieList")
                    + app.kobis.calls("searchMovieInfo") == AdminTestSupport.int(cancelled, "calls")
                    + AdminTestSupport.int(finished, "calls"))
            #expect(AdminTestSupport.int(finished, "total") < 60 - archived + 200)
            let all = try await app.services.archive.coverage(
                of: DateRange(start: CalendarDate("2024-01-01")!, end: CalendarDate("2024-02-29")!))
            #expect(all.isComplete)

            #expect(try await admin.get("/admin/backfill/\(UUID().uuidString)").status == .notFound)
            #expect(try await admin.get("/admin/backfill/not-a-job").status == .notFound)
            #expect(try await admin.get("/admin/backfill/not-a-job.json").status == .notFound)
        }
    }

    @Test("a job left running by a dead instance shows as interrupted at startup and can be restarted")
    func abandonedAtStartup() async throws {
        let jobID = UUID()
        try await AdminTestSupport.withApp(
            beforeStart: { services in
                let jobs = services.database.backfillJobRepository()
                let long = WebTestSupport.fixedNow.addingTimeInterval(-3600)
                try await jobs.createJob(
                    BackfillJob(
                        id: jobID,
                        request: SyncRequest(
                            range: DateRange(start: CalendarDate("2024-03-01")!, end: CalendarDate("2024-03-03")!)),
                        status: .queued, requestedBy: "boss", requestedByID: nil, instanceID: "dead-instance",
                        createdAt: long, heartbeatAt: long))
                _ = try await jobs.claimNextJob(instanceID: "dead-instance", now: long)
            }
        ) { app in
            let admin = try await AdminTestSupport.signedIn(app, "boss", admin: true)
            let id = jobID.uuidString
            let shown = try await AdminTestSupport.waitFor(admin, id) {
                AdminTestSupport.status($0) == "interrupted"
            }
            #expect(AdminTestSupport.status(shown) == "interrupted")
            let page = try await admin.get("/admin/backfill/\(id)")
            #expect(page.text.contains("The server running it stopped or went silent."))
            let restart = try await admin.submit(on: "/admin/backfill/\(id)", to: "/admin/backfill/\(id)/restart", [])
            #expect(restart.location == "/admin/backfill/\(id)?done=restarted")
            let finished = try await AdminTestSupport.waitFor(admin, id) { !($0["active"] as? Bool ?? true) }
            #expect(AdminTestSupport.status(finished) == "done")
            #expect(try await app.services.backfill.job(id: jobID)?.instanceID == app.services.backfill.instanceID)
        }
    }

    @Test("shutting the app down stops the running job after its calls in flight and marks it interrupted")
    func shutdown() async throws {
        let jobBox = JobBox()
        // Each KOBIS answer takes half a second: the year's job needs a minute and more, so it is certainly still
        // running when the app shuts down, however slowly the test gets there; its calls in flight then finish
        // within that half second.
        try await AdminTestSupport.withApp(
            latency: .milliseconds(500),
            afterStop: { databaseURL, directory in
                let location = try DatabaseLocation(databaseURL: databaseURL, workingDirectory: directory.path)
                let database = try BoxOfficeDatabase(location: location, logger: DiaryWebTestSupport.quietLogger)
                let job = try await database.backfillJobRepository().job(id: try #require(jobBox.id))
                await database.shutdown()
                #expect(job?.status == .interrupted)
                #expect(job?.message == .serverStopped)
                #expect((job?.progress.done ?? 0) > 0)
            }
        ) { app in
            let admin = try await AdminTestSupport.signedIn(app, "boss", admin: true)
            let id = try AdminTestSupport.jobID(
                try await AdminTestSupport.submit(admin, from: "2023-01-01", to: "2023-12-31"))
            jobBox.id = UUID(uuidString: id)
            _ = try await AdminTestSupport.waitFor(admin, id) { AdminTestSupport.int($0, "done") >= 3 }
        }
    }
}

/// Carries a job id out of the app's closure.
private final class JobBox: Sendable {
    private let value = Locked<UUID?>(nil)
    var id: UUID? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}

extension PageBrowser {
    func setLanguage(_ language: String) { self.language = language }
}
