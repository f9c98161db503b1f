import BoxOfficeCore
import BoxOfficeText

/// Every fixed piece of text on the chart pages and the shared page frame, in Korean (the default) and English.
/// Templates read the stored properties; words with numbers, dates or names are methods.
struct PageStrings: Sendable {
    let isEnglish: Bool

    let siteName, dailyTab, weeklyTab, dailyTitle, weeklyTitle: String
    let previousDay, nextDay, previousWeek, nextWeek, dateLabel: String
    let nationLabel, nationAll, nationKorean, nationForeign: String
    let multiLabel, multiAll, multiCommercial, multiDiversity, regionLabel, regionAll, show: String
    let todayAudience, totalAudience, sampleBanner, staleNotice, emptyState, chartLabel, retry: String
    // The chart list's layout switch, refresh control, loading indicator and pull-to-refresh cue.
    let viewSwitchLabel, viewList, viewGrid, refresh, loading, refreshed, refreshFailed: String
    let pullToRefresh, releaseToRefresh: String
    let backToCharts, errorTitle, weekRange, weekendRange, weekdaysRange: String
    let otherLanguage, otherLanguageCode, footerCredit, skipToContent: String
    let weekdayNames: [String]
    /// The period page and movie trend (archive).
    let archive: ArchiveStrings
    /// The installed app: offline notice, new version, install hint, notes waiting on the device.
    let app: AppShellStrings

    static let korean = PageStrings(english: false)
    static let english = PageStrings(english: true)

    static func table(for language: Language) -> PageStrings {
        language == .english ? english : korean
    }

    private init(english en: Bool) {
        isEnglish = en
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }

        siteName = t("박스오피스", "Box Office")
        skipToContent = t("본문으로 건너뛰기", "Skip to content")
        dailyTab = t("일별", "Daily")
        weeklyTab = t("주간", "Weekly")
        dailyTitle = t("일별 박스오피스", "Daily box office")
        weeklyTitle = t("주간 박스오피스", "Weekly box office")
        previousDay = t("이전 날", "Previous day")
        nextDay = t("다음 날", "Next day")
        previousWeek = t("이전 주", "Previous week")
        nextWeek = t("다음 주", "Next week")
        dateLabel = t("날짜", "Date")
        nationLabel = t("국적", "Nation")
        nationAll = t("전체", "All")
        nationKorean = t("한국영화", "Korean films")
        nationForeign = t("외국영화", "Foreign films")
        multiLabel = t("구분", "Type")
        multiAll = t("전체", "All")
        multiCommercial = t("상업영화", "Commercial")
        multiDiversity = t("다양성영화", "Diversity")
        regionLabel = t("지역", "Region")
        regionAll = t("전국", "Nationwide")
        show = t("보기", "Show")
        todayAudience = t("오늘", "Today")
        totalAudience = t("총", "Total")
        sampleBanner = t(
            "샘플 데이터입니다: 실제 KOBIS 자료가 아닌 가상의 영화입니다.", "Sample data: fictional films, not real KOBIS figures.")
        staleNotice = ReasonText(en ? .english : .korean).staleFigures
        emptyState = t("아직 집계되지 않았습니다", "Not counted yet")
        chartLabel = t("순위표", "Chart")
        retry = t("다시 시도", "Try again")
        viewSwitchLabel = t("보기 방식", "Layout")
        viewList = t("목록", "List")
        viewGrid = t("포스터", "Posters")
        refresh = t("새로고침", "Refresh")
        loading = t("불러오는 중…", "Loading…")
        refreshed = t("순위표를 새로 불러왔습니다.", "Chart updated.")
        refreshFailed = t(
            "새로고침하지 못했습니다. 아래 순위표는 이전 그대로입니다.", "Could not refresh; the chart below is unchanged.")
        pullToRefresh = t("당겨서 새로고침", "Pull to refresh")
        releaseToRefresh = t("놓으면 새로고침", "Release to refresh")
        backToCharts = t("박스오피스로 돌아가기", "Back to the charts")
        errorTitle = t("오류", "Error")
        weekRange = t("주간", "Week")
        weekendRange = t("주말", "Weekend")
        weekdaysRange = t("주중", "Weekdays")
        otherLanguage = t("English", "한국어")
        otherLanguageCode = t("en", "ko")
        footerCredit = t("KOBIS Open API · 영화진흥위원회", "KOBIS Open API · Korean Film Council")
        weekdayNames = [
            t("월", "Mon"), t("화", "Tue"), t("수", "Wed"), t("목", "Thu"), t("금", "Fri"), t("토", "Sat"), t("일", "Sun"),
        ]
        archive = en ? .english : .korean
        app = en ? .english : .korean
    }

    /// "2024년 11주차" / "Week 11, 2024" from a KOBIS `YYYYWW` label.
    func isoWeekLabel(_ yearWeek: String) -> String {
        guard yearWeek.count == 6, let year = Int(yearWeek.prefix(4)), let week = Int(yearWeek.suffix(2)) else {
            return yearWeek
        }
        return isEnglish ? "Week \(week), \(year)" : "\(year)년 \(week)주차"
    }

    /// "2024-03-15 (금)".
    func dayLabel(_ date: CalendarDate) -> String {
        "\(date.isoString) (\(weekdayNames[date.isoWeekday - 1]))"
    }

    /// The label of a weekly range's audience column ("주간", "Weekend", …).
    func periodAudience(_ range: WeeklyRange) -> String {
        switch range {
        case .week: return weekRange
        case .weekend: return weekendRange
        case .weekdays: return weekdaysRange
        }
    }

    /// A chart row's audience: "오늘 64,050 / 총 6,252,827" / "Weekend 64,050 / Total 6,252,827".
    func audienceLine(_ periodLabel: String, audience: Int64, total: Int64) -> String {
        "\(periodLabel) \(NumberFormatting.thousands(audience)) / \(totalAudience) \(NumberFormatting.thousands(total))"
    }

    /// The mark beside a rank: `신작` / `NEW`, `▲2`, `▼1`, `-`.
    func rankChange(_ change: RankChange) -> String {
        switch change {
        case .new: return isEnglish ? "NEW" : "신작"
        case .up(let steps): return "▲\(steps)"
        case .down(let steps): return "▼\(steps)"
        case .same: return "-"
        }
    }

    /// What a screen reader says for a rank: "3위, 2계단 상승" / "Rank 3, up 2".
    func spokenRank(_ rank: Int, change: RankChange) -> String {
        switch change {
        case .new: return isEnglish ? "Rank \(rank), new entry" : "\(rank)위, 신작"
        case .up(let steps): return isEnglish ? "Rank \(rank), up \(steps)" : "\(rank)위, \(steps)계단 상승"
        case .down(let steps): return isEnglish ? "Rank \(rank), down \(steps)" : "\(rank)위, \(steps)계단 하락"
        case .same: return isEnglish ? "Rank \(rank), no change" : "\(rank)위, 변동 없음"
        }
    }
}
