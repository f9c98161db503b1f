import BoxOfficeCore
import BoxOfficeText

// The words of `boxoffice run`, in Korean and English (CLIStrings.swift holds the rest).
extension CLIStrings {
    func runTitle(_ title: String, code: String, openDate: CalendarDate?) -> String {
        let opened = openDate.map { isEnglish ? " · opened \($0.isoString)" : " · \($0.isoString) 개봉" } ?? ""
        return "\(title) (\(code))\(opened)"
    }

    var runFigureLabels:
        (
            openingDay: String, openingWeekend: String, secondWeekend: String, drop: String, firstWeek: String,
            peak: String, top10: String, first: String, streak: String, final: String, sales: String, legs: String
        )
    {
        isEnglish
            ? (
                "Opening day", "Opening weekend", "Second weekend", "Second-weekend drop", "First week",
                "Best day", "Days in the top 10", "Days at #1", "Longest run at #1", "Total admissions",
                "Total sales", "Legs"
            )
            : (
                "개봉일 관객", "개봉 주말 관객", "둘째 주말 관객", "둘째 주말 감소율", "첫 주 누적", "최다 관객일",
                "10위 안에 든 날", "1위 한 날", "최장 연속 1위", "누적 관객", "누적 매출", "레그 (최종 ÷ 개봉 주말)"
            )
    }

    var runMilestoneHeaders: (milestone: String, date: String, day: String) {
        isEnglish ? ("Milestone", "Date", "Day of run") : ("관객 돌파", "날짜", "개봉 N일째")
    }

    func runMilestone(_ threshold: Int64) -> String {
        isEnglish ? "\(threshold / 1_000_000)M" : "\(threshold / 10_000)만"
    }

    func runDays(_ count: Int) -> String { isEnglish ? "\(count) d" : "\(count)일" }

    func runDayOfRun(_ figure: Figure) -> String {
        let low = Int(figure.low ?? figure.value)
        let high = Int(figure.high ?? figure.value)
        if low == high { return isEnglish ? "day \(low)" : "\(low)일째" }
        return isEnglish ? "≈ days \(low)–\(high)" : "≈ \(low)~\(high)일째"
    }

    func runNotice(_ reach: FilmRun.Reach) -> String? {
        switch reach {
        case .full: return nil
        case .noArchivedDay:
            return isEnglish ? "The archive holds no day of this film yet." : "보관된 차트에 이 영화가 오른 날이 아직 없습니다."
        case .noOpenDate:
            return isEnglish
                ? "KOBIS gives no opening date: no day-of-run measure." : "KOBIS에 개봉일이 없어 개봉 N일째 기준의 값은 없습니다."
        case .openedBeforeArchive:
            return isEnglish
                ? "It opened before the archive begins: exact milestones only."
                : "보관 기록이 시작되기 전에 개봉해 정확한 관객 돌파만 보여 줍니다."
        case .archivedLate:
            return isEnglish
                ? "Its first archived day is more than 60 days after it opened: no run measures."
                : "보관된 첫날이 개봉 뒤 60일이 넘어 흥행 추이를 잴 수 없습니다."
        }
    }

    var runEraNote: String {
        isEnglish ? "Before 2011 KOBIS counted only some of the screens." : "2011년 전에는 KOBIS가 일부 상영관만 집계했습니다."
    }

    var runLegend: String {
        isEnglish
            ? "≈ a range (days missing from the archive) · ≥ at least (as of the latest archived day)"
            : "≈ 범위로만 알 수 있는 값 (보관되지 않은 날) · ≥ 최소한 이만큼 (보관된 마지막 날 기준)"
    }

    func runCompared(_ title: String, day: Int, audience: Int64) -> String {
        isEnglish
            ? "Compared: \(title), \(NumberFormatting.thousands(audience)) by day \(day)"
            : "비교: \(title), 개봉 \(day)일째까지 \(NumberFormatting.thousands(audience))명"
    }

    var runOutlookTitle: String { isEnglish ? "Outlook for 10 million" : "천만 전망" }

    func runOutlookIntro(day: Int, audience: Int64, films: Int, since: Int, low: Int64, high: Int64) -> String {
        let people = NumberFormatting.thousands(audience)
        let range = NumberFormatting.thousands(low) + (isEnglish ? "–" : "~") + NumberFormatting.thousands(high)
        return isEnglish
            ? "\(people) by day \(day); compared with \(films) finished films since \(since) that had \(range) by then"
            : "개봉 \(day)일째 \(people)명; \(since)년 이후 상영을 마친 영화 중 그날 누적 \(range)명이던 \(films)편과 견줌"
    }

    func runOutlookMilestone(_ threshold: Int64, reached: Int, of films: Int, share: Double?) -> String {
        let percent = share.map { " (" + NumberFormatting.percent($0 * 100) + ")" } ?? ""
        return isEnglish
            ? "\(reached) of \(films) passed \(runMilestone(threshold))\(percent)"
            : "\(films)편 중 \(reached)편이 \(runMilestone(threshold)) 돌파\(percent)"
    }

    func runOutlookRank(_ rank: Int, of films: Int, day: Int) -> String {
        isEnglish
            ? "#\(rank) of \(films) films by admissions on day \(day)"
            : "개봉 \(day)일째 누적 관객 \(films)편 중 \(rank)위"
    }

    var runOutlookNone: String {
        isEnglish
            ? "No finished film yet with about as many admissions by that day." : "그날 누적이 비슷했던, 상영을 마친 영화가 아직 없습니다."
    }

    var runOutlookFew: String {
        isEnglish ? "Fewer than 10 films to compare with: no percentages." : "견준 영화가 10편이 안 되어 비율은 적지 않았습니다."
    }

    func runOutlookHeaders(day: Int) -> (film: String, opened: String, onDay: String, final: String) {
        isEnglish
            ? ("Film", "Opened", "By day \(day)", "Total")
            : ("영화", "개봉일", "개봉 \(day)일째 누적", "최종 관객")
    }
}
