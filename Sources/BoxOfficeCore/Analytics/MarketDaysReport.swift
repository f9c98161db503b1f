/// The market of up to 366 days (`/market/days`, `boxoffice market days`): the daily line, the period against the
/// same days a year before, the monopoly ledger (the days the #1 film held the largest share of the top 10's shows,
/// the films given more shows than their sales earned) and a table of months.
public struct MarketDaysReport: Codable, Sendable, Hashable {
    public var range: DateRange
    public var source: ChartSource
    /// Days in the range, days with a stored daily chart, and the missing ones as runs, oldest first.
    public var days: Int
    public var archivedDays: Int
    public var missing: [DateRange]
    /// The whole range's market, share outside the top 10 and Korean share.
    public var sales: Figure?
    public var outsideShare: Figure?
    public var koreanShare: Figure?
    public var comparison: MarketComparison
    /// Every archived day, oldest first.
    public var lines: [MarketDayLine]
    /// Up to ``MarketDaysReport/ledgerSize`` days by the #1 film's show share, largest first.
    public var topShowDays: [MarketDayLine]
    /// Up to ``MarketDaysReport/ledgerSize`` films whose show share most exceeded their sales share, among those with
    /// at least ``MarketDaysReport/ledgerShowShare`` % of the shows on their days.
    public var overAllocated: [MarketFilmLine]
    public var months: [MarketMonth]
    /// On KOBIS data, some day is before 2011: KOBIS then counted only part of the screens.
    public var partialScreens: Bool
    /// The English titles of the films it names (``NamesFilms``), once ``ArchiveService/withEnglishTitles(_:)``
    /// filled them.
    public var englishTitles: [String: String]?

    /// Lines in each ledger.
    public static let ledgerSize = 10
    /// The least show share (percent) a film needs to be in the ledger of over-allocated films.
    public static let ledgerShowShare = 10.0
    /// The least days in the top 10 a film needs to be in that ledger (every day of a shorter period).
    public static let ledgerDays = 3

    public init(
        range: DateRange, source: ChartSource, kept: [MarketDay], previous: [MarketDay], films: [MarketFilmShare],
        partialScreens: Bool
    ) {
        self.range = range
        self.source = source
        let inRange = kept.filter { range.start <= $0.day && $0.day <= range.end }.sorted { $0.day < $1.day }
        days = range.count
        archivedDays = inRange.count
        let stored = Set(inRange.map(\.day))
        var runs: [DateRange] = []
        for day in range.days where !stored.contains(day) {
            if let last = runs.last, last.end.adding(days: 1) == day {
                runs[runs.count - 1].end = day
            } else {
                runs.append(DateRange(start: day, end: day))
            }
        }
        missing = runs
        let totals = MarketTotals(days: inRange)
        sales = totals.sales
        outsideShare = totals.outsideShare
        koreanShare = totals.koreanShare
        comparison = MarketComparison(
            range: range,
            previousRange: MarketComparison.previousRange(of: range),
            current: inRange, previous: previous)
        lines = inRange.map(MarketDayLine.init)
        topShowDays = Array(
            lines.filter { $0.firstShowShare != nil }.sorted { left, right in
                let l = left.firstShowShare ?? 0
                let r = right.firstShowShare ?? 0
                return l != r ? l > r : left.date < right.date
            }.prefix(Self.ledgerSize))
        let leastDays = Swift.min(Self.ledgerDays, range.count)
        overAllocated = Array(
            films.filter { $0.days >= leastDays && ($0.showShare ?? 0) >= Self.ledgerShowShare }
                .compactMap(MarketFilmLine.init)
                .filter { $0.overAllocation > 1 }
                .sorted { left, right in
                    left.overAllocation != right.overAllocation
                        ? left.overAllocation > right.overAllocation : left.movieCode < right.movieCode
                }
                .prefix(Self.ledgerSize))
        var byMonth: [String: [MarketDay]] = [:]
        var monthDays: [String: Int] = [:]
        var order: [String] = []
        for day in range.days {
            let month = String(day.isoString.prefix(7))
            if monthDays[month] == nil { order.append(month) }
            monthDays[month, default: 0] += 1
        }
        for day in inRange { byMonth[String(day.day.isoString.prefix(7)), default: []].append(day) }
        months = order.map { MarketMonth(month: $0, days: monthDays[$0] ?? 0, kept: byMonth[$0] ?? []) }
        self.partialScreens = partialScreens
    }
}

extension MarketDaysReport: NamesFilms {
    /// Each day's #1 (the ledger's days are among them) and the over-allocated films.
    public var movieCodes: [String] {
        Self.firstMentions(lines.compactMap(\.firstMovieCode) + overAllocated.map(\.movieCode))
    }
}
