import BoxOfficeCore
import BoxOfficeText

/// The fixed text of the market pages (`/market/…`), in Korean (the default) and English, reached from templates as
/// `m.…`. Words with numbers are methods.
struct MarketStrings: Sendable {
    let isEnglish: Bool

    let marketTab, yearsTab, daysTab, holidaysTab, yearsTitle, daysTitle, holidaysTitle, seollal, chuseok: String
    let yearHeader, salesHeader, changeHeader, holidayChangeHeader, outsideHeader, koreanHeader, monopolyHeader,
        hhiHeader: String
    let archivedHeader, dateHeader, topTenHeader, firstHeader, firstShowsHeader, monthHeader, filmHeader: String
    let showShareHeader, salesShareHeader, overAllocationHeader, daysHeader, windowHeader, topFilmHeader: String
    let yearsCaption, daysCaption, monthsCaption, holidaysCaption, topShowDaysTitle, overAllocatedTitle: String
    let overAllocatedNote: String
    let legend, methodNote, eraNote, emptyArchive, fromLabel, toLabel, yearLabel, show, jsonLink: String
    let linesCaption, noOverAllocated, previousPeriod, nextPeriod, holidayLabel, comparisonTitle, none: String

    static let korean = MarketStrings(english: false)
    static let english = MarketStrings(english: true)

    static func table(for language: Language) -> MarketStrings { language == .english ? english : korean }

