public import BoxOfficeCore

/// The words of the market's tables that pages and the terminal share; the ledgers' cuts are the core's, said once.
public struct MarketLedgerWords: Sendable {
    /// `월별 매출과 점유율`, `Sales and shares by month`.
    public let monthsTitle: String
    /// The ledger of days by the #1 film's share of shows.
    public let topShowDaysTitle: String
    /// The ledger of films given more shows than their sales earned.
    public let overAllocatedTitle: String
    /// That ledger with no film in it.
    public let noOverAllocated: String
    /// Which films that ledger lists, and in what order (``MarketDaysReport/ledgerDays``, …).
    public let overAllocatedNote: String
    /// The column of days one film held over half the top 10's shows.
    public let monopolyHeader: String

    public static let korean = MarketLedgerWords(english: false)
    public static let english = MarketLedgerWords(english: true)

    public static func table(for language: Language) -> MarketLedgerWords { language == .english ? english : korean }

    private init(english en: Bool) {
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }
        monthsTitle = t("월별 매출과 점유율", "Sales and shares by month")
        topShowDaysTitle = t("1위 영화의 상영 점유율이 가장 높았던 날", "Days the #1 film had the largest share of shows")
        overAllocatedTitle = t("매출보다 상영이 많았던 영화", "Films given more shows than their sales earned")
        noOverAllocated = t("해당하는 영화가 없습니다.", "No film qualifies.")
        monopolyHeader = t("한 영화가 상영 절반 초과", "Days one film had over half the shows")
        let (days, share, size) = (
            MarketDaysReport.ledgerDays, Int(MarketDaysReport.ledgerShowShare), MarketDaysReport.ledgerSize
        )
        overAllocatedNote = t(
            "기간 중 \(days)일 이상(기간이 더 짧으면 매일) 10위 안에 들고 그 날들의 10위 안 상영 가운데 \(share)% 이상을 "
                + "가진 영화를, 상영 점유율 ÷ 매출 점유율이 큰 순서로 \(size)편까지 보여 줍니다.",
            "Films in the top 10 on at least \(days) days of the period (every day of a shorter one) with at least "
                + "\(share)% of the top 10's shows on those days, by show share ÷ sales share, up to \(size).")
    }
}
