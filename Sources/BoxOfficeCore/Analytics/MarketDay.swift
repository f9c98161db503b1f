/// One archived day's market, kept beside its unfiltered daily chart so that years of them sum quickly: the market's
/// bounds (``MarketSales``), the top 10's sales and admissions, the Korean and unknown-nation films' sales, and how the
/// top 10's shows were spread (``ShowShares``).
///
/// The nation parts change when the archive learns a film's nation; the store keeps them up to date, and everything
/// else is the chart's alone.
public struct MarketDay: Codable, Sendable, Hashable {
    /// The chart's film at #1: what the ledger of show shares names.
    public struct Leader: Codable, Sendable, Hashable {
        public var movieCode: String
        public var title: String
        public var sales: Int64
        public var shows: Int64

        public init(movieCode: String, title: String, sales: Int64, shows: Int64) {
            self.movieCode = movieCode
            self.title = title
            self.sales = sales
            self.shows = shows
        }
    }

    public var day: CalendarDate
    /// The market's bounds in won, `nil` when no row had a share of 1 % or more.
    public var salesLow: Int64?
    public var salesHigh: Int64?
    /// The rows' intervals did not meet (``MarketSales/isInconsistent``).
    public var isInconsistent: Bool
    public var topTenSales: Int64
    public var topTenAudience: Int64
    /// Sales of the top-10 films known to be Korean.
    public var koreanSales: Int64
    /// Sales of the top-10 films whose nation the archive does not know (none stored, or KOBIS lists none).
    public var unknownSales: Int64
    public var topTenShows: Int64
    /// The most shows one film of the top 10 had.
    public var leaderShows: Int64
    /// Σ (100 × show share)² over the top 10, `nil` without shows.
    public var showHerfindahl: Double?
    /// The film at #1, `nil` for an empty chart.
    public var first: Leader?

    public init(
        day: CalendarDate, salesLow: Int64?, salesHigh: Int64?, isInconsistent: Bool, topTenSales: Int64,
        topTenAudience: Int64, koreanSales: Int64, unknownSales: Int64, topTenShows: Int64, leaderShows: Int64,
        showHerfindahl: Double?, first: Leader?
    ) {
        self.day = day
        self.salesLow = salesLow
        self.salesHigh = salesHigh
        self.isInconsistent = isInconsistent
        self.topTenSales = topTenSales
        self.topTenAudience = topTenAudience
        self.koreanSales = koreanSales
        self.unknownSales = unknownSales
        self.topTenShows = topTenShows
        self.leaderShows = leaderShows
        self.showHerfindahl = showHerfindahl
        self.first = first
    }

    /// The day of the daily chart made of `entries`; `nationality` classifies a film by its code.
    public init(day: CalendarDate, entries: [ChartEntry], nationality: (String) -> MovieNationality) {
        let market = MarketSales(entries: entries)
        let shows = ShowShares(entries: entries)
        let nations = Self.nationSales(entries, nationality: nationality)
        let top = entries.min { $0.rank < $1.rank }
        self.init(
            day: day, salesLow: market?.sales.low.flatMap { Int64(exactly: $0) },
            salesHigh: market?.sales.high.flatMap { Int64(exactly: $0) },
            isInconsistent: market?.isInconsistent ?? false,
            topTenSales: entries.map(\.sales).clampedSum(),
            topTenAudience: entries.map(\.audience).clampedSum(),
            koreanSales: nations.korean, unknownSales: nations.unknown, topTenShows: shows.totalShows,
            leaderShows: entries.map { Int64(Swift.max($0.shows, 0)) }.max() ?? 0, showHerfindahl: shows.herfindahl,
            first: top.map {
                Leader(movieCode: $0.movieCode, title: $0.title, sales: $0.sales, shows: Int64(Swift.max($0.shows, 0)))
            })
        if salesLow == nil || salesHigh == nil {
            salesLow = nil
            salesHigh = nil
        }
    }

    /// The sales of the Korean films and of the films of unknown nation among `entries`.
    public static func nationSales(
        _ entries: [ChartEntry], nationality: (String) -> MovieNationality
    ) -> (korean: Int64, unknown: Int64) {
        var korean: [Int64] = []
        var unknown: [Int64] = []
        for entry in entries {
            switch nationality(entry.movieCode) {
            case .korean: korean.append(entry.sales)
            case .unknown: unknown.append(entry.sales)
            case .foreign: break
            }
        }
        return (korean.clampedSum(), unknown.clampedSum())
    }

    /// The day's market, a `range` (`nil` when no row pinned it).
    public var sales: Figure? { totals.sales }

    /// The day alone as period sums.
    public var totals: MarketTotals { MarketTotals(days: [self]) }

    /// The #1 film's percent of the top 10's shows, `nil` without shows or films.
    public var firstShowShare: Double? {
        guard let first, topTenShows > 0 else { return nil }
        return Double(first.shows) / Double(topTenShows) * 100
    }

    /// Whether one film had more than half the top 10's shows.
    public var isMonopoly: Bool {
        // In floating point: the counts come back from the store, and no stored value may trap the comparison.
        topTenShows > 0 && Double(leaderShows) * 2 > Double(topTenShows)
    }
}
