import BoxOfficeCore
import BoxOfficeText

/// The words of a film's run on its page (`run.t.…` in `movie_run`), in Korean and English.
struct RunStrings: Sendable {
    let isEnglish: Bool
    let title, figuresCaption, openingDay, openingWeekend, secondWeekend, drop, firstWeek, peakDay: String
    let daysInTop10, daysAtNumberOne, longestStreak, final, legs, milestonesTitle, milestoneHeader, dateHeader: String
    let dayOfRunHeader, notReached, paceTitle, paceTableCaption, dayHeader, compareTitle, compareLabel: String
    let compareButton, compareHint, removeLabel, noMatches, matchesTitle, addLabel, legendExact, legendRange: String
    let legendFloor, partialWeekend, eraNote, jsonLink, noRunMeasures, beforeArchive, noOpenDate: String
    let emptyRun, reReleaseNote, thisFilm, totalSales: String
    let outlookTitle, outlookCaption, outlookFilmHeader, outlookOpenHeader, outlookFinalHeader, outlookNone: String
    let outlookFew: String

    static let korean = RunStrings(english: false)
    static let english = RunStrings(english: true)

    static func table(for language: Language) -> RunStrings { language == .english ? english : korean }

    private init(english en: Bool) {
        isEnglish = en
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }
        title = t("흥행 기록", "The run")
        figuresCaption = t("보관된 차트로 본 흥행 기록", "The run from the archived charts")
        openingDay = t("개봉일 관객", "Opening day")
        openingWeekend = t("개봉 주말 관객", "Opening weekend")
        secondWeekend = t("둘째 주말 관객", "Second weekend")
        drop = t("둘째 주말 감소율", "Second-weekend drop")
        firstWeek = t("첫 주 누적 관객", "First week (to Sunday)")
        peakDay = t("최다 관객일", "Best day")
        daysInTop10 = t("10위 안에 든 날", "Days in the top 10")
        daysAtNumberOne = t("1위 한 날", "Days at #1")
        longestStreak = t("최장 연속 1위", "Longest run at #1")
        final = t("누적 관객 (보관된 마지막 날)", "Total admissions (latest archived day)")
        legs = t("최종 ÷ 개봉 주말 (레그)", "Legs (total ÷ opening weekend)")
        milestonesTitle = t("관객 돌파", "Milestones")
        milestoneHeader = t("관객 수", "Admissions")
        dateHeader = t("날짜", "Date")
        dayOfRunHeader = t("개봉 N일째", "Day of run")
        notReached = t("보관된 첫 상영 기간에 이른 관객 돌파가 없습니다.", "No milestone reached in the archived first run.")
        paceTitle = t("누적 관객 추이 (개봉일 기준)", "Pace: cumulative admissions by day of run")
        paceTableCaption = t("날짜별 누적 관객 표", "The pace as a table")
        dayHeader = t("개봉 N일째", "Day")
        compareTitle = t("다른 영화와 비교", "Compare with other films")
        compareLabel = t("비교할 영화 제목", "Title of a film to compare")
        compareButton = t("찾기", "Find")
        compareHint = t("보관된 차트에 오른 영화를 최대 4편까지 비교할 수 있습니다.", "Up to 4 films from the archived charts.")
        removeLabel = t("비교에서 빼기", "Remove from the comparison")
        noMatches = t("보관된 차트에서 이 제목의 영화를 찾지 못했습니다.", "No film with this title in the archived charts.")
        matchesTitle = t("찾은 영화", "Films found")
        addLabel = t("비교에 더하기", "Add to the comparison")
        legendExact = t("표시 없는 수는 정확한 값입니다.", "Figures without a mark are exact.")
        legendRange = t("≈ 보관되지 않은 날이 있어 범위로만 알 수 있는 값", "≈ known only as a range (days missing from the archive)")
        legendFloor = t("≥ 최소한 이만큼 (보관된 마지막 날 기준)", "≥ at least this much (as of the latest archived day)")
        partialWeekend = t("토·일요일 개봉이라 온전한 주말이 아닙니다.", "It opened on a Saturday or Sunday: not a whole weekend.")
        eraNote = t(
            "2011년 전에는 KOBIS가 일부 상영관만 집계했습니다.", "Before 2011 KOBIS counted only some of the screens.")
        jsonLink = t("JSON으로 보기", "As JSON")
        noRunMeasures = t(
            "보관된 첫날이 개봉 뒤 60일이 넘어 흥행 추이를 잴 수 없습니다.",
            "Its first archived day is more than 60 days after it opened, so its run cannot be measured.")
        beforeArchive = t(
            "보관 기록이 시작되기 전에 개봉한 영화라 정확히 알 수 있는 관객 돌파만 보여 줍니다.",
            "It opened before the archive begins: only milestones known exactly are shown.")
        noOpenDate = t(
            "KOBIS에 개봉일이 없어 개봉 N일째 기준의 값은 없습니다.",
            "KOBIS gives no opening date, so there is no day-of-run measure.")
        emptyRun = t("보관된 차트에 이 영화가 오른 날이 아직 없습니다.", "The archived charts hold no day of this film yet.")
        reReleaseNote = t("재개봉 기간은 누적에만 더했습니다.", "Re-releases count in the totals only.")
        thisFilm = t("이 영화", "This film")
        totalSales = t("누적 매출 (보관된 마지막 날)", "Total sales (latest archived day)")
        outlookTitle = t("천만 전망", "Outlook for 10 million")
        outlookCaption = t("견준 영화와 최종 관객", "The films compared and their totals")
        outlookFilmHeader = t("영화", "Film")
        outlookOpenHeader = t("개봉일", "Opened")
        outlookFinalHeader = t("최종 관객", "Total admissions")
        outlookNone = t(
            "같은 날 누적 관객이 비슷했던, 상영이 끝난 영화가 보관된 차트에 아직 없습니다.",
            "The archive holds no finished film yet with about as many admissions by the same day.")
        outlookFew = t(
            "견준 영화가 10편이 안 되어 비율은 적지 않았습니다.", "Fewer than 10 films to compare with: no percentages.")
    }

    /// What the outlook compares: the film's day and admissions, and the films found around them.
    func outlookIntro(day: Int, audience: Int64, films: Int, since: Int, low: Int64, high: Int64) -> String {
        let people = NumberFormatting.thousands(audience)
        let range = NumberFormatting.thousands(low) + (isEnglish ? "–" : "~") + NumberFormatting.thousands(high)
        if isEnglish {
            return "\(people) admissions by day \(day). Compared with \(films) film\(films == 1 ? "" : "s") opened "
                + "since \(since) whose first run is over and that had \(range) by day \(day)."
        }
        return "개봉 \(day)일째 누적 관객 \(people)명. \(since)년 이후 개봉해 상영을 마친 영화 가운데 개봉 \(day)일째 누적이 "
            + "\(range)명이던 \(films)편과 견줍니다."
    }

    /// `14편 중 3편이 1000만 관객을 넘었습니다 (21%).`, `3 of 14 passed 10M admissions (21%).`
    func outlookMilestone(_ threshold: Int64, reached: Int, of films: Int, share: Double?) -> String {
        let percent = share.map { " (" + NumberFormatting.percent($0 * 100) + ")" } ?? ""
        if isEnglish { return "\(reached) of \(films) passed \(milestone(threshold)) admissions\(percent)." }
        return "\(films)편 중 \(reached)편이 \(milestone(threshold)) 관객을 넘었습니다\(percent)."
    }

    /// `개봉 12일째 누적 관객으로 120편 중 4위`, `#4 of 120 films by admissions on day 12`.
    func outlookRank(_ rank: Int, of films: Int, day: Int) -> String {
        isEnglish
            ? "#\(rank) of \(films) films in the archive by admissions on day \(day)."
            : "개봉 \(day)일째 누적 관객으로 보관된 영화 \(films)편 중 \(rank)위입니다."
    }

    /// The column of the comparables' cumulative on day N.
    func outlookDayHeader(_ day: Int) -> String { isEnglish ? "By day \(day)" : "개봉 \(day)일째 누적" }

    /// `100만`, `1M`.
    func milestone(_ threshold: Int64) -> String {
        isEnglish ? "\(threshold / 1_000_000)M" : "\(threshold / 10_000)만"
    }

    /// `12일째`, `day 12`; a range `11~12일째`, `days 11–12`.
    func dayOfRun(_ figure: Figure) -> String {
        let low = Int(figure.low ?? figure.value)
        let high = Int(figure.high ?? figure.value)
        if low == high { return isEnglish ? "day \(low)" : "\(low)일째" }
        return isEnglish ? "≈ days \(low)–\(high)" : "≈ \(low)~\(high)일째"
    }

    /// `1,234,567명`, `1,234,567`.
    func people(_ figure: Figure) -> String {
        let text = NumberFormatting.thousands(Int64(clamping: Int(figure.value.rounded())))
        let mark = FigureText.mark(figure.quality)
        let number = isEnglish ? text : text + "명"
        return mark.isEmpty ? number : mark + " " + number
    }

    /// The median line's label: `1000만 영화 중앙값 (12편)`, `Median of 12 films to 10M`.
    func medianLabel(films: Int) -> String {
        isEnglish ? "Median of \(films) films to 10M" : "1000만 영화 중앙값 (\(films)편)"
    }

    /// An axis label: `12일`, `day 12`.
    func axisDay(_ day: Int) -> String { isEnglish ? "day \(day)" : "\(day)일" }

    func days(_ count: Int) -> String { isEnglish ? (count == 1 ? "1 day" : "\(count) days") : "\(count)일" }

    func percent(_ fraction: Double) -> String { NumberFormatting.percent(fraction * 100) }

    /// The chart's description: where the film stands at its latest known day.
    func paceDescription(title: String, day: Int, audience: Int64, compared: Int) -> String {
        let people = NumberFormatting.thousands(audience)
        if isEnglish {
            let others = compared == 0 ? "" : ", beside \(compared) other film\(compared == 1 ? "" : "s")"
            return "\(title) had \(people) admissions by day \(day) of its run\(others)."
        }
        let others = compared == 0 ? "" : " (다른 영화 \(compared)편과 비교)"
        return "\(title): 개봉 \(day)일째까지 누적 관객 \(people)명\(others)."
    }
}
