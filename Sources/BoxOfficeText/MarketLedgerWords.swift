public import BoxOfficeCore

/// Words about the market's ledgers that pages and the terminal share: the cuts are the core's, said once.
public enum MarketLedgerWords {
    /// Which films the ledger of films given more shows than their sales earned lists, and in what order.
    public static func overAllocatedNote(_ language: Language) -> String {
        let (days, share, size) = (
            MarketDaysReport.ledgerDays, Int(MarketDaysReport.ledgerShowShare), MarketDaysReport.ledgerSize
        )
        return language == .english
            ? "Films in the top 10 on at least \(days) days of the period (every day of a shorter one) with at least "
                + "\(share)% of the top 10's shows on those days, by show share ÷ sales share, up to \(size)."
            : "기간 중 \(days)일 이상(기간이 더 짧으면 매일) 10위 안에 들고 그 날들의 10위 안 상영 가운데 \(share)% 이상을 "
                + "가진 영화를, 상영 점유율 ÷ 매출 점유율이 큰 순서로 \(size)편까지 보여 줍니다."
    }
}
