import BoxOfficeCore
import BoxOfficeText

/// The fixed text of the period page and the movie trend, in Korean (the default) and English (reached from
/// templates as `t.archive.…` or `a.…`). Templates read the stored properties; words with numbers are methods.
struct ArchiveStrings: Sendable {
    let isEnglish: Bool

    let periodTab, periodTitle, fromLabel, toLabel, thisMonth, lastMonth, thisYear, lastYear: String
    let previousPeriod, nextPeriod, rankHeader, movieHeader, audienceHeader, shareHeader, daysHeader: String
    let bestRankHeader, nationHeader, korean, foreign, unknownNation, nationSharesTitle, tableCaption: String
    let methodNote, emptyArchive, fillGapLead, jsonLink, trendTitle, dateHeader, screensHeader: String
    let trendTableCaption, trendEmpty, csvDownload, peopleUnit, unknownNationHint: String
    /// The gap notice and the empty trend when the archive keeper runs (instead of a terminal command).
    let keeperFilling, keeperWaitsForQuota, keeperPaused, keeperBackingOff, trendEmptyKeeper: String
    /// After the provisional days' count when the keeper runs: it fetches them again once KOBIS settles them.
    let keeperSettles: String
    // The nation column's words.
    let koreanNation, foreignNation, unknownNationCell: String

    static let korean = ArchiveStrings(english: false)
    static let english = ArchiveStrings(english: true)

    static func table(for language: Language) -> ArchiveStrings {
        language == .english ? english : korean
    }

    private init(english en: Bool) {
        isEnglish = en
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }

