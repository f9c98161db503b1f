public import BoxOfficeCore

/// The words of a film's run that the film page (`RunStrings`) and `boxoffice run` both say, in Korean and English:
/// the figures' labels and values, milestone names, the day of run, what the archive cannot tell (the reach notices),
/// the era note, the ≈/≥ legend and 천만 전망. The records lists and the market tables take the milestone names, the
/// day of run and the era note from here too, so a word is spelled once. A word only one surface says stays in that
/// surface's table.
public struct RunWords: Sendable {
    /// True for the English table.
    public let isEnglish: Bool

    // MARK: The figures' labels

    /// `개봉일 관객`, `Opening day`.
    public let openingDay: String
    /// `개봉 주말 관객`, `Opening weekend`.
    public let openingWeekend: String
    /// `둘째 주말 관객`, `Second weekend`.
    public let secondWeekend: String
    /// `둘째 주말 감소율`, `Second-weekend drop`.
    public let drop: String
    /// `첫 주 누적 관객`, `First week (to Sunday)`.
    public let firstWeek: String
    /// `최다 관객일`, `Best day`.
    public let peakDay: String
    /// `10위 안에 든 날`, `Days in the top 10`.
    public let daysInTop10: String
    /// `1위 한 날`, `Days at #1`.
    public let daysAtNumberOne: String
    /// `최장 연속 1위`, `Longest run at #1`.
    public let longestStreak: String
    /// `누적 관객 (보관된 마지막 날)`, `Total admissions (latest archived day)`.
    public let final: String
    /// `누적 매출 (보관된 마지막 날)`, `Total sales (latest archived day)`.
    public let totalSales: String
    /// `뒷심 (누적 ÷ 개봉 주말)`, `Legs (total ÷ opening weekend)`.
    public let legs: String

    // MARK: The milestones' table

    /// The column of milestone names: `관객 돌파`, `Admissions`.
    public let milestoneHeader: String
    /// The column of the days they were reached: `날짜`, `Date`.
    public let dateHeader: String
    /// The column of days of run: `개봉 N일째`, `Day of run`.
    public let dayOfRunHeader: String
    /// The column of the days milestones were crossed on: `개봉 후`, `Day of run`.
    public let crossingHeader: String

    // MARK: What the archive cannot tell

    /// The archive holds no day of the film (``FilmRun/Reach/noArchivedDay``).
    public let noArchivedDay: String
    /// KOBIS gives no open date (``FilmRun/Reach/noOpenDate``).
    public let noOpenDate: String
    /// It opened before the archive's first day (``FilmRun/Reach/openedBeforeArchive``).
    public let openedBeforeArchive: String
    /// Its first archived day is more than 60 days after it opened (``FilmRun/Reach/archivedLate``).
    public let archivedLate: String
    /// Archived days, none of a first run (``FilmRun/Reach/noFirstRun``).
    public let noFirstRun: String
    /// Before 2011 KOBIS counted only some of the screens.
    public let eraNote: String
    /// What `≈` and `≥` mean: `≈ … · ≥ …`.
    public let legend: String

    // MARK: 천만 전망

    /// `천만 전망`, `Outlook for 10 million`.
    public let outlookTitle: String
    /// The comparables' column of titles: `영화`, `Film`.
    public let outlookFilmHeader: String
    /// The comparables' column of open dates: `개봉일`, `Opened`.
    public let outlookOpenHeader: String
    /// The comparables' column of totals: `누적 관객수`, `Total admissions`.
    public let outlookFinalHeader: String
    /// No finished film had about as many admissions by the same day.
    public let outlookNone: String
    /// Fewer than 10 films compare, so no shares are given.
    public let outlookFew: String

    /// The Korean words.
    public static let korean = RunWords(english: false)
    /// The English words.
    public static let english = RunWords(english: true)

    /// The table for `language`.
    public static func table(for language: Language) -> RunWords { language == .english ? english : korean }

