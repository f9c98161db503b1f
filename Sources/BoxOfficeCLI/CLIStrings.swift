import BoxOfficeCore
import BoxOfficeText
import Foundation
import KOBIS

/// Every word the `boxoffice` command prints, in Korean and English: table headers and notes, sync progress and
/// summaries, and the lines of serve, migrate, admin and simulate-kobis. Errors about the domain's typed reasons
/// come from `ReasonText`, and KOBIS's own words (genres, nations, grades, …) from `KOBISVocabulary`; JSON and CSV
/// never change with the language. Properties are fixed words; words with numbers or names are methods.
struct CLIStrings: Sendable {
    let isEnglish: Bool

    // Charts.
    let rankHeader, changeHeader, filmHeader, audienceHeader, periodAudienceHeader, totalAudienceHeader: String
    let salesShareHeader, screensHeader, koreanFilms, foreignFilms, diversityFilms, commercialFilms: String
    let sampleData, staleChart, noFiguresYet: String
    let weekdayNames: [String]
    // Period charts (`top`) and the archive's coverage.
    let shareHeader, daysHeader, bestRankHeader, nationHeader, koreanNation, foreignNation, unknownNation: String
    let koreanShare, foreignShare, unknownShare, emptyArchive: String
    // Movies and search.
    let codeLabel, titleLabel, englishTitleLabel, koreanTitleLabel, originalTitleLabel, runtimeLabel: String
    let productionYearLabel, openDateLabel, statusLabel, typeLabel, nationsLabel, genresLabel, gradesLabel: String
    let directorsLabel, castLabel, showTypesLabel, sourceLabel, noteLabel, staleMovie: String
    let openedHeader, directorHeader, genreHeader, noMoviesFound, searchNeedsWords: String
    // Sync.
    let nationsAlreadyKnown, archiveComplete, interruptNotice: String
    let etaWord, tookWord, chartsWord, filmsWord, listsWord, callsWord: String
    // Commands and notices.
    let sampleModeNotice, noAdministrators, usernameMissing, invalidArguments: String

    static let korean = CLIStrings(english: false)
    static let english = CLIStrings(english: true)

    static func table(for language: Language) -> CLIStrings {
        language == .english ? english : korean
    }

    private init(english en: Bool) {
        isEnglish = en
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }

        rankHeader = t("순위", "Rank")
        changeHeader = t("변동", "Change")
        filmHeader = t("영화", "Film")
        audienceHeader = t("관객수", "Audience")
        periodAudienceHeader = t("기간 관객수", "Period audience")
        totalAudienceHeader = t("누적 관객수", "Total audience")
        salesShareHeader = t("매출 점유율", "Sales share")
        screensHeader = t("스크린", "Screens")
        koreanFilms = t("한국영화", "Korean films")
        foreignFilms = t("외국영화", "Foreign films")
        diversityFilms = t("다양성영화", "Diversity films")
        commercialFilms = t("상업영화", "Commercial films")
        sampleData = t("샘플 데이터", "sample data")
        staleChart = t("저장된 차트입니다.", "The stored chart.")
        noFiguresYet = t("아직 집계되지 않았습니다.", "No figures for this period yet.")
        weekdayNames = [
            t("월", "Mon"), t("화", "Tue"), t("수", "Wed"), t("목", "Thu"), t("금", "Fri"), t("토", "Sat"), t("일", "Sun"),
        ]

        shareHeader = t("점유율", "Share")
        daysHeader = t("일수", "Days")
        bestRankHeader = t("최고 순위", "Best rank")
        nationHeader = t("국적", "Nation")
        koreanNation = t("한국", "Korean")
        foreignNation = t("외국", "Foreign")
        unknownNation = t("미확인", "unknown")
        koreanShare = t("한국영화", "Korean films")
        foreignShare = t("외국영화", "Foreign films")
        unknownShare = t("국적 미확인", "Nation unknown")
        emptyArchive = t("보관된 차트가 없습니다.", "The archive holds no chart for this period.")

