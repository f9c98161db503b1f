import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// What every administrator page is built from: the shared page environment with the administrator's strings.
typealias AdminPageEnvironment = PageEnvironment<AdminStrings>

extension PageEnvironment where Strings == AdminStrings {
    init(request: Request, site: PageSite) {
        self.init(request: request, site: site, strings: AdminStrings.table(for:))
    }

    var adminLink: AdminLinkViewModel {
        AdminLinkViewModel(language: language, explicitLanguage: explicitLanguage, isActive: true)
    }

    /// An instant in Seoul to the second: `2024-03-20 12:05:09`.
    static func time(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = BoxOfficeCalendar.seoul
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(
            format: "%@ %02d:%02d:%02d", CalendarDate(date, in: BoxOfficeCalendar.seoul).isoString, parts.hour ?? 0,
            parts.minute ?? 0, parts.second ?? 0)
    }
}

/// One job as the list and the job page show it.
struct BackfillJobViewModel: Sendable {
    var id: String
    var url: String
    /// The JSON the page script polls while the job is active.
    var progressURL: String
    var rangeLabel: String
    var kindLabel: String
    /// The ``BackfillStatus`` raw value (a CSS class and a `data-` attribute).
    var status: String
    var statusLabel: String
    var isActive: Bool
    /// `<progress>`: indeterminate (no value) until the total is known; `max` is never 0.
    var hasProgressValue: Bool
    var progressValue: Int
    var progressMax: Int
    var percent: Int
    var progressText: String
    var calls: String
    var failureText: String?
    var requestedBy: String
    var requestedAt: String

    init(_ job: BackfillJob, environment: AdminPageEnvironment) {
        let s = environment.strings
        let path = "/admin/backfill/\(job.id.uuidString)"
        id = job.id.uuidString
        url = environment.link(path)
        progressURL = environment.link(path + ".json")
        rangeLabel = s.range(job.request.range)
        kindLabel = job.request.includeWeekly ? s.withWeekly : s.dailyOnly
        status = job.status.rawValue
        statusLabel = s.status(job.status)
        isActive = job.status.isActive
        let total = job.progress.total
        hasProgressValue = total > 0 || !job.status.isActive
        progressMax = max(total, 1)
        progressValue = total > 0 ? min(job.progress.done, total) : (job.status == .done ? 1 : 0)
        percent = job.progress.percent
        progressText = s.progress(job.progress, isActive: job.status.isActive)
        calls = NumberFormatting.thousands(job.progress.calls)
        failureText = job.progress.failureCount > 0 ? s.failureCount(job.progress.failureCount) : nil
        requestedBy = job.requestedBy
        requestedAt = AdminPageEnvironment.time(job.createdAt)
    }
}

/// `GET /admin/backfill`: the form and the recent jobs.
struct BackfillListViewModel: Sendable {
    var layout: LayoutViewModel
    var s: AdminStrings
    var adminLink: AdminLinkViewModel
    var csrf: String
    var action: String
    var from: String
    var to: String
    var weekly: Bool
    var minDate: String
    var maxDate: String
    var limitsHint: String
    var errors: [String]
    var hasErrors: Bool
    var flash: String?
    var jobs: [BackfillJobViewModel]
    var hasJobs: Bool
    var refreshURL: String
    /// The archive keeper and today's quota (set by the controller).
    var keeper: KeeperPanelViewModel?

    init(
        environment: AdminPageEnvironment, session: DiarySession, calendar: BoxOfficeCalendar, jobs: [BackfillJob],
        form: BackfillForm = BackfillForm(), errors: [String] = [], flash: String? = nil
    ) {
        let s = environment.strings
        self.s = s
        layout = environment.layout(title: s.backfillTitle)
        adminLink = environment.adminLink
        csrf = session.csrfToken
        action = environment.link("/admin/backfill")
        from = form.from
        to = form.to
        weekly = form.weekly
        minDate = calendar.earliestDate.isoString
        maxDate = calendar.yesterday.isoString
        limitsHint = s.limits(
            earliest: calendar.earliestDate, latest: calendar.yesterday, maximumDays: BackfillService.maximumDays)
        self.errors = errors
        hasErrors = !errors.isEmpty
        self.flash = flash
        self.jobs = jobs.map { BackfillJobViewModel($0, environment: environment) }
        hasJobs = !jobs.isEmpty
        refreshURL = environment.link("/admin/backfill")
    }
}

