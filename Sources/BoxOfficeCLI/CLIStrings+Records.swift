import BoxOfficeCore
import BoxOfficeText

// The words of `boxoffice records`, in Korean and English (CLIStrings.swift holds the rest; the milestone names, days
// of run, counts of days, admissions and legs are `runWords`, as on the film page).
extension CLIStrings {
    private func say(_ korean: String, _ english: String) -> String { isEnglish ? english : korean }

    func recordsListTitle(_ order: RecordOrder, threshold: Int64?) -> String {
        switch order {
        case .fastest: return runWords.fastest(threshold ?? RecordsQuery.defaultThreshold)
        case .audience: return say("누적 관객 순위", "The largest totals by admissions")
        case .sales: return say("누적 매출 순위", "The largest totals by sales")
        case .longestStreak: return say("가장 긴 연속 1위", "Longest unbroken runs at #1")
        case .daysAtNumberOne: return say("1위를 가장 오래 한 영화", "Most days at #1")
        case .legs: return say("뒷심이 가장 좋은 영화 (개봉 주말 10만 명 이상)", "Best legs (opening weekend 100,000+)")
        case .secondWeekendDrop:
            return say(
                "둘째 주말 감소율이 가장 큰 영화 (개봉 주말 10만 명 이상)", "Steepest second-weekend drops (opening weekend 100,000+)")
        }
    }

    var recordsRankHeader: String { say("순위", "Rank") }
    var recordsFilmHeader: String { say("영화", "Film") }
    var recordsOpenHeader: String { say("개봉일", "Opened") }
    var recordsReachedHeader: String { say("도달일", "Reached on") }
    var recordsAudienceHeader: String { say("누적 관객", "Admissions") }
    var recordsSalesHeader: String { say("누적 매출", "Sales") }
    var recordsStreakHeader: String { say("연속 1위", "In a row") }
    var recordsWhenHeader: String { say("기간", "When") }
    var recordsDaysAtOneHeader: String { say("1위 일수", "Days at #1") }
    var recordsTop10Header: String { say("10위 안 일수", "Days in top 10") }
    var recordsOpeningHeader: String { say("개봉 주말", "Opening weekend") }
    var recordsLegsHeader: String { say("배수", "Legs") }
    var recordsDropHeader: String { say("둘째 주말 감소율", "Second-weekend drop") }
    var recordsEmpty: String { say("조건에 맞는 보관된 영화가 없습니다.", "The archive holds no film that qualifies.") }
    var recordsLegend: String {
        say(
            "≈는 보관된 차트로는 그 범위 안의 어느 날인지만 알 수 있다는 뜻(범위의 끝으로 정렬), ≥는 보관된 마지막 날 기준이라 실제는 그 이상.",
            "≈: the archive pins the day to a range (ordered by its end); ≥: as of the last archived day, the truth may be larger."
        )
    }
}
