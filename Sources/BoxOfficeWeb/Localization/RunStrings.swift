import BoxOfficeCore
import BoxOfficeText

/// The words of a film's run that only its page says (`run.t.…` in `movie_run`), in Korean and English; the words
/// it shares with `boxoffice run` are `words` (`run.t.words.…`), from `BoxOfficeText`.
struct RunStrings: Sendable {
    let isEnglish: Bool
    /// The words the page shares with `boxoffice run`.
    let words: RunWords
    let title, figuresCaption, milestonesTitle, notReached, paceTitle, paceTableCaption, compareTitle: String
    let compareLabel, compareButton, compareHint, removeLabel, noMatches, matchesTitle, addLabel, legendExact: String
    let partialWeekend, jsonLink, reReleaseNote, outlookCaption: String

    static let korean = RunStrings(english: false)
    static let english = RunStrings(english: true)

    static func table(for language: Language) -> RunStrings { language == .english ? english : korean }

    private init(english en: Bool) {
        isEnglish = en
        words = en ? .english : .korean
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }
        title = t("흥행 기록", "The run")
        figuresCaption = t("보관된 차트로 본 흥행 기록", "The run from the archived charts")
        milestonesTitle = t("관객 돌파", "Milestones")
        notReached = t("보관된 첫 상영 기간에 이른 관객 돌파가 없습니다.", "No milestone reached in the archived first run.")
        paceTitle = t("누적 관객 추이 (개봉일 기준)", "Pace: cumulative admissions by day of run")
        paceTableCaption = t("날짜별 누적 관객 표", "The pace as a table")
        compareTitle = t("다른 영화와 비교", "Compare with other films")
        compareLabel = t("비교할 영화 제목", "Title of a film to compare")
        compareButton = t("찾기", "Find")
        compareHint = t("보관된 차트에 오른 영화를 최대 4편까지 비교할 수 있습니다.", "Up to 4 films from the archived charts.")
        removeLabel = t("비교에서 빼기", "Remove from the comparison")
        noMatches = t("보관된 차트에서 이 제목의 영화를 찾지 못했습니다.", "No film with this title in the archived charts.")
        matchesTitle = t("찾은 영화", "Films found")
        addLabel = t("비교에 더하기", "Add to the comparison")
        legendExact = t("표시 없는 수는 정확한 값입니다.", "Figures without a mark are exact.")
        partialWeekend = t("토·일요일 개봉이라 온전한 주말이 아닙니다.", "It opened on a Saturday or Sunday: not a whole weekend.")
        jsonLink = t("JSON으로 보기", "As JSON")
        reReleaseNote = t("재개봉 기간은 누적에만 더했습니다.", "Re-releases count in the totals only.")
        outlookCaption = t("비교한 영화와 누적 관객수", "The films compared and their totals")
    }

    /// The median line's label: `1000만 영화 중앙값 (12편)`, `Median of 12 films to 10 million`.
    func medianLabel(films: Int, threshold: Int64) -> String {
        let milestone = words.milestone(threshold)
        return isEnglish ? "Median of \(films) films to \(milestone)" : "\(milestone) 영화 중앙값 (\(films)편)"
    }

    /// An axis label: `12일째`, `day 12`.
    func axisDay(_ day: Int) -> String { isEnglish ? "day \(day)" : "\(day)일째" }

    /// The chart's description: where the film stands at its latest known day.
    func paceDescription(title: String, day: Int, audience: Int64, compared: Int) -> String {
        let people = isEnglish ? NumberFormatting.thousands(audience) : NumberFormatting.koreanCount(audience)
        if isEnglish {
            let others = compared == 0 ? "" : ", beside \(compared) other film\(compared == 1 ? "" : "s")"
            return "\(title) had \(people) admissions by day \(day) of its run\(others)."
        }
        let others = compared == 0 ? "" : " (다른 영화 \(compared)편과 비교)"
        return "\(title): 개봉 \(day)일째까지 누적 관객 \(people)명\(others)."
    }

    /// The chart's description for a film the archive holds only before its opening day (previews): no line yet.
    func pacePreviewDescription(title: String, audience: Int64) -> String {
        let people = isEnglish ? NumberFormatting.thousands(audience) : NumberFormatting.koreanCount(audience)
        return isEnglish
            ? "\(title) had \(people) admissions in previews; the archive holds no day of its run from opening yet."
            : "\(title): 개봉 전 상영으로 누적 관객 \(people)명. 개봉일부터의 기록은 아직 보관되지 않았습니다."
    }
}
