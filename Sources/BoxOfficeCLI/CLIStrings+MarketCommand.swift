import BoxOfficeCore
import BoxOfficeText

// The words of `boxoffice market`, in Korean and English (CLIStrings.swift holds the rest; this file keeps it under
// its size).
extension CLIStrings {
    private func pick(_ korean: String, _ english: String) -> String { isEnglish ? english : korean }
    private var ledgerWords: MarketLedgerWords { MarketLedgerWords.table(for: language) }

    var marketYearsTitle: String { pick("연도별 극장 시장", "The cinema market by year") }
    var marketYearHeader: String { pick("연도", "Year") }
    var marketSalesHeader: String { pick("매출액", "Sales") }
    var marketChangeHeader: String { pick("전년 같은 날 대비", "Change") }
    var marketHolidayChangeHeader: String { pick("전년 연휴 대비", "On last year's") }
    var marketOutsideHeader: String { pick("10위 밖", "Outside top 10") }
    var marketKoreanHeader: String { pick("한국영화", "Korean") }
    var marketMonopolyHeader: String { ledgerWords.monopolyHeader }
    var marketHHIHeader: String { pick("상영 HHI", "Show HHI") }
    var marketArchivedHeader: String { pick("보관", "Archived") }
    var marketDateHeader: String { pick("날짜", "Date") }
    var marketTopTenHeader: String { pick("10위 안", "Top 10") }
    var marketFirstHeader: String { pick("1위 영화", "#1 film") }
    var marketFirstShowsHeader: String { pick("1위 상영", "#1 shows") }
    var marketWindowHeader: String { pick("연휴", "Days off") }
    var marketTopFilmHeader: String { pick("매출 1위", "Top film") }
    var marketMonthHeader: String { pick("월", "Month") }
    var marketFilmHeader: String { pick("영화", "Film") }
    var marketDaysHeader: String { pick("일수", "Days") }
    var marketShowShareHeader: String { pick("상영 점유율", "Shows") }
    var marketSalesShareHeader: String { pick("매출 점유율", "Sales") }
    var marketOverAllocationHeader: String { pick("상영/매출 배율", "Shows per sales") }
    var marketMonthsTitle: String { ledgerWords.monthsTitle }
    var marketTopShowDaysTitle: String { ledgerWords.topShowDaysTitle }
    var marketOverAllocatedTitle: String { ledgerWords.overAllocatedTitle }
    var marketNoOverAllocated: String { ledgerWords.noOverAllocated }
    var marketOverAllocatedNote: String { ledgerWords.overAllocatedNote }
    var marketLegend: String {
        pick(
            "≈는 범위의 가운데 값입니다. 실제 값은 범위 안에 있습니다(범위의 양 끝은 --format json의 low, high).",
            "≈ marks the middle of a range that holds the true figure (low and high in --format json).")
    }
    /// The era note of a film's run (`RunWords`): before 2011 KOBIS counted only some of the screens.
    var marketEraNote: String { runWords.eraNote }

    func marketDaysTitle(_ range: DateRange) -> String {
        pick("일별 극장 시장 ", "The cinema market by day ") + "\(range.start) ~ \(range.end)"
    }

    func marketHolidaysTitle(_ holiday: KoreanHoliday) -> String {
        let name = holiday == .seollal ? pick("설날", "Seollal") : pick("추석", "Chuseok")
        return pick("\(name) 연휴 극장가", "\(name) at the cinema")
    }

    func marketComparison(days: Int, sales: String, previous: String, change: String) -> String {
        guard days > 0 else {
            return pick("1년 전 같은 날은 보관되어 있지 않습니다", "The archive holds none of the same days a year before")
        }
        return pick(
            "두 해 모두 보관된 \(days)일: \(sales), 1년 전 \(previous) (\(change))",
            "On the \(days == 1 ? "one day" : "\(days) days") archived in both: \(sales), a year before \(previous) (\(change))"
        )
    }

}
