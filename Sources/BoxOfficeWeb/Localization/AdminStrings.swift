import BoxOfficeCore
import BoxOfficeText
import Foundation

/// Every fixed piece of text on the administrator's pages, in Korean (the default) and English. Templates read
/// the stored properties; messages with numbers or names are methods.
struct AdminStrings: Sendable {
    let isEnglish: Bool

    let adminLink, backfillTitle, backfillIntro, formTitle, fromLabel, toLabel, weeklyLabel, startButton: String
    let recentTitle, noJobs, rangeHeader, statusHeader, progressHeader, requestedByHeader, requestedAtHeader: String
    let jobTitle, backToList, refresh, liveHint, withWeekly, dailyOnly, detailsLabel: String
    let startedLabel, finishedLabel, heartbeatLabel, instanceLabel, callsLabel, messageLabel, failuresTitle: String
    let cancelButton, restartButton, restartHint, cancelHint: String
    let submitted, cancelRequested, cancelled, restarted, notRestartable, alreadyEnded: String
    let fromRequired, toRequired, reversed, forbidden, notFound, fixThese, starting: String
    let queued, running, done, failed, cancelledStatus, budgetStopped, interrupted: String
    let budgetStoppedExplained, interruptedExplained, failedExplained, cancelledExplained: String
    // The archive keeper and the quota.
    let keeperTitle, keeperIntro, keeperDetails, keeperStateLabel, keeperRangeLabel, archivedLabel, missingLabel: String
    let leaderLabel, leaderYes, leaderNo, nextRunLabel, notScheduled, quotaTitle, quotaIntro, purposeHeader: String
    let callsHeader, limitLabel, reserveLabel, usedLabel, quotaNotEnforced, pauseButton, resumeButton: String
    let runNowButton, keeperPaused, keeperResumed, keeperRunRequested, keeperDisabledHint, keeperUnreadable: String
    let stateFilling, stateCurrent, stateWaiting, stateBackingOff, statePaused, stateDisabled, stateStandby: String
    let purposeReaders, purposeKeeper, purposeSync, purposeBackfill, purposeLookups: String

    static let korean = AdminStrings(english: false)
    static let english = AdminStrings(english: true)

    static func table(for language: Language) -> AdminStrings {
        language == .english ? english : korean
    }

    private init(english en: Bool) {
        isEnglish = en
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }

