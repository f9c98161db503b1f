import BoxOfficeCore

/// The fixed text of the period page and the movie trend, one table per language
/// (reached from templates as `t.archive.…`).
struct ArchiveStrings: Sendable {
    var language: Language
    var periodTab: String
    var periodTitle: String
    var fromLabel: String
    var toLabel: String
    var thisMonth: String
    var lastMonth: String
    var thisYear: String
    var lastYear: String
    var previousPeriod: String
    var nextPeriod: String
    var rankHeader: String
    var movieHeader: String
    var audienceHeader: String
    var shareHeader: String
    var daysHeader: String
    var bestRankHeader: String
    var nationHeader: String
    var korean: String
    var foreign: String
    var unknownNation: String
    var nationSharesTitle: String
    var tableCaption: String
    var methodNote: String
    var emptyArchive: String
    var fillGapLead: String
    var jsonLink: String
    var trendTitle: String
    var dateHeader: String
    var screensHeader: String
    var trendTableCaption: String
    var trendEmpty: String
    var csvDownload: String
    var peopleUnit: String

    static func table(for language: Language) -> ArchiveStrings {
        language == .korean ? korean : english
    }

    /// "31일 중 19일이 보관되어 있습니다." / "The archive holds 19 of 31 days."
    func coverageSummary(archived: Int, days: Int) -> String {
        language == .korean ? "\(days)일 중 \(archived)일이 보관되어 있습니다." : "The archive holds \(archived) of \(days) days."
    }

    /// "관객 151,964,278명 · 영화 72편" / "151,964,278 admissions · 72 films".
    func audienceAndFilms(audience: Int64, films: Int) -> String {
        let count = NumberFormatting.thousands(audience)
        return language == .korean
            ? "관객 \(count)명 · 영화 \(films)편" : "\(count) admissions · \(films) film\(films == 1 ? "" : "s")"
    }

    /// The nation column: "한국", "외국 · 미국", "미확인" / "Korean", "Foreign · 미국", "Unknown".
    func nationCell(_ nationality: MovieNationality, nation: String?) -> String {
        switch (nationality, language) {
        case (.korean, .korean): return "한국"
        case (.korean, .english): return "Korean"
        case (.foreign, _):
            let label = language == .korean ? "외국" : "Foreign"
            return nation.map { "\(label) · \($0)" } ?? label
        case (.unknown, .korean): return "미확인"
        case (.unknown, .english): return "Unknown"
        }
    }

    /// "빠진 날: 2024-03-01 – 2024-03-05, 2024-03-09" / "Missing: …".
    func missingDays(_ runs: String) -> String {
        language == .korean ? "빠진 날: \(runs)" : "Missing: \(runs)"
    }

    /// "2일은 잠정 집계로 아직 바뀔 수 있습니다." / "2 days are provisional and may still change."
    func provisionalDays(_ count: Int) -> String {
        language == .korean
            ? "\(count)일은 잠정 집계로 아직 바뀔 수 있습니다."
            : "\(count) day\(count == 1 ? " is" : "s are") provisional and may still change."
    }

    /// The bar chart's accessible title.
    func barChartTitle(range: String, count: Int) -> String {
        language == .korean ? "\(range) 관객수 상위 \(count)편" : "Top \(count) films by audience, \(range)"
    }

    /// The bar chart's accessible description.
    func barChartDescription(first: String, audience: String) -> String {
        language == .korean
            ? "가로 막대 그래프. 1위는 \(first), 관객 \(audience)명. 같은 내용이 아래 표에 있습니다."
            : "Horizontal bar chart. First: \(first), \(audience) admissions. The table below has the same figures."
    }

    /// The nation share bar's accessible description.
    func nationShareDescription(korean: String, foreign: String, unknown: String) -> String {
        language == .korean
            ? "한국 영화 \(korean), 외국 영화 \(foreign), 국적 미확인 \(unknown)."
            : "Korean films \(korean), foreign films \(foreign), nation unknown \(unknown)."
    }

