import BoxOfficeCore

/// Every fixed piece of page text, one table per language (Korean is the default).
struct PageStrings: Sendable {
    var siteName: String
    var dailyTab: String
    var weeklyTab: String
    var dailyTitle: String
    var weeklyTitle: String
    var previousDay: String
    var nextDay: String
    var previousWeek: String
    var nextWeek: String
    var dateLabel: String
    var nationLabel: String
    var nationAll: String
    var nationKorean: String
    var nationForeign: String
    var multiLabel: String
    var multiAll: String
    var multiCommercial: String
    var multiDiversity: String
    var regionLabel: String
    var regionAll: String
    var show: String
    var todayAudience: String
    var totalAudience: String
    var sampleBanner: String
    var staleNotice: String
    var emptyState: String
    var chartLabel: String
    var retry: String
    // The chart list's layout switch, refresh control, loading indicator and pull-to-refresh cue.
    var viewSwitchLabel: String
    var viewList: String
    var viewGrid: String
    var refresh: String
    var loading: String
    var refreshed: String
    var refreshFailed: String
    var pullToRefresh: String
    var releaseToRefresh: String
    var backToCharts: String
    var errorTitle: String
    var weekRange: String
    var weekendRange: String
    var weekdaysRange: String
    var otherLanguage: String
    var otherLanguageCode: String
    var weekdayNames: [String]
    /// The period page and movie trend (archive).
    var archive: ArchiveStrings

    static func table(for language: Language) -> PageStrings {
        switch language {
        case .korean: return korean
        case .english: return english
        }
    }

    /// "2024년 11주차" / "Week 11, 2024" from a KOBIS `YYYYWW` label.
    func isoWeekLabel(_ yearWeek: String, language: Language) -> String {
        guard yearWeek.count == 6, let year = Int(yearWeek.prefix(4)), let week = Int(yearWeek.suffix(2)) else {
            return yearWeek
        }
        return language == .korean ? "\(year)년 \(week)주차" : "Week \(week), \(year)"
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

    static let korean = PageStrings(
        siteName: "박스오피스", dailyTab: "일별", weeklyTab: "주간", dailyTitle: "일별 박스오피스",
        weeklyTitle: "주간 박스오피스", previousDay: "이전 날", nextDay: "다음 날", previousWeek: "이전 주",
        nextWeek: "다음 주", dateLabel: "날짜", nationLabel: "국적", nationAll: "전체", nationKorean: "한국 영화",
        nationForeign: "외국 영화", multiLabel: "구분", multiAll: "전체", multiCommercial: "상업 영화",
        multiDiversity: "다양성 영화", regionLabel: "지역", regionAll: "전국", show: "보기", todayAudience: "오늘",
        totalAudience: "총", sampleBanner: "샘플 데이터입니다: 실제 KOBIS 자료가 아닌 가상의 영화입니다.",
        staleNotice: "KOBIS에 연결할 수 없어 마지막으로 저장된 자료를 보여 드립니다.",
        emptyState: "아직 집계되지 않았습니다", chartLabel: "순위표", retry: "다시 시도",
        viewSwitchLabel: "보기 방식", viewList: "목록", viewGrid: "포스터", refresh: "새로고침",
        loading: "불러오는 중…", refreshed: "순위표를 새로 불러왔습니다.",
        refreshFailed: "새로고침하지 못했습니다. 아래 순위표는 이전 그대로입니다.", pullToRefresh: "당겨서 새로고침",
        releaseToRefresh: "놓으면 새로고침",
        backToCharts: "박스오피스로 돌아가기", errorTitle: "오류", weekRange: "주간", weekendRange: "주말",
        weekdaysRange: "주중", otherLanguage: "English", otherLanguageCode: "en",
        weekdayNames: ["월", "화", "수", "목", "금", "토", "일"], archive: .korean)

    static let english = PageStrings(
        siteName: "Box Office", dailyTab: "Daily", weeklyTab: "Weekly", dailyTitle: "Daily box office",
        weeklyTitle: "Weekly box office", previousDay: "Previous day", nextDay: "Next day",
        previousWeek: "Previous week", nextWeek: "Next week", dateLabel: "Date", nationLabel: "Nation",
        nationAll: "All", nationKorean: "Korean films", nationForeign: "Foreign films", multiLabel: "Type",
        multiAll: "All", multiCommercial: "Commercial", multiDiversity: "Diversity", regionLabel: "Region",
        regionAll: "Nationwide", show: "Show", todayAudience: "Today", totalAudience: "Total",
        sampleBanner: "Sample data: fictional films, not real KOBIS figures.",
        staleNotice: "KOBIS could not be reached; showing the last stored figures.",
        emptyState: "Not counted yet", chartLabel: "Chart", retry: "Try again",
        viewSwitchLabel: "Layout", viewList: "List", viewGrid: "Posters", refresh: "Refresh", loading: "Loading…",
        refreshed: "Chart updated.", refreshFailed: "Could not refresh; the chart below is unchanged.",
        pullToRefresh: "Pull to refresh", releaseToRefresh: "Release to refresh", backToCharts: "Back to the charts",
        errorTitle: "Error", weekRange: "Week", weekendRange: "Weekend", weekdaysRange: "Weekdays",
        otherLanguage: "한국어", otherLanguageCode: "ko",
        weekdayNames: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], archive: .english)
}