    /// Why a film compared has no line: KOBIS gives it no open date, or the archive has no day of its run.
    public func comparedWithoutDays(lacksOpenDate: Bool) -> String {
        switch (isEnglish, lacksOpenDate) {
        case (true, true): "KOBIS gives it no open date, so its days of run cannot be counted"
        case (true, false): "no day of its run in the archived charts"
        case (false, true): "KOBIS에 개봉일이 없어 개봉 며칠째인지 셀 수 없습니다"
        case (false, false): "보관된 차트에 개봉 뒤 기록이 없습니다"
        }
    }

    private init(english en: Bool) {
        isEnglish = en
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }
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
        totalSales = t("누적 매출 (보관된 마지막 날)", "Total sales (latest archived day)")
        legs = t("뒷심 (누적 ÷ 개봉 주말)", "Legs (total ÷ opening weekend)")
        milestoneHeader = t("관객 돌파", "Admissions")
        dateHeader = t("날짜", "Date")
        dayOfRunHeader = t("개봉 N일째", "Day of run")
        crossingHeader = t("개봉 후", "Day of run")
        noArchivedDay = t("보관된 차트에 이 영화가 오른 날이 아직 없습니다.", "The archived charts hold no day of this film yet.")
        noOpenDate = t(
            "KOBIS에 개봉일이 없어 개봉 N일째 기준의 값은 없습니다.",
            "KOBIS gives no opening date, so there is no day-of-run measure.")
        openedBeforeArchive = t(
            "보관 기록이 시작되기 전에 개봉한 영화라 정확히 알 수 있는 관객 돌파만 보여 줍니다.",
            "It opened before the archive begins: only milestones known exactly are shown.")
        archivedLate = t(
            "보관된 첫날이 개봉 뒤 60일이 넘어 흥행 추이를 잴 수 없습니다.",
            "Its first archived day is more than 60 days after it opened, so its run cannot be measured.")
        noFirstRun = t(
            "보관된 날이 모두 개봉일보다 60일 넘게 앞서 흥행 추이를 잴 수 없습니다. 누적과 1위 기록은 셉니다.",
            "Every archived day lies more than 60 days before its opening, so its run cannot be measured; its totals "
                + "and days at #1 still count.")
        eraNote = t(
            "2011년 전에는 KOBIS가 일부 상영관만 집계했습니다.", "Before 2011 KOBIS counted only some of the screens.")
        legend = t(
            "≈ 보관되지 않은 날이 있어 범위로만 알 수 있는 값 · ≥ 최소한 이만큼 (보관된 마지막 날 기준)",
            "≈ known only as a range (days missing from the archive) · "
                + "≥ at least this much (as of the latest archived day)")
        outlookTitle = t("천만 전망", "Outlook for 10 million")
        outlookFilmHeader = t("영화", "Film")
        outlookOpenHeader = t("개봉일", "Opened")
        outlookFinalHeader = t("누적 관객수", "Total admissions")
        outlookNone = t(
            "같은 날 누적 관객이 비슷했던, 상영이 끝난 영화가 보관된 차트에 아직 없습니다.",
            "The archive holds no finished film yet with about as many admissions by the same day.")
        outlookFew = t(
            "비교할 영화가 10편이 안 되어 비율은 적지 않았습니다.", "Fewer than 10 films to compare with: no percentages.")
    }

    /// What the archive cannot tell of a run that `reach` describes; `nil` when it tells everything.
    public func notice(_ reach: FilmRun.Reach) -> String? {
        switch reach {
        case .full: return nil
        case .noArchivedDay: return noArchivedDay
        case .noOpenDate: return noOpenDate
        case .openedBeforeArchive: return openedBeforeArchive
        case .archivedLate: return archivedLate
        case .noFirstRun: return noFirstRun
        }
    }

    // MARK: Words with numbers

    /// A milestone's name: `100만`, `1000만`; `1 million`, `10 million`.
    public func milestone(_ threshold: Int64) -> String {
        if isEnglish {
            let whole = threshold > 0 && threshold % 1_000_000 == 0 && threshold < 1_000_000_000
            return whole ? "\(threshold / 1_000_000) million" : NumberFormatting.englishUnits(threshold)
        }
        let whole = threshold > 0 && threshold % 10_000 == 0 && threshold < 100_000_000
        return whole ? "\(threshold / 10_000)만" : NumberFormatting.koreanUnits(threshold)
    }

    /// The title of a list of the films fastest to a milestone: `1000만 관객 최단 돌파`,
    /// `Fastest to 10 million admissions`.
    public func fastest(_ threshold: Int64) -> String {
        isEnglish ? "Fastest to \(milestone(threshold)) admissions" : "\(milestone(threshold)) 관객 최단 돌파"
    }

    /// The day of run a milestone was crossed on, as Korean media write it (개봉 12일 만에 1000만): `12일 만에`,
    /// `day 12`; a range with its mark `≈ 11~12일 만에`, `≈ days 11–12`.
    public func crossingDay(_ figure: Figure) -> String {
        let low = FigureText.whole(figure.low ?? figure.value)
        let high = FigureText.whole(figure.high ?? figure.value)
        if low == high { return isEnglish ? "day \(high)" : "\(high)일 만에" }
        return isEnglish ? "≈ days \(low)–\(high)" : "≈ \(low)~\(high)일 만에"
    }

    /// The column of admissions on day `day` of the comparables' runs: `개봉 12일째 누적`, `By day 12`.
    public func byDay(_ day: Int) -> String { isEnglish ? "By day \(day)" : "개봉 \(day)일째 누적" }

    /// The day a milestone was reached: `2014-08-10`, or the days it lies in `≈ 2014-08-08 – 2014-08-10`.
    public func reached(_ crossing: MilestoneCrossing) -> String {
        if crossing.quality == .exact { return crossing.latest.isoString }
        return "≈ " + crossing.earliest.isoString + " – " + crossing.latest.isoString
    }

    /// A count of days: `12일`, `1 day`, `12 days`.
    public func days(_ count: Int) -> String {
        let number = NumberFormatting.thousands(count)
        return isEnglish ? (count == 1 ? "1 day" : number + " days") : number + "일"
    }

    /// A count of days, `≥ 27일` when it is a floor (days before the archive are not counted).
    public func days(_ count: Int, floor: Bool) -> String {
        (floor ? "≥ " : "") + days(count)
    }

    /// A streak's days and dates: `12일 (2024-03-01 – 2024-03-12)`, `12 days (2024-03-01 – 2024-03-12)`.
    public func streak(_ streak: FilmRun.Streak) -> String { days(streak.days) + " (" + streakDates(streak) + ")" }

    /// A streak's first and last day: `2024-03-01 – 2024-03-12`.
    public func streakDates(_ streak: FilmRun.Streak) -> String {
        streak.start.isoString + " – " + streak.end.isoString
    }

    /// Admissions with the figure's mark, every digit, in 만 in Korean: `≥ 123만 4,567명`, `≥ 1,234,567`.
    public func admissions(_ figure: Figure) -> String {
        let value = FigureText.whole(figure.value)
        // Three units (억, 만, ones) keep every digit, as Korean media write a film's admissions.
        let text = isEnglish ? NumberFormatting.thousands(value) : Self.people(value, units: 3)
        return FigureText.marked(figure, text)
    }

    /// Admissions with the figure's mark and the day they are of: `≥ 1,234,567명 (2024-03-10)`.
    public func admissions(_ figure: Figure, on date: CalendarDate) -> String {
        admissions(figure) + " (" + date.isoString + ")"
    }

    /// Admissions with the figure's mark, in large units for lists that compare films: `≥ 1,761만 4,321명`,
    /// `≥ 17.6 million`.
    public func admissionsInUnits(_ figure: Figure) -> String {
        let value = FigureText.whole(figure.value)
        // A floor is rounded down, so `≥` stays true.
        let down = figure.quality == .floor
        let text =
            isEnglish
            ? NumberFormatting.englishUnits(value, roundingDown: down)
            : Self.people(value, roundingDown: down)
        return FigureText.marked(figure, text)
    }

    /// Admissions in 만/억 with 명, spaced after a unit as Korean media write it: `1,761만 명`, `181만 488명`.
    static func people(_ value: Int64, units: Int = 2, roundingDown: Bool = false) -> String {
        let number = NumberFormatting.koreanUnits(value, units: units, roundingDown: roundingDown)
        return number + (number.last.map { "만억조".contains($0) } == true ? " 명" : "명")
    }

    /// A second-weekend drop (a fraction) as a percent: `62.4%`.
    public func drop(_ figure: Figure) -> String { NumberFormatting.percent(figure.value * 100) }

    /// Legs, the total over the opening weekend, with the figure's mark: `≥ 6.52×`, `≥ 6.52배`.
    public func legs(_ figure: Figure) -> String {
        FigureText.marked(figure, NumberFormatting.fixed(figure.value, decimals: 2) + (isEnglish ? "×" : "배"))
    }

    // MARK: 천만 전망 in sentences

    /// What the outlook compares: the film's day and admissions, and the finished films nearest to them — what they
    /// had by that day (`nearest`, their lowest and highest), out of those within the window `low…high`.
    public func outlookIntro(
        day: Int, audience: Int64, films: Int, since: Int, low: Int64, high: Int64,
        nearest: (low: Int64, high: Int64)? = nil
    ) -> String {
        func number(_ value: Int64) -> String {
            isEnglish ? NumberFormatting.thousands(value) : NumberFormatting.koreanUnits(value, units: 3)
        }
        func range(_ low: Int64, _ high: Int64) -> String {
            low == high ? number(low) : number(low) + (isEnglish ? "–" : "~") + number(high)
        }
        let window = range(low, high)
        if isEnglish {
            let head = "\(number(audience)) admissions by day \(day). "
            guard let nearest, films > 0 else {
                return head + "No film opened since \(since) whose first run is over had \(window) by day \(day)."
            }
            return head + "Compared with the \(films) film\(films == 1 ? "" : "s") opened since \(since) whose first "
                + "run is over nearest to it by day \(day): \(range(nearest.low, nearest.high)), chosen among "
                + "those with \(window) by that day."
        }
        let head = "개봉 \(day)일째 누적 관객 \(Self.people(audience, units: 3)). "
        guard let nearest, films > 0 else {
            return head + "\(since)년 이후 개봉해 상영을 마친 영화 가운데 개봉 \(day)일째 누적이 \(window)명이던 영화는 없습니다."
        }
        return head + "\(since)년 이후 개봉해 상영을 마친 영화 가운데 개봉 \(day)일째 누적이 이와 가장 가까운 \(films)편"
            + "(\(range(nearest.low, nearest.high))명)과 견줍니다. 같은 날 누적이 \(window)명이던 영화에서 골랐습니다."
    }

    /// How many of the compared films passed a milestone: `14편 중 3편이 1000만 관객을 넘었습니다 (21.4%).`,
    /// `3 of 14 passed 10 million admissions (21.4%).`; no share when `share` is `nil`.
    public func outlookMilestone(_ threshold: Int64, reached: Int, of films: Int, share: Double?) -> String {
        let percent = share.map { " (" + NumberFormatting.percent($0 * 100) + ")" } ?? ""
        if isEnglish { return "\(reached) of \(films) passed \(milestone(threshold)) admissions\(percent)." }
        return "\(films)편 중 \(reached)편이 \(milestone(threshold)) 관객을 넘었습니다\(percent)."
    }

    /// The film's rank among the archived films by admissions on day `day`: `개봉 12일째 누적 관객으로 보관된 영화
    /// 120편 중 4위입니다.`, `#4 of 120 films in the archive by admissions on day 12.`
    public func outlookRank(_ rank: Int, of films: Int, day: Int) -> String {
        let count = NumberFormatting.thousands(Int64(films))
        let place = NumberFormatting.thousands(Int64(rank))
        return isEnglish
            ? "#\(place) of \(count) films in the archive by admissions on day \(day)."
            : "개봉 \(day)일째 누적 관객으로 보관된 영화 \(count)편 중 \(place)위입니다."
    }
}