    /// "미확인 영화의 국적은 boxoffice sync가 영화 정보를 받아 채웁니다."
    var unknownNationHint: String {
        language == .korean
            ? "국적이 확인되지 않은 영화는 같은 기간을 다시 sync하면 영화 정보를 받아 채워집니다."
            : "Films of unknown nation get one when the same period is synced again (it fetches their details)."
    }

    /// The trend chart's accessible title.
    func trendChartTitle(_ title: String) -> String {
        language == .korean ? "\(title) 일별 관객수" : "\(title): daily audience"
    }

    /// The trend chart's accessible description.
    func trendChartDescription(days: Int, first: String, last: String, peak: String, peakDay: String) -> String {
        language == .korean
            ? "꺾은선 그래프. \(first)부터 \(last)까지 보관된 \(days)일, 최고 \(peak)명(\(peakDay)). 같은 내용이 아래 표에 있습니다."
            : "Line chart of \(days) archived days from \(first) to \(last); peak \(peak) on \(peakDay). The table below has the same figures."
    }

    static let korean = ArchiveStrings(
        language: .korean, periodTab: "기간", periodTitle: "기간 박스오피스", fromLabel: "시작일", toLabel: "종료일",
        thisMonth: "이번 달", lastMonth: "지난달", thisYear: "올해", lastYear: "작년", previousPeriod: "이전 기간",
        nextPeriod: "다음 기간", rankHeader: "순위", movieHeader: "영화", audienceHeader: "관객수", shareHeader: "점유율",
        daysHeader: "10위 안 일수", bestRankHeader: "최고 순위", nationHeader: "국적", korean: "한국 영화",
        foreign: "외국 영화", unknownNation: "국적 미확인", nationSharesTitle: "한국 영화와 외국 영화",
        tableCaption: "기간 관객수 상위 영화",
        methodNote: "보관된 일별 박스오피스(매일 상위 10위)의 관객수를 더한 값입니다. 10위 밖의 날은 들어가지 않습니다.",
        emptyArchive: "이 기간의 보관된 일별 차트가 없습니다.", fillGapLead: "다음 명령으로 채울 수 있습니다:",
        jsonLink: "JSON", trendTitle: "관객 추이", dateHeader: "날짜", screensHeader: "스크린",
        trendTableCaption: "보관된 일별 차트의 순위, 관객수, 스크린 수",
        trendEmpty: "보관된 일별 차트에 이 영화가 없습니다. 상영 기간을 boxoffice sync로 보관하면 추이가 나타납니다.",
        csvDownload: "CSV 내려받기", peopleUnit: "명")

    static let english = ArchiveStrings(
        language: .english, periodTab: "Period", periodTitle: "Box office by period", fromLabel: "From", toLabel: "To",
        thisMonth: "This month", lastMonth: "Last month", thisYear: "This year", lastYear: "Last year",
        previousPeriod: "Previous period", nextPeriod: "Next period", rankHeader: "Rank", movieHeader: "Film",
        audienceHeader: "Audience", shareHeader: "Share", daysHeader: "Days in top 10", bestRankHeader: "Best rank",
        nationHeader: "Nation", korean: "Korean films", foreign: "Foreign films", unknownNation: "Nation unknown",
        nationSharesTitle: "Korean vs foreign films", tableCaption: "Top films of the period by audience",
        methodNote:
            "Sums of the archived daily charts (each day's top 10); days a film was outside the top 10 are not counted.",
        emptyArchive: "The archive holds no daily chart for this period.", fillGapLead: "Fill the gap with:",
        jsonLink: "JSON", trendTitle: "Audience trend", dateHeader: "Date", screensHeader: "Screens",
        trendTableCaption: "Rank, audience and screens in the archived daily charts",
        trendEmpty:
            "The archive has no daily chart with this film. Archive its run with boxoffice sync to see its trend.",
        csvDownload: "Download CSV", peopleUnit: "")
}
