import BoxOfficeCore
import BoxOfficeText

/// The fixed text of the records pages (`/records/…`), in Korean (the default) and English, reached from templates as
/// `r.…`. Words with numbers are methods. The words a film's run shares (milestone names, days of run, counts of days,
/// admissions, legs, the era note) are `words`, from `BoxOfficeText`, as on the film page and in the CLI.
struct RecordsStrings: Sendable {
    let isEnglish: Bool
    /// The words of a film's run these pages share.
    let words: RunWords

    let recordsTab, milestonesTab, totalsTab, streaksTab, legsTab: String
    let milestonesTitle, totalsTitle, streaksTitle, legsTitle: String
    let fastestList, audienceList, salesList, longestStreakList, daysAtNumberOneList, legsList, dropList: String
    let rankHeader, filmHeader, openHeader, reachedHeader, crossingHeader, finalAudienceHeader, finalSalesHeader: String
    let streakHeader, streakDatesHeader, daysAtOneHeader, daysInTop10Header, openingWeekendHeader, legsHeader: String
    let dropHeader, thresholdLabel, byLabel, yearLabel, nationLabel, sinceLabel, limitLabel, show, all: String
    let korean, foreign, audience, sales, legend, legsNote, streakNote, emptyList, eraNote, jsonLink, none: String
    let filtersLabel, partialWeekend: String

    static let korean = RecordsStrings(english: false)
    static let english = RecordsStrings(english: true)

    static func table(for language: Language) -> RecordsStrings { language == .english ? english : korean }

    var language: Language { isEnglish ? .english : .korean }