/// `GET /admin/backfill/{id}`: one job, its progress, failures, and what can be done with it.
struct BackfillJobPageViewModel: Sendable {
    var layout: LayoutViewModel
    var s: AdminStrings
    var adminLink: AdminLinkViewModel
    var job: BackfillJobViewModel
    var csrf: String
    var flash: String?
    var explanation: String?
    var message: String?
    var failures: [String]
    var hasFailures: Bool
    var moreFailures: String?
    var startedAt: String?
    var finishedAt: String?
    var heartbeatAt: String
    var instanceID: String
    var cancelAction: String?
    var restartAction: String?
    var backURL: String
    var refreshURL: String
    /// Read by the header: reload every few seconds without script while the job is active.
    var autoRefreshSeconds: Int?

    init(environment: AdminPageEnvironment, session: DiarySession, job: BackfillJob, flash: String? = nil) {
        let s = environment.strings
        self.s = s
        let path = "/admin/backfill/\(job.id.uuidString)"
        layout = environment.layout(title: s.jobTitle)
        adminLink = environment.adminLink
        self.job = BackfillJobViewModel(job, environment: environment)
        csrf = session.csrfToken
        self.flash = flash
        explanation = s.explanation(job.status)
        // The explanation says what an interruption, a cancel or the budget means; a failure's or a finished run's
        // message adds what only the run knows (KOBIS's own words, days not counted yet).
        let reasons = ReasonText(environment.language)
        message = job.status == .failed || job.status == .done ? job.message.map(reasons.backfillMessage) : nil
        failures = job.progress.failures.map(reasons.backfillFailure)
        hasFailures = !job.progress.failures.isEmpty
        let hidden = job.progress.failureCount - job.progress.failures.count
        moreFailures = hidden > 0 ? s.moreFailures(hidden) : nil
        startedAt = job.startedAt.map(AdminPageEnvironment.time)
        finishedAt = job.finishedAt.map(AdminPageEnvironment.time)
        heartbeatAt = AdminPageEnvironment.time(job.heartbeatAt)
        instanceID = job.instanceID
        cancelAction = job.status.isActive && !job.cancelRequested ? environment.link(path + "/cancel") : nil
        restartAction = job.status.canRestart ? environment.link(path + "/restart") : nil
        backURL = environment.link("/admin/backfill")
        refreshURL = environment.link(path)
        autoRefreshSeconds = job.status.isActive ? 5 : nil
    }
}

/// `GET /admin/backfill/{id}.json`: what the page script needs to redraw the progress.
struct BackfillProgressJSON: Codable, Sendable, Equatable {
    var id: String
    var status: String
    var statusLabel: String
    var active: Bool
    var done: Int
    var total: Int
    var percent: Int
    var progressText: String
    var calls: Int
    var failureCount: Int
    var cancelRequested: Bool
    var heartbeatAt: Date

    init(_ job: BackfillJob, strings: AdminStrings) {
        id = job.id.uuidString
        status = job.status.rawValue
        statusLabel = strings.status(job.status)
        active = job.status.isActive
        done = job.progress.done
        total = job.progress.total
        percent = job.progress.percent
        progressText = strings.progress(job.progress, isActive: job.status.isActive)
        calls = job.progress.calls
        failureCount = job.progress.failureCount
        cancelRequested = job.cancelRequested
        heartbeatAt = job.heartbeatAt
    }
}