    private init(english en: Bool) {
        isEnglish = en
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }
        let ledger = MarketLedgerWords.table(for: en ? .english : .korean)
        marketTab = t("시장", "Market")
        yearsTab = t("연도별", "By year")
        daysTab = t("일별", "By day")
        holidaysTab = t("명절", "Holidays")
        yearsTitle = t("연도별 극장 시장", "The cinema market by year")
        daysTitle = t("일별 극장 시장", "The cinema market by day")
        holidaysTitle = t("설날·추석 연휴 극장가", "Seollal and Chuseok at the cinema")
        seollal = t("설날", "Seollal")
        chuseok = t("추석", "Chuseok")
        yearHeader = t("연도", "Year")
        salesHeader = t("매출액", "Sales")
        changeHeader = t("전년 같은 날 대비", "Change on the same days")
        // A holiday window moves and changes length: it compares with the year before's window, not its dates.
        holidayChangeHeader = t("전년 연휴 대비", "Change on last year's holiday")
        outsideHeader = t("10위 밖 비중", "Outside the top 10")
        koreanHeader = t("한국영화 비중", "Korean films' share")
        monopolyHeader = ledger.monopolyHeader
        hhiHeader = t("상영 집중도(HHI)", "Show concentration (HHI)")
        archivedHeader = t("보관 일수", "Days archived")
        dateHeader = t("날짜", "Date")
        topTenHeader = t("10위 안 비중", "Top 10's share")
        firstHeader = t("1위 영화", "#1 film")
        firstShowsHeader = t("1위 상영 점유율", "#1's share of shows")
        monthHeader = t("월", "Month")
        filmHeader = t("영화", "Film")
        showShareHeader = t("상영 점유율", "Share of shows")
        salesShareHeader = t("매출 점유율", "Share of sales")
        overAllocationHeader = t("상영/매출 배율", "Shows per sales")
        daysHeader = t("일수", "Days")
        windowHeader = t("연휴", "Days off")
        topFilmHeader = t("매출 1위 영화", "Top film by sales")
        yearsCaption = t("연도별 매출과 점유율", "Sales and shares by year")
        daysCaption = t("하루 매출", "Sales by day")
        monthsCaption = ledger.monthsTitle
        holidaysCaption = t("해마다의 연휴 매출", "Each year's holiday sales")
        topShowDaysTitle = ledger.topShowDaysTitle
        overAllocatedTitle = ledger.overAllocatedTitle
        overAllocatedNote = ledger.overAllocatedNote
        legend = t(
            "≈는 범위의 가운데 값입니다. 실제 값은 그 아래 작게 적은 범위 안에 있습니다(날마다의 범위는 JSON에 있습니다).",
            "≈ marks the middle of a range that holds the true figure; the range is given under it (each day's, in the "
                + "JSON).")
        methodNote = t(
            "KOBIS의 매출 점유율은 그날 전체 매출에 대한 비율이어서, 점유율 1% 이상인 영화마다 전체 매출의 범위가 나옵니다. "
                + "그 범위들이 겹치는 곳이 그날의 시장입니다. 상영 점유율은 10위 안 영화의 상영횟수에 대한 비율이고, 상영 "
                + "집중도(HHI)는 그 점유율(%)을 제곱해 더한 값입니다: 10편이 똑같이 나누면 1,000, 한 편이 모두 가지면 10,000.",
            "KOBIS's sales share is a share of the whole day's sales, so each film with 1% or more pins the day's market to "
                + "a range; the market lies where they meet. Show shares are shares of the top 10's shows; show "
                + "concentration (HHI) sums their squares in percent: 1,000 when ten films share alike, 10,000 when one "
                + "has them all.")
        eraNote = RunWords.table(for: en ? .english : .korean).eraNote
        emptyArchive = t("이 기간의 보관된 일별 차트가 없습니다.", "The archive holds no daily chart for this period.")
        fromLabel = t("시작일", "From")
        toLabel = t("종료일", "To")
        yearLabel = t("연도", "Year")
        show = t("보기", "Show")
        jsonLink = t("JSON", "JSON")
        linesCaption = t("날짜별 시장", "The market day by day")
        noOverAllocated = ledger.noOverAllocated
        previousPeriod = t("이전", "Previous")
        nextPeriod = t("다음", "Next")
        holidayLabel = t("명절", "Holiday")
        comparisonTitle = t("1년 전 같은 날과 비교", "Against the same days a year before")
        none = t("-", "-")
    }

    func name(_ holiday: KoreanHoliday) -> String { holiday == .seollal ? seollal : chuseok }

    /// A change in percent with its mark and sign, a true minus (−) for a fall: `≈ +12.3%`.
    func change(_ figure: Figure?) -> String {
        figure.map { FigureText.change($0) } ?? none
    }

    func won(_ figure: Figure?, language: Language) -> String {
        figure.map { FigureText.won($0, language: language) } ?? none
    }

    func percent(_ figure: Figure?) -> String { figure.map(FigureText.percent) ?? none }

    func archived(_ archived: Int, of days: Int) -> String {
        isEnglish ? "\(archived) of \(days)" : "\(days)일 중 \(archived)일"
    }

    func missingDays(_ count: Int) -> String {
        isEnglish
            ? "\(count == 1 ? "1 day" : "\(count) days") of the period \(count == 1 ? "is" : "are") not archived."
            : "이 기간 중 \(count)일은 보관되지 않았습니다."
    }

    func comparison(days: Int, sales: String, previous: String, change: String) -> String {
        guard days > 0 else {
            return isEnglish
                ? "The archive holds none of the same days a year before." : "1년 전 같은 날은 보관되어 있지 않습니다."
        }
        return isEnglish
            ? "On the \(days == 1 ? "one day" : "\(days) days") archived in both: \(sales), a year before \(previous) (\(change))."
            : "두 해 모두 보관된 \(days)일: \(sales), 1년 전 \(previous) (\(change))."
    }

    /// A year not over yet: the last day it counts, `11월 30일까지`, `to 30 November`.
    func through(_ day: CalendarDate) -> String {
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        let month = months.indices.contains(day.month - 1) ? months[day.month - 1] : String(day.month)
        return isEnglish ? "to \(day.day) \(month)" : "\(day.month)월 \(day.day)일까지"
    }

    /// A year's label in sentences, with the day it counts to when it is not over: `2026년(11월 30일까지)`.
    func yearLabel(_ year: Int, through day: CalendarDate?) -> String {
        guard let day else { return isEnglish ? String(year) : "\(year)년" }
        return isEnglish ? "\(year) (\(through(day)))" : "\(year)년(\(through(day)))"
    }

    func yearsDescription(latest: String, sales: String, best: String, bestSales: String) -> String {
        isEnglish
            ? "The market in \(latest): \(sales). The largest year was \(best) with \(bestSales)."
            : "\(latest) 시장 \(sales). 가장 큰 해는 \(best), \(bestSales)."
    }

    func daysChartTitle(_ range: String) -> String {
        isEnglish ? "The day's market, \(range)" : "\(range) 하루 매출"
    }

    func daysDescription(total: String, peakDay: String, peak: String, lowDay: String, low: String) -> String {
        isEnglish
            ? "Sales over the period \(total); the largest day \(peakDay) (\(peak)), the smallest \(lowDay) (\(low))."
            : "기간 매출 \(total). 가장 많은 날 \(peakDay) (\(peak)), 가장 적은 날 \(lowDay) (\(low))."
    }

    /// "2024-09-14 – 2024-09-18 (5 days)": the count keeps to its word (a no-break space) when a phone wraps it.
    func windowText(_ range: DateRange, days: Int) -> String {
        isEnglish
            ? "\(range.start) – \(range.end) (\(days)\u{00A0}days)" : "\(range.start) – \(range.end) (\(days)일)"
    }

    func times(_ value: Double) -> String { NumberFormatting.fixed(value, decimals: 2) + "×" }

    func hhi(_ value: Double?) -> String { value.map { NumberFormatting.fixed($0, decimals: 0) } ?? none }

    func share(_ value: Double?) -> String { value.map { NumberFormatting.fixed($0, decimals: 1) + "%" } ?? none }
}