    private init(english en: Bool) {
        isEnglish = en
        words = en ? .english : .korean
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }
        recordsTab = t("기록", "Records")
        milestonesTab = t("최단 돌파", "Fastest")
        totalsTab = t("누적 순위", "Totals")
        streaksTab = t("1위 연속", "Streaks at #1")
        legsTab = t("뒷심", "Legs")
        milestonesTitle = t("최단 기간 관객 돌파 기록", "Fastest to a milestone")
        totalsTitle = t("누적 관객·매출 순위", "The largest totals")
        streaksTitle = t("박스오피스 1위 기록", "Records at #1")
        legsTitle = t("뒷심과 둘째 주말 감소율", "Legs and second-weekend drops")
        fastestList = t("가장 빨리 도달한 영화", "Fastest to reach it")
        audienceList = t("관객수 순위", "By admissions")
        salesList = t("매출액 순위", "By sales")
        longestStreakList = t("가장 긴 연속 1위", "Longest unbroken runs at #1")
        daysAtNumberOneList = t("1위를 가장 오래 한 영화", "Most days at #1")
        legsList = t("뒷심이 가장 좋은 영화", "Best legs")
        dropList = t("둘째 주말 감소율이 가장 큰 영화", "Steepest second-weekend drops")
        rankHeader = t("순위", "Rank")
        filmHeader = t("영화", "Film")
        openHeader = t("개봉일", "Opened")
        reachedHeader = t("도달일", "Reached on")
        crossingHeader = words.crossingHeader
        finalAudienceHeader = t("누적 관객", "Admissions")
        finalSalesHeader = t("누적 매출", "Sales")
        streakHeader = t("연속 1위", "Days in a row")
        streakDatesHeader = t("기간", "When")
        daysAtOneHeader = t("1위 일수", "Days at #1")
        daysInTop10Header = t("10위 안 일수", "Days in the top 10")
        openingWeekendHeader = t("개봉 주말 관객", "Opening weekend")
        legsHeader = t("누적 ÷ 개봉 주말", "Total ÷ opening weekend")
        dropHeader = t("둘째 주말 감소율", "Second-weekend drop")
        thresholdLabel = t("관객 기준", "Milestone")
        byLabel = t("기준", "By")
        yearLabel = t("개봉 연도", "Opened in")
        nationLabel = t("국적", "Nation")
        sinceLabel = t("개봉 연도 이후", "Opened since")
        limitLabel = t("편수", "Films")
        show = t("보기", "Show")
        all = t("전체", "All")
        korean = t("한국영화", "Korean films")
        foreign = t("외국영화", "Foreign films")
        audience = t("관객수", "Admissions")
        sales = t("매출액", "Sales")
        legend = t(
            "≈는 그 범위 안의 어느 날인지 보관된 차트로는 알 수 없다는 뜻이고(범위의 끝으로 줄을 세웁니다), "
                + "≥는 보관된 마지막 날의 누적이라 실제는 그 이상이라는 뜻입니다.",
            "≈ means the archived charts only pin the day to a range (lists order by its end); "
                + "≥ means a total as of the last archived day: the truth may be larger.")
        legsNote = t(
            "개봉 주말 관객 10만 명 이상인 영화만 셉니다.",
            "Only films with an opening weekend of 100,000 admissions or more are counted.")
        streakNote = t(
            "보관되지 않은 날이 있으면 연속 기록은 거기서 끊깁니다.",
            "A day missing from the archive ends a streak.")
        emptyList = t("조건에 맞는 보관된 영화가 없습니다.", "The archive holds no film that qualifies.")
        eraNote = words.eraNote
        jsonLink = t("JSON", "JSON")
        none = t("-", "-")
        filtersLabel = t("조건", "Filters")
        partialWeekend = t("토·일 개봉", "opened on the weekend")
    }

    /// A milestone's name: `1000만`, `10 million`.
    func threshold(_ value: Int64) -> String { words.milestone(value) }

    /// Admissions with a figure's mark: `≥ 1,761만 4,321명`, `≥ 17.6 million`.
    func people(_ figure: Figure?) -> String { figure.map(words.admissionsInUnits) ?? none }

    /// A day of run: `12일째`, `≈ 3~5일째`, `day 12`, `≈ days 3–5`.
    func crossingDay(_ figure: Figure?) -> String { figure.map(words.crossingDay) ?? none }

    /// The day a milestone was reached: `2014-08-10`, or `≈ 2014-08-08 – 2014-08-10`.
    func reached(_ crossing: MilestoneCrossing?) -> String { crossing.map(words.reached) ?? none }

    func days(_ count: Int) -> String { words.days(count) }
    func days(_ count: Int, floor: Bool) -> String { words.days(count, floor: floor) }

    /// Legs: `≥ 6.52×`.
    func legs(_ figure: Figure?) -> String { figure.map(words.legs) ?? none }

    /// A drop as a percent: `62.4%`.
    func drop(_ figure: Figure?) -> String { figure.map(words.drop) ?? none }

    /// The caption of a fastest list: `1000만 관객 최단 돌파`.
    func fastestCaption(_ threshold: Int64) -> String { words.fastest(threshold) }

    /// A totals list's caption, naming the opening year it is limited to: `2019년 개봉작 매출액 순위`.
    func totalsCaption(bySales: Bool, year: Int?) -> String {
        let list = bySales ? salesList : audienceList
        guard let year else { return list }
        if isEnglish { return "Films opened in \(year), " + (bySales ? "by sales" : "by admissions") }
        return "\(year)년 개봉작 " + list
    }

    /// The sentence that states the list's finding: the first film, or the films tied first (the first three named).
    func leader(titles: [String], figure: String) -> String {
        let named = Array(titles.prefix(3))
        let more = titles.count - named.count
        if isEnglish {
            let list =
                more > 0
                ? named.joined(separator: ", ") + " and \(more) more"
                : named.count < 2
                    ? named.joined() : named.dropLast().joined(separator: ", ") + " and " + (named.last ?? "")
            return titles.count > 1 ? "Joint first: \(list), \(figure) each." : "First: \(list), \(figure)."
        }
        let list = named.joined(separator: ", ") + (more > 0 ? " 외 \(more)편" : "")
        return titles.count > 1 ? "공동 1위: \(list), 각 \(figure)." : "1위: \(list), \(figure)."
    }

    func yearOption(_ year: Int) -> String { isEnglish ? String(year) : "\(year)년" }
}