        codeLabel = t("코드", "Code")
        titleLabel = t("제목", "Title")
        englishTitleLabel = t("영문 제목", "English title")
        koreanTitleLabel = t("한국어 제목", "Korean title")
        originalTitleLabel = t("원제", "Original title")
        runtimeLabel = t("상영시간", "Running time")
        productionYearLabel = t("제작연도", "Production year")
        openDateLabel = t("개봉일", "Release date")
        statusLabel = t("상태", "Status")
        typeLabel = t("유형", "Type")
        nationsLabel = t("국가", "Nations")
        genresLabel = t("장르", "Genres")
        gradesLabel = t("관람등급", "Rating")
        directorsLabel = t("감독", "Directors")
        castLabel = t("출연", "Cast")
        showTypesLabel = t("상영형태", "Formats")
        sourceLabel = t("출처", "Source")
        noteLabel = t("참고", "Note")
        staleMovie = t("저장된 정보입니다.", "The stored details.")
        openedHeader = t("개봉", "Released")
        directorHeader = t("감독", "Director")
        genreHeader = t("장르", "Genre")
        noMoviesFound = t("검색 결과가 없습니다.", "No movies found.")
        searchNeedsWords = t(
            "찾을 제목을 적어 주세요 (또는 --director, --year).", "Give a title (or --director, --year) to search for.")

        nationsAlreadyKnown = t(
            "영화 국적: 모든 영화의 국적이 이미 보관함에 있습니다.", "film nations: every film's nation is already in the archive.")
        archiveComplete = t("보관함에 기간의 모든 날이 있습니다.", "The archive holds every day of the range.")
        interruptNotice = t(
            "boxoffice: 진행 중인 호출이 끝나면 멈춥니다 (바로 끝내려면 Ctrl-C를 한 번 더 누르세요)",
            "boxoffice: stopping after the calls in flight (press Ctrl-C again to quit now)")
        etaWord = t("남은 시간", "ETA")
        tookWord = t("걸린 시간", "in")
        chartsWord = t("차트", "charts")
        filmsWord = t("영화", "films")
        listsWord = t("목록", "lists")
        callsWord = t("호출", "calls")