        periodTab = t("기간", "Period")
        periodTitle = t("기간 박스오피스", "Box office by period")
        fromLabel = t("시작일", "From")
        toLabel = t("종료일", "To")
        thisMonth = t("이번 달", "This month")
        lastMonth = t("지난달", "Last month")
        thisYear = t("올해", "This year")
        lastYear = t("작년", "Last year")
        previousPeriod = t("이전 기간", "Previous period")
        nextPeriod = t("다음 기간", "Next period")
        rankHeader = t("순위", "Rank")
        movieHeader = t("영화", "Film")
        audienceHeader = t("관객수", "Audience")
        shareHeader = t("점유율", "Share")
        daysHeader = t("10위 안 일수", "Days in top 10")
        bestRankHeader = t("최고 순위", "Best rank")
        nationHeader = t("국적", "Nation")
        korean = t("한국영화", "Korean films")
        foreign = t("외국영화", "Foreign films")
        unknownNation = t("국적 미확인", "Nation unknown")
        nationSharesTitle = t("한국영화와 외국영화", "Korean vs foreign films")
        tableCaption = t("기간 관객수 상위 영화", "Top films of the period by audience")
        methodNote = t(
            "보관된 일별 박스오피스(매일 상위 10위)의 관객수를 더한 값입니다. 10위 밖의 날은 들어가지 않습니다.",
            "Sums of the archived daily charts (each day's top 10); days a film was outside the top 10 are not counted."
        )
        emptyArchive = t("이 기간의 보관된 일별 차트가 없습니다.", "The archive holds no daily chart for this period.")
        fillGapLead = t("다음 명령으로 채울 수 있습니다:", "Fill the gap with:")
        jsonLink = t("JSON", "JSON")
        trendTitle = t("관객 추이", "Audience trend")
        dateHeader = t("날짜", "Date")
        screensHeader = t("스크린", "Screens")
        trendTableCaption = t(
            "보관된 일별 차트의 순위, 관객수, 스크린수", "Rank, audience and screens in the archived daily charts")
        trendEmpty = t(
            "보관된 일별 차트에 이 영화가 없습니다. 상영 기간을 boxoffice sync로 보관하면 추이가 나타납니다.",
            "The archive has no daily chart with this film. Archive its run with boxoffice sync to see its trend.")
        csvDownload = t("CSV 내려받기", "Download CSV")
        keeperFilling = t(
            "자동 보관이 빠진 날을 최근 날짜부터 채우고 있습니다.",
            "The archive keeper is filling the missing days, newest first.")
        keeperWaitsForQuota = t(
            "오늘 보관함에 쓸 수 있는 KOBIS 호출을 다 써서, 한국 시간 자정 뒤에 이어서 채웁니다.",
            "Today's KOBIS calls for the archive are spent; it continues after midnight (KST).")
        keeperPaused = t(
            "관리자가 자동 보관을 일시 정지했습니다. 다시 시작하면 이어서 채웁니다.",
            "An administrator paused the archive keeper; it continues once resumed.")
        keeperBackingOff = t(
            "KOBIS가 응답하지 않아 자동 보관이 잠시 쉬었다가 다시 채웁니다.",
            "KOBIS keeps failing; the archive keeper waits a little and tries again.")
        keeperSettles = t(
            "자동 보관이 집계가 확정되면 다시 받아 보관합니다.",
            "The archive keeper fetches them again once KOBIS settles them.")
        trendEmptyKeeper = t(
            "보관된 일별 차트에 아직 이 영화가 없습니다. 자동 보관이 보관함을 채우는 대로 추이가 나타납니다.",
            "The archive has no daily chart with this film yet. Its trend appears as the archive keeper fills the archive."
        )
        peopleUnit = t("명", "")
        unknownNationHint = t(
            "국적이 확인되지 않은 영화는 같은 기간을 다시 sync하면 영화 정보를 받아 채워집니다.",
            "Films of unknown nation get one when the same period is synced again (it fetches their details).")
        koreanNation = t("한국", "Korean")
        foreignNation = t("외국", "Foreign")
        unknownNationCell = t("미확인", "Unknown")
    }

    /// "오늘 속도라면 2026-11-26 14:05(한국 시간)쯤 끝납니다." / "At today's pace it should be done by … (KST)."
    func keeperDoneBy(_ when: String) -> String {
        isEnglish
            ? "At today's pace it should be done by \(when) (KST)." : "오늘 속도라면 \(when)(한국 시간)쯤 끝납니다."
    }

    /// "31일 중 19일이 보관되어 있습니다." / "The archive holds 19 of 31 days."
    func coverageSummary(archived: Int, days: Int) -> String {
        isEnglish ? "The archive holds \(archived) of \(days) days." : "\(days)일 중 \(archived)일이 보관되어 있습니다."
    }

    /// "관객 151,964,278명 · 영화 72편" / "151,964,278 admissions · 72 films".
    func audienceAndFilms(audience: Int64, films: Int) -> String {
        isEnglish
            ? "\(NumberFormatting.thousands(audience)) admissions · \(films) film\(films == 1 ? "" : "s")"
            : "관객 \(NumberFormatting.koreanCount(audience))명 · 영화 \(films)편"
    }

    /// The nation column: "한국", "외국 · 미국", "미확인" / "Korean", "Foreign · USA", "Unknown"; `nation` is already
    /// in the page's language.
    func nationCell(_ nationality: MovieNationality, nation: String?) -> String {
        switch nationality {
        case .korean: return koreanNation
        case .foreign: return nation.map { "\(foreignNation) · \($0)" } ?? foreignNation
        case .unknown: return unknownNationCell
        }
    }

    /// "빠진 날: 2024-03-01 – 2024-03-05, 2024-03-09" / "Missing: …".
    func missingDays(_ runs: String) -> String {
        isEnglish ? "Missing: \(runs)" : "빠진 날: \(runs)"
    }

    /// "2일은 잠정 집계로 아직 바뀔 수 있습니다." / "2 days are provisional and may still change."
    func provisionalDays(_ count: Int) -> String {
        isEnglish
            ? "\(count) day\(count == 1 ? " is" : "s are") provisional and may still change."
            : "\(count)일은 잠정 집계로 아직 바뀔 수 있습니다."
    }

    /// The bar chart's accessible title.
    func barChartTitle(range: String, count: Int) -> String {
        isEnglish ? "Top \(count) films by audience, \(range)" : "\(range) 관객수 상위 \(count)편"
    }

    /// The bar chart's accessible description.
    func barChartDescription(first: String, audience: String) -> String {
        isEnglish
            ? "Horizontal bar chart. First: \(first), \(audience) admissions. The table below has the same figures."
            : "가로 막대 그래프. 1위는 \(first), 관객 \(audience)명. 같은 내용이 아래 표에 있습니다."
    }

    /// The nation share bar's accessible description.
    func nationShareDescription(korean: String, foreign: String, unknown: String) -> String {
        isEnglish
            ? "Korean films \(korean), foreign films \(foreign), nation unknown \(unknown)."
            : "한국영화 \(korean), 외국영화 \(foreign), 국적 미확인 \(unknown)."
    }

    /// The trend chart's accessible title.
    func trendChartTitle(_ title: String) -> String {
        isEnglish ? "\(title): daily audience" : "\(title) 일별 관객수"
    }

    /// The trend chart's accessible description.
    func trendChartDescription(days: Int, first: String, last: String, peak: String, peakDay: String) -> String {
        isEnglish
            ? "Line chart of \(days) archived days from \(first) to \(last); peak \(peak) on \(peakDay). The table below has the same figures."
            : "꺾은선 그래프. \(first)부터 \(last)까지 보관된 \(days)일, 최고 \(peak)명(\(peakDay)). 같은 내용이 아래 표에 있습니다."
    }
}
