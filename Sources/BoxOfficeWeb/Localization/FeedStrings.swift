import BoxOfficeCore

/// The words of the Atom feeds and the calendar, in Korean (the default) and English.
struct FeedStrings: Sendable {
    let isEnglish: Bool
    let dailyFeedTitle, weeklyFeedTitle, feedAuthor, rank, change, title, audience, total: String
    let alertsFeedTitle, calendarName, sampleNote: String

    static let korean = FeedStrings(english: false)
    static let english = FeedStrings(english: true)

    static func table(for language: Language) -> FeedStrings { language == .english ? english : korean }

    private init(english en: Bool) {
        isEnglish = en
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }
        dailyFeedTitle = t("일별 박스오피스", "Daily box office")
        weeklyFeedTitle = t("주간 박스오피스", "Weekly box office")
        feedAuthor = t("박스오피스", "Box Office")
        rank = t("순위", "Rank")
        change = t("변동", "Change")
        title = t("영화", "Film")
        audience = t("관객수", "Audience")
        total = t("누적 관객수", "Total audience")
        alertsFeedTitle = t("박스오피스 알림", "Box office alerts")
        calendarName = t("박스오피스: 보고 싶은 영화와 관람 기록", "Box office: films to see and films seen")
        sampleNote = t("샘플 데이터(가상의 영화)", "Sample data (fictional films)")
    }

    /// An alert as one line: "괴물: 1위" / "The Host is number 1".
    func alertTitle(_ kind: AlertKind, title: String) -> String {
        switch kind {
        case .opened: return isEnglish ? "\(title) opened" : "\(title) 개봉"
        case .back: return isEnglish ? "\(title) is back in cinemas" : "\(title) 재개봉"
        case .top10: return isEnglish ? "\(title) is in the top 10" : "\(title) 10위 진입"
        case .first: return isEnglish ? "\(title) is number 1" : "\(title) 1위"
        case .million: return isEnglish ? "\(title) passed 1,000,000 admissions" : "\(title) 관객 100만 돌파"
        case .tenMillion: return isEnglish ? "\(title) passed 10,000,000 admissions" : "\(title) 관객 1000만 돌파"
        case .left: return isEnglish ? "\(title) left the top 10" : "\(title) 10위 밖으로"
        }
    }

    /// A calendar event's summary for a watchlisted film's opening day.
    func openingSummary(_ title: String) -> String { isEnglish ? "Opens: \(title)" : "개봉: \(title)" }

    /// A calendar event's summary for a day the person watched a film.
    func watchedSummary(_ title: String) -> String { isEnglish ? "Watched: \(title)" : "관람: \(title)" }

    /// An entry's title: "2024-03-15 (금) 일별 박스오피스" / "Week 11, 2024 — Weekly box office".
    func entryTitle(for chart: Chart, pages: PageStrings) -> String {
        if chart.kind == .daily {
            return "\(pages.dayLabel(chart.range.start)) \(dailyFeedTitle)"
        }
        let week = chart.yearWeek.map(pages.isoWeekLabel) ?? chart.range.start.isoString
        let span = "\(chart.range.start.isoString) – \(chart.range.end.isoString)"
        return "\(week) (\(span)) \(weeklyFeedTitle)"
    }
}