        sampleModeNotice = t(
            "참고: 샘플 모드입니다 (KOBIS_API_KEY가 없습니다). 내장 시뮬레이터의 가상 데이터입니다.",
            "note: sample mode (KOBIS_API_KEY is not set): fictional data from the built-in simulator.")
        noAdministrators = t("관리자가 없습니다", "no administrators")
        usernameMissing = t("계정 아이디를 적어 주세요.", "Give the account's username.")
        invalidArguments = t("인자가 올바르지 않습니다", "invalid arguments")
    }

    /// Korean first, as in the table above.
    private func t(_ korean: String, _ english: String) -> String { isEnglish ? english : korean }

    private func number(_ value: Int) -> String { NumberFormatting.thousands(value) }

    // MARK: Charts

    /// "2024-03-15 (금)" / "2024-03-15 (Fri)".
    func dayLabel(_ date: CalendarDate) -> String {
        "\(date.isoString) (\(weekdayNames[date.isoWeekday - 1]))"
    }

    /// "일별 박스오피스 2024-03-15 (금)", "주말 박스오피스 2024-03-15 (금) ~ 2024-03-17 (일)".
    func chartTitle(_ kind: ChartKind, _ range: DateRange) -> String {
        let span = "\(dayLabel(range.start)) ~ \(dayLabel(range.end))"
        switch kind {
        case .daily: return t("일별 박스오피스 ", "Daily box office ") + dayLabel(range.start)
        case .week: return t("주간 박스오피스 ", "Weekly box office ") + span
        case .weekend: return t("주말 박스오피스 ", "Weekend box office ") + span
        case .weekdays: return t("주중 박스오피스 ", "Weekday box office ") + span
        }
    }

    /// "2024년 11주차" / "Week 11, 2024".
    func isoWeek(year: Substring, week: Int) -> String {
        t("\(year)년 \(week)주차", "Week \(week), \(year)")
    }

    /// The region filter's note: "지역 0105001" / "region 0105001".
    func region(_ code: String) -> String {
        t("지역 \(code)", "region \(code)")
    }

    /// The mark beside a rank: `신작` / `NEW`, `▲2`, `▼1`, `-`.
    func rankChange(_ change: RankChange) -> String {
        switch change {
        case .new: return t("신작", "NEW")
        case .up(let steps): return "▲\(steps)"
        case .down(let steps): return "▼\(steps)"
        case .same: return "-"
        }
    }

    // MARK: Period charts and coverage

    /// "기간 박스오피스 2024-03-01 (금) ~ 2024-03-31 (일)".
    func periodTitle(_ range: DateRange) -> String {
        t("기간 박스오피스 ", "Box office by period ") + "\(dayLabel(range.start)) ~ \(dayLabel(range.end))"
    }

    /// What starts a note on stderr, as the sample-mode and archive-gap notes start.
    var notePrefix: String { isEnglish ? "note: " : "참고: " }

    /// "10/31일 보관" / "10/31 days archived".
    func archivedDays(_ archived: Int, of days: Int) -> String {
        let archived = NumberFormatting.thousands(archived)
        let days = NumberFormatting.thousands(days)
        return t("\(archived)/\(days)일 보관", "\(archived)/\(days) days archived")
    }

    /// The line under a period table: its audience, then the nation shares.
    func periodAudience(_ audience: Int64, shares: [String]) -> String {
        let count = isEnglish ? NumberFormatting.thousands(audience) : NumberFormatting.koreanCount(audience)
        return ([t("관객 \(count)명 (일별 상위 10위 합계)", "Admissions \(count) (sum of the daily top 10s)")] + shares)
            .joined(separator: " · ")
    }

    /// The archive lacks some days of a period; `runs` lists them.
    func coverageGap(missing: Int, of days: Int, runs: String) -> String {
        t(
            "참고: 보관함에 \(number(days))일 중 \(number(missing))일이 없습니다 (\(runs)). 수치는 보관된 날만 셉니다.",
            "note: the archive lacks \(number(missing)) of \(number(days)) days (\(runs)); figures cover the archived days only."
        )
    }

    func fillGap(_ command: String) -> String {
        t("빈 날은 다음 명령으로 채울 수 있습니다: \(command)", "Fill the gap with: \(command)")
    }

    // MARK: Movies and search

    /// The table's language.
    var language: Language { isEnglish ? .english : .korean }

    /// KOBIS's words (genres, nations, grades, statuses, types, company parts, formats) in the table's language.
    var vocabulary: KOBISVocabulary { KOBISVocabulary.table(for: language) }

    /// A title or a person's name as KOBIS gives it, led by its English form in English (as on English pages).
    func leading(_ korean: String, _ english: String) -> LeadingName {
        LeadingName(korean: korean, english: english, language: language)
    }

    /// A credited person: "봉준호" / "Bong Joon-ho (봉준호)", the Korean name beside an English one.
    func person(_ name: LeadingName) -> String {
        name.beside.map { "\(name.name) (\($0))" } ?? name.name
    }

    /// An actor and the role: "송강호 (박두만)" / "Song Kang-ho (송강호) as Park Doo-man".
    func castMember(_ name: String, role: String) -> String {
        role.isEmpty ? name : t("\(name) (\(role))", "\(name) as \(role)")
    }

    /// "137분" / "137 min".
    func minutes(_ value: Int) -> String { t("\(value)분", "\(value) min") }

    /// After the first actors: " 외 4명" / " and 4 more".
    func moreActors(_ count: Int) -> String { t(" 외 \(count)명", " and \(count) more") }

    /// "32편 중 1/4 페이지" / "Page 1 of 4 (32 films)".
    func searchPage(total: Int, page: Int, pages: Int) -> String {
        t("\(number(total))편 중 \(page)/\(pages) 페이지", "Page \(page) of \(pages) (\(number(total)) films)")
    }

    // MARK: Sync

    /// What a sync item is, in progress and failure lines: a day as itself, other charts and films in words.
    func item(_ item: SyncItem) -> String { reasons.syncItem(item) }

    /// Why a sync item failed or the run stopped.
    func problem(_ problem: SyncProblem) -> String { reasons.sync(problem) }

    private var reasons: ReasonText { ReasonText(language) }

    /// `serve` could not listen on `address`, and what to do.
    func cannotListen(_ failure: ListenFailure, address: String) -> String {
        switch failure {
        case .addressInUse:
            t(
                "다른 프로그램이 이미 \(address)에서 대기하고 있습니다. --port로 다른 포트를 고르세요 (0이면 빈 포트).",
                "\(address) is in use by another program. Choose another port with --port (0 picks a free one).")
        case .permissionDenied:
            t(
                "\(address)에서 대기할 권한이 없습니다. 1024 이상의 포트를 고르세요.",
                "No permission to listen on \(address). Choose a port of 1024 or more.")
        case .addressUnavailable:
            t(
                "이 컴퓨터에는 \(address) 주소가 없습니다. --hostname(또는 BOXOFFICE_HOSTNAME)을 확인해 주세요.",
                "This machine has no address \(address). Check --hostname (or BOXOFFICE_HOSTNAME).")
        }
    }

    /// The note on a stored chart or film shown because KOBIS failed, and why.
    func stale(_ shown: String, because reason: KOBISError?) -> String { reasons.stale(shown, because: reason) }

    /// "sync 2024-01-01 – 2024-01-31: 31 of 31 charts fetched (31 missing, 0 provisional); 0 already settled."
    func chartsLine(_ report: SyncReport) -> String {
        let plan = report.plan
        let span = "\(report.request.range.start) – \(report.request.range.end)"
        let recent = plan.recentlyFetched
        return isEnglish
            ? "sync \(span): \(report.chartsStored) of \(plan.items.count) charts fetched"
                + " (\(plan.missing) missing, \(plan.provisional) provisional); \(plan.settled) already settled"
                + (recent > 0 ? ", \(recent) fetched in the last minutes" : "") + "."
            : "sync \(span): 차트 \(plan.items.count)개 중 \(report.chartsStored)개를 받았습니다"
                + " (없던 것 \(plan.missing), 잠정 \(plan.provisional)). 이미 확정된 것 \(plan.settled)개"
                + (recent > 0 ? ", 몇 분 안에 받은 것 \(recent)개" : "") + "."
    }

    /// How the films' nations were looked up.
    func nationsLine(_ report: SyncReport) -> String {
        let found = report.moviesFromLists + report.moviesFetched
        let (planned, checked) = (report.moviesPlanned, report.moviesChecked)
        return isEnglish
            ? "film nations: \(found) of \(planned) looked up" + (checked ? "" : " so far")
                + " (\(report.moviesFromLists) from \(report.listPagesFetched) movie-list page(s), "
                + "\(report.moviesFetched) from film details), \(report.moviesFromStore) from the store"
                + (checked ? "." : " (the rest when the sync continues).")
            : "영화 국적: " + (checked ? "" : "지금까지 ") + "\(planned)편 중 \(found)편 확인"
                + " (영화 목록 \(report.listPagesFetched)쪽에서 \(report.moviesFromLists)편, "
                + "영화 정보에서 \(report.moviesFetched)편), 보관함에서 \(report.moviesFromStore)편"
                + (checked ? "." : " (나머지는 sync를 이어서 할 때).")
    }

    /// "KOBIS calls: 370 (2 retries) of a budget of 3,000."
    func callsLine(calls: Int, retries: Int, budget: Int) -> String {
        t(
            "KOBIS 호출: \(number(calls))번 (재시도 \(retries)번), 한도 \(number(budget))번.",
            "KOBIS calls: \(number(calls)) (\(retries) retries) of a budget of \(number(budget)).")
    }

    func filmsWithoutDetails(_ count: Int) -> String { reasons.syncFilmsWithoutDetails(count) }

    func quotaReached(_ usage: QuotaUsage?) -> String { reasons.syncQuotaReached(usage) }

    func chartsNotCounted(_ count: Int) -> String {
        t(
            "최근 차트 \(count)개는 KOBIS가 아직 집계하지 않았습니다. 다음 실행에서 받습니다.",
            "\(count) recent chart(s) are not counted by KOBIS yet; a later run fetches them.")
    }

    /// What a stopped sync left: "6 item(s) left (4 chart(s), 2 film(s))".
    func itemsLeft(_ report: SyncReport) -> String {
        t(
            "남은 항목 \(report.notAttempted)개 (차트 \(report.notAttemptedCharts)개, 영화 \(report.notAttemptedMovies)편)",
            "\(report.notAttempted) item(s) left (\(report.notAttemptedCharts) chart(s), "
                + "\(report.notAttemptedMovies) film(s))")
    }

    func stoppedAtBudget(_ budget: Int, left: String) -> String {
        t(
            "호출 예산 \(number(budget))번에서 멈췄습니다: \(left). KOBIS 키 하나로 하루 3,000번 부를 수 있습니다. "
                + "내일 이어서 하거나 --budget을 늘려 주세요.",
            "Stopped at the call budget of \(number(budget)): \(left). "
                + "KOBIS allows 3,000 calls a day per key; continue tomorrow or with a larger --budget.")
    }

    func interrupted(left: String) -> String {
        t(
            "중단했습니다: \(left). 지금까지 받은 것은 모두 저장되었습니다.",
            "Interrupted: \(left); everything fetched so far is stored.")
    }

    func stoppedAfterFailures(_ count: Int, last message: String) -> String {
        t(
            "연달아 \(count)번 실패해 멈췄습니다 (마지막: \(message)).",
            "Stopped after \(count) failures in a row (last: \(message)).")
    }

    func itemsFailed(_ count: Int) -> String {
        t("항목 \(count)개가 실패했습니다 (stderr에 있습니다).", "\(count) item(s) failed (listed on stderr).")
    }

    func continueWith(_ command: String) -> String {
        t("이어서 하려면: \(command)", "Continue with: \(command)")
    }

    /// The first progress line of a run.
    func syncStart(charts: Int, skipped: Int) -> String {
        t(
            "sync: 받을 차트 \(charts)개, 이미 보관된 것 \(skipped)개. 보관함에 처음 나오는 영화의 정보도 함께 받습니다 (한국·외국영화 비율용)",
            "sync: \(charts) chart\(charts == 1 ? "" : "s") to fetch, \(skipped) already archived;"
                + " details of films new to the archive are fetched alongside (for Korean vs foreign share)")
    }

    func syncStopping(_ reason: SyncStopReason) -> String {
        switch reason {
        case .budget(let budget):
            return t(
                "sync: 호출 예산(\(number(budget))번)을 다 썼습니다. 멈춥니다",
                "sync: the call budget (\(number(budget))) is used up; stopping")
        case .quotaReached:
            return t("sync: 오늘의 KOBIS 호출 한도에 닿았습니다. 멈춥니다", "sync: today's KOBIS quota is reached; stopping")
        case .interrupted: return interruptNotice
        case .repeatedFailures(let count, _):
            return t("sync: 연달아 항목 \(count)개가 실패했습니다. 멈춥니다", "sync: \(count) items failed in a row; stopping")
        case .fatal(let problem): return "sync: \(self.problem(problem))"
        }
    }

    func itemFailed(_ item: String, _ message: String) -> String {
        t("실패 \(item): \(message)", "failed \(item): \(message)")
    }

    func retrying(_ item: String, attempt: Int, after delay: String, _ message: String) -> String {
        t(
            "\(item) 다시 시도 (\(attempt)번째), \(delay) 뒤: \(message)",
            "retrying \(item) (attempt \(attempt)) in \(delay): \(message)")
    }

    /// A duration: "1.5초" / "1.5 s"; `value` is already formatted.
    func seconds(_ value: String) -> String { t("\(value)초", "\(value) s") }

    // MARK: Commands

    /// The line `serve` prints once it listens (tests read the address from it).
    func serverRunning(_ url: String, sampleMode: Bool) -> String {
        t(
            "BoxOffice가 \(url) 에서 실행 중입니다"
                + (sampleMode ? " (샘플 모드: 가상의 데이터입니다. 실제 차트를 보려면 KOBIS_API_KEY를 설정하세요)" : ""),
            "BoxOffice is running at \(url)"
                + (sampleMode ? " (sample mode: fictional data; set KOBIS_API_KEY for real charts)" : ""))
    }

    func databaseUpToDate(_ location: String) -> String {
        t("데이터베이스가 최신 상태입니다: \(location)", "database is up to date: \(location)")
    }

    func migrationFailed(_ location: String, _ reason: String) -> String {
        t("\(location) 마이그레이션에 실패했습니다: \(reason)", "migration failed on \(location): \(reason)")
    }

    func simulatorServing(_ url: String, fault: String, latencyMilliseconds: Int) -> String {
        t(
            "simulate-kobis: \(url) 에서 KOBIS를 흉내 냅니다 (장애: \(fault), 지연: \(latencyMilliseconds) ms)",
            "simulate-kobis: serving KOBIS at \(url) (fault: \(fault), latency: \(latencyMilliseconds) ms)")
    }

    func simulatorServed(_ calls: Int) -> String {
        t("simulate-kobis: KOBIS 호출 \(calls)번에 답했습니다", "simulate-kobis: served \(calls) KOBIS calls")
    }

    func nowAdministrator(_ name: String) -> String {
        t("\(name) 계정이 이제 관리자입니다.", "\(name) is now an administrator.")
    }

    func noLongerAdministrator(_ name: String) -> String {
        t("\(name) 계정은 이제 관리자가 아닙니다.", "\(name) is no longer an administrator.")
    }

    func noAccount(_ name: String) -> String {
        t("\"\(name)\" 아이디의 계정이 없습니다 (먼저 웹에서 가입하세요).", "No account is named \"\(name)\" (sign up on the web first).")
    }
}