        adminLink = t("관리", "Admin")
        backfillTitle = t("보관함 채우기", "Archive backfill")
        backfillIntro = t(
            "기간을 고르면 이 서버가 백그라운드에서 그 기간의 일별 박스오피스를 KOBIS에서 받아 보관함에 채웁니다. 이미 확정된 날은 다시 받지 않고, 처음 보는 영화는 국적을 알기 위해 상세 정보를 한 번 받습니다. 진행 상황은 같은 데이터베이스를 쓰는 모든 인스턴스에서 보입니다.",
            "Pick a range and this server fills the archive with its daily box office from KOBIS, in the background. Days already settled are never fetched again; films new to the archive get their details once (for the Korean vs foreign share). Every instance on the same database shows the progress."
        )
        formTitle = t("새 작업", "New backfill")
        fromLabel = t("시작일", "From")
        toLabel = t("종료일", "To")
        weeklyLabel = t("주간 박스오피스(월–일)도 받기", "Also the weekly charts (Mon–Sun)")
        startButton = t("채우기 시작", "Start backfill")
        recentTitle = t("최근 작업", "Recent backfills")
        noJobs = t("아직 작업이 없습니다.", "No backfills yet.")
        rangeHeader = t("기간", "Range")
        statusHeader = t("상태", "Status")
        progressHeader = t("진행", "Progress")
        requestedByHeader = t("요청한 사람", "Requested by")
        requestedAtHeader = t("요청 시각", "Requested at")
        jobTitle = t("보관함 채우기 작업", "Backfill job")
        backToList = t("← 모든 작업", "← All backfills")
        refresh = t("새로고침", "Refresh")
        liveHint = t("진행 중에는 이 페이지가 저절로 갱신됩니다.", "This page updates itself while the job runs.")
        withWeekly = t("일별 + 주간", "daily + weekly")
        dailyOnly = t("일별", "daily")
        detailsLabel = t("작업 정보", "Details")
        startedLabel = t("시작", "Started")
        finishedLabel = t("끝", "Finished")
        heartbeatLabel = t("마지막 신호", "Last heartbeat")
        instanceLabel = t("실행 인스턴스", "Instance")
        callsLabel = t("KOBIS 호출", "KOBIS calls")
        messageLabel = t("메시지", "Message")
        failuresTitle = t("실패한 항목", "Failed items")
        cancelButton = t("작업 취소", "Cancel backfill")
        restartButton = t("다시 시작", "Restart")
        restartHint = t(
            "이미 받은 날과 영화는 건너뛰고 남은 것만 받습니다.", "Continues where it stopped: what is archived is skipped.")
        cancelHint = t(
            "지금 진행 중인 호출은 끝까지 받아 저장합니다.", "Calls in flight finish and are stored.")
        submitted = t("작업을 시작했습니다.", "Backfill queued.")
        cancelRequested = t("취소를 요청했습니다. 진행 중인 호출이 끝나면 멈춥니다.", "Cancel requested: it stops after the calls in flight.")
        cancelled = t("작업을 취소했습니다.", "Backfill cancelled.")
        restarted = t("작업을 다시 시작했습니다.", "Backfill restarted.")
        notRestartable = t(
            "이 작업은 지금 다시 시작할 수 없습니다.", "This backfill cannot be restarted now.")
        alreadyEnded = t("이미 끝난 작업입니다.", "This backfill has already ended.")
        fromRequired = t("시작일을 입력하세요.", "Enter the first day.")
        toRequired = t("종료일을 입력하세요.", "Enter the last day.")
        reversed = t("시작일이 종료일보다 늦습니다.", "The first day is after the last day.")
        forbidden = t("관리자만 볼 수 있는 페이지입니다.", "Only administrators can open this page.")
        notFound = t("그런 작업이 없습니다.", "There is no such backfill.")
        fixThese = t("다음을 고쳐 주세요.", "Please fix the following.")
        starting = t("준비 중…", "Starting…")
        queued = t("대기 중", "Queued")
        running = t("진행 중", "Running")
        done = t("완료", "Done")
        failed = t("실패", "Failed")
        cancelledStatus = t("취소됨", "Cancelled")
        budgetStopped = t("호출 예산에서 멈춤", "Stopped at the budget")
        interrupted = t("중단됨", "Interrupted")
        budgetStoppedExplained = t(
            "이 작업에 정한 KOBIS 호출 예산을 다 써서 멈췄습니다(하루 3,000회인 키 한도 안에서). 다시 시작하면 남은 것만 받습니다.",
            "It used up its KOBIS call budget (kept under the key's 3,000 calls a day). Restart it to fetch the rest.")
        interruptedExplained = t(
            "실행하던 서버가 멈추거나 응답하지 않아 중단되었습니다. 다시 시작하면 이어서 받습니다.",
            "The server running it stopped or went silent. Restart it to continue.")
        failedExplained = t(
            "일부 항목을 받지 못했습니다. 아래 목록을 확인하세요. 다시 시작하면 실패한 것만 다시 받습니다.",
            "Some items could not be fetched (listed below). Restarting tries only what is missing.")
        cancelledExplained = t(
            "취소되었습니다. 그때까지 받은 것은 보관함에 있습니다.", "Cancelled; everything fetched until then is archived.")
        keeperTitle = t("자동 보관", "Archive keeper")
        keeperIntro = t(
            "자동 보관은 아무도 명령을 실행하지 않아도 보관함을 채웁니다. 최근 날짜부터 거꾸로 채우고, 매일 아침 어제 차트와 확정된 날을 받습니다. 같은 데이터베이스를 쓰는 인스턴스 중 하나만 일합니다.",
            "The keeper fills the archive with no one running a command: newest days first, then every morning yesterday's chart and the days that became settled. One instance of those sharing the database keeps."
        )
        keeperDetails = t("자동 보관 상태", "Keeper status")
        keeperStateLabel = t("상태", "State")
        keeperRangeLabel = t("보관 기간", "Range kept")
        archivedLabel = t("보관된 날", "Days archived")
        missingLabel = t("빠진 날", "Days missing")
        leaderLabel = t("이 인스턴스가 관리 중", "Kept by this instance")
        leaderYes = t("예", "Yes")
        leaderNo = t("아니요", "No")
        nextRunLabel = t("다음 실행", "Next run")
        notScheduled = t("예정 없음", "Not scheduled")
        quotaTitle = t("오늘의 KOBIS 호출 한도", "Today's KOBIS quota")
        quotaIntro = t(
            "모든 인스턴스와 작업의 KOBIS 호출을 한국 시간 하루 단위로 셉니다. 자동 보관, 채우기 작업, sync 명령은 한도에서 예비분을 뺀 만큼만 씁니다.",
            "Every KOBIS call of every instance and job, counted per KST day. The keeper, backfills and sync stop at the limit less the reserve kept for readers."
        )
        purposeHeader = t("용도", "Purpose")
        callsHeader = t("호출", "Calls")
        limitLabel = t("하루 한도", "Daily limit")
        reserveLabel = t("독자용 예비분", "Reserve for readers")
        usedLabel = t("사용", "Used")
        quotaNotEnforced = t(
            "예제 데이터 모드: 호출을 세기만 하고 막지 않습니다.", "Sample mode: calls are counted, never refused.")
        pauseButton = t("일시 정지", "Pause")
        resumeButton = t("다시 시작", "Resume")
        runNowButton = t("지금 실행", "Run now")
        keeperPaused = t(
            "자동 보관을 일시 정지했습니다. 진행 중인 호출이 끝나면 멈춥니다.", "Keeper paused: it stops after the calls in flight.")
        keeperResumed = t("자동 보관을 다시 시작했습니다.", "Keeper resumed.")
        keeperRunRequested = t(
            "지금 실행하도록 요청했습니다(오늘 남은 호출 안에서).", "Run requested (within today's calls).")
        keeperDisabledHint = t(
            "이 인스턴스에서는 자동 보관이 꺼져 있습니다(BOXOFFICE_KEEPER=off). 다른 인스턴스가 관리하면 여기서도 일시 정지·재개·실행을 요청할 수 있습니다.",
            "The keeper is off on this instance (BOXOFFICE_KEEPER=off). If another instance keeps, pausing, resuming and running from here still reach it."
        )
        keeperUnreadable = t(
            "자동 보관의 상태를 지금 읽을 수 없습니다.", "The keeper's status cannot be read right now.")
        stateFilling = t("채우는 중", "Filling")
        stateCurrent = t("최신 상태", "Current")
        stateWaiting = t("내일 호출 한도를 기다리는 중", "Waiting for tomorrow's quota")
        stateBackingOff = t("KOBIS 오류로 잠시 쉬는 중", "Backing off (KOBIS failing)")
        statePaused = t("일시 정지됨", "Paused")
        stateDisabled = t("꺼짐", "Off")
        stateStandby = t("대기 중(다른 인스턴스가 관리)", "Standby (another instance keeps)")
        purposeReaders = t("페이지와 API", "Pages and API")
        purposeKeeper = t("자동 보관", "Keeper")
        purposeSync = t("sync 명령", "sync command")
        purposeBackfill = t("채우기 작업", "Backfills")
        purposeLookups = t("영화 정보와 검색", "Movie details and search")
    }

    func keeperState(_ state: KeeperState) -> String {
        switch state {
        case .filling: return stateFilling
        case .current: return stateCurrent
        case .waitingForQuota: return stateWaiting
        case .backingOff: return stateBackingOff
        case .paused: return statePaused
        case .disabled: return stateDisabled
        case .standby: return stateStandby
        }
    }

    func purpose(_ purpose: KOBISCallPurpose) -> String {
        switch purpose {
        case .readers: return purposeReaders
        case .keeper: return purposeKeeper
        case .sync: return purposeSync
        case .backfill: return purposeBackfill
        case .lookups: return purposeLookups
        }
    }

    /// "2004-01-01 ~ 2026-11-23".
    func keptRange(from: CalendarDate, through: CalendarDate) -> String {
        isEnglish ? "\(from) – \(through)" : "\(from) ~ \(through)"
    }

    func status(_ status: BackfillStatus) -> String {
        switch status {
        case .queued: return queued
        case .running: return running
        case .done: return done
        case .failed: return failed
        case .cancelled: return cancelledStatus
        case .budgetStopped: return budgetStopped
        case .interrupted: return interrupted
        }
    }

    /// What a finished status means for the administrator, or `nil`.
    func explanation(_ status: BackfillStatus) -> String? {
        switch status {
        case .budgetStopped: return budgetStoppedExplained
        case .interrupted: return interruptedExplained
        case .failed: return failedExplained
        case .cancelled: return cancelledExplained
        case .queued, .running, .done: return nil
        }
    }

    /// "2024-03-01 ~ 2024-03-10 (10일)" / "2024-03-01 – 2024-03-10 (10 days)".
    func range(_ range: DateRange) -> String {
        isEnglish
            ? "\(range.start) – \(range.end) (\(NumberFormatting.thousands(range.count)) day\(range.count == 1 ? "" : "s"))"
            : "\(range.start) ~ \(range.end) (\(NumberFormatting.thousands(range.count))일)"
    }

    /// "120 / 509 (23%)"; "준비 중…" / "Starting…" while an active job has not planned its work yet.
    func progress(_ progress: BackfillProgress, isActive: Bool) -> String {
        if isActive && progress.total == 0 { return starting }
        return
            "\(NumberFormatting.thousands(progress.done)) / \(NumberFormatting.thousands(progress.total)) (\(progress.percent)%)"
    }

    /// The form's date limits: "2004-01-01부터 2024-03-19까지, 한 번에 최대 3년(1,096일)".
    func limits(earliest: CalendarDate, latest: CalendarDate, maximumDays: Int) -> String {
        let days = NumberFormatting.thousands(maximumDays)
        return isEnglish
            ? "From \(earliest) to \(latest), at most 3 years (\(days) days) at a time."
            : "\(earliest)부터 \(latest)까지, 한 번에 최대 3년(\(days)일)."
    }

    func malformedDay(_ field: String, _ given: String) -> String {
        isEnglish
            ? "\(field) must be a day as YYYY-MM-DD, e.g. 2024-03-15 (got “\(given)”)."
            : "\(field)은 2024-03-15처럼 YYYY-MM-DD 형식의 날짜여야 합니다(입력: “\(given)”)."
    }

    func notCountedYet(latest: CalendarDate) -> String {
        isEnglish
            ? "The last day must be a day already counted; the latest is \(latest)."
            : "종료일은 이미 집계된 날이어야 합니다. 가장 최근 날짜는 \(latest)입니다."
    }

    func beforeData(earliest: CalendarDate) -> String {
        isEnglish ? "The first day must not be before \(earliest)." : "시작일은 \(earliest) 이후여야 합니다."
    }

    func tooLong(maximumDays: Int) -> String {
        let days = NumberFormatting.thousands(maximumDays)
        return isEnglish
            ? "A backfill covers at most 3 years (\(days) days); split the range."
            : "한 작업은 최대 3년(\(days)일)까지입니다. 기간을 나누어 주세요."
    }

    /// "그 밖에 5건" / "and 5 more".
    func moreFailures(_ count: Int) -> String {
        isEnglish ? "and \(NumberFormatting.thousands(count)) more" : "그 밖에 \(NumberFormatting.thousands(count))건"
    }

    /// "실패 3건" / "3 failed".
    func failureCount(_ count: Int) -> String {
        isEnglish ? "\(NumberFormatting.thousands(count)) failed" : "실패 \(NumberFormatting.thousands(count))건"
    }

    /// A localized message for a range the service refuses.
    func problem(_ problem: BackfillRangeProblem) -> String {
        switch problem {
        case .reversed: return reversed
        case .notCountedYet(let latest): return notCountedYet(latest: latest)
        case .beforeData(let earliest): return beforeData(earliest: earliest)
        case .tooLong(let days): return tooLong(maximumDays: days)
        }
    }
}
