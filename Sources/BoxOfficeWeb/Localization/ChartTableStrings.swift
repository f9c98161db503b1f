import BoxOfficeCore
import BoxOfficeText

/// The words of the wide chart table and of the day's market on the chart pages, in Korean (the default) and
/// English. Templates read them as `words.…` inside the chart list; words with numbers are methods.
struct ChartTableStrings: Sendable {
    let isEnglish: Bool

    // The table: its label, caption and column headings.
    let tableLabel, sortHint, rank, change, title, openDate, dayOfRun, audience, sales, salesShare: String
    let audienceTotal, salesTotal, screens, shows, perShow: String
    /// A cell with no figure (no open date, no shows).
    let none: String
    // The day's market.
    let marketTitle, marketSales, topTenShare, marketRange, marketLegend, marketInconsistent: String

    static let korean = ChartTableStrings(english: false)
    static let english = ChartTableStrings(english: true)

    static func table(for language: Language) -> ChartTableStrings {
        language == .english ? english : korean
    }

    private init(english en: Bool) {
        isEnglish = en
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }

        tableLabel = t("순위표 (표)", "Chart (table)")
        sortHint = t("열 제목의 단추로 정렬할 수 있습니다.", "Sort with the buttons in the column headings.")
        rank = t("순위", "Rank")
        change = t("변동", "Change")
        title = t("영화명", "Film")
        openDate = t("개봉일", "Opened")
        dayOfRun = t("개봉 일차", "Day of run")
        audience = t("관객수", "Audience")
        sales = t("매출액", "Sales (₩)")
        salesShare = t("매출 점유율", "Sales share")
        audienceTotal = t("누적 관객수", "Total audience")
        salesTotal = t("누적 매출액", "Total sales (₩)")
        screens = t("스크린수", "Screens")
        shows = t("상영횟수", "Shows")
        perShow = t("회당 관객", "Per show")
        none = t("없음", "none")
        marketTitle = t("그날 극장 전체", "The whole market that day")
        marketSales = t("전체 매출", "Market sales")
        topTenShare = t("상위 10편 비중", "Top 10's share")
        marketRange = t("범위", "Range")
        marketLegend = t(
            "≈는 범위의 가운데 값입니다. KOBIS의 매출 점유율이 소수 첫째 자리까지라 그날 전체 매출은 범위로만 알 수 있습니다.",
            "≈ marks the middle of a range: KOBIS gives sales shares to one decimal, so the day's whole market is known "
                + "only within a range.")
        marketInconsistent = t(
            "이 순위표의 숫자들이 서로 맞지 않아(집계 수정) 1위 영화의 점유율로만 계산했습니다.",
            "This chart's figures disagree with one another (a revision), so only the #1 film's share was used.")
    }

    /// A compact row's day of run, after its audience: `3일째` / `day 3`, a preview day `개봉 전` / `preview`; `nil`
    /// without an open date.
    func compactDayOfRun(_ day: Int?) -> String? {
        guard let day else { return nil }
        if day <= 0 { return isEnglish ? "preview" : "개봉 전" }
        return isEnglish ? "day \(NumberFormatting.thousands(day))" : "\(NumberFormatting.thousands(day))일째"
    }

    /// A day of run: `12일째` / `12`; a preview day (0 or less) `개봉 전` / `preview`.
    func dayOfRun(_ day: Int?) -> String {
        guard let day else { return none }
        if day <= 0 { return isEnglish ? "preview" : "개봉 전" }
        return isEnglish ? NumberFormatting.thousands(day) : "\(NumberFormatting.thousands(day))일째"
    }
}
