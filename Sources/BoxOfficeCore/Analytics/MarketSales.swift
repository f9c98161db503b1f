/// The whole market of one chart's period (a day or a week), pinned by the chart's own rows.
///
/// KOBIS's `salesShare` is each film's percent of *all* sales of the period, rounded to one decimal, so a row with
/// sales `a` and share `s` says the market `M` lies in `[a × 100 ÷ (s + 0.05), a × 100 ÷ (s − 0.05)]`. The market is
/// the intersection of these intervals over every row with `s ≥ 1.0` (smaller shares are skipped: KOBIS may round a
/// tiny share up), and is at least the top 10's own sales. When the intervals do not meet (a chart revised between
/// rows), the first row's interval is taken alone (still at least the top 10's sales) and the market is flagged
/// ``isInconsistent``.
///
/// Shares here are percents (0…100), as `ChartEntry.salesShare` is. Only an unfiltered chart's shares divide by the
/// whole market; a filtered chart's (by nation, diversity or region) divide by something unverified, so callers give
/// this type unfiltered charts only (``Chart/market`` does).
public struct MarketSales: Sendable, Hashable {
    /// Half the unit of KOBIS's one-decimal `salesShare`.
    public static let shareRounding = 0.05
    /// Rows with a smaller share are skipped.
    public static let minimumShare = 1.0

    /// All sales of the period in won: a `range` with whole-won bounds, its midpoint as the value.
    public let sales: Figure
    /// True when the rows' intervals do not meet: ``sales`` is then the first pinning row's interval alone.
    public let isInconsistent: Bool
    /// How many rows (share ≥ 1 %) pinned ``sales``.
    public let pinningRows: Int
    /// The chart's rows' sales summed (exact).
    public let topTenSales: Int64
    /// The chart's rows' admissions summed (exact).
    public let topTenAudience: Int64
    /// The top 10's percent of the market: `range`, from the market's bounds.
    public let topTenShare: Figure
    /// Sales outside the top 10, in won: `range`, never below 0.
    public let outsideSales: Figure
    /// The percent of the market outside the top 10 (100 − ``topTenShare``): `range`.
    public let outsideShare: Figure
    /// Whole-market admissions: an `estimate` (the top 10's admissions plus the outside sales at the top 10's average
    /// price), with the top 10's admissions as its `low`, the one bound that is sure.
    public let admissions: Figure

    /// The market of the chart made of `entries`, or `nil` when no row has a share of at least 1 %.
    /// Never traps: rows with a share that is not a finite percent, or with negative sales, pin nothing.
    public init?(entries: [ChartEntry]) {
        let rows = entries.sorted { $0.rank < $1.rank }
        let intervals = rows.compactMap { Self.interval(sales: $0.sales, share: $0.salesShare) }
        guard let first = intervals.first else { return nil }
        let total = rows.map(\.sales).clampedSum()
        let audience = rows.map(\.audience).clampedSum()
        let low = intervals.map(\.lowerBound).max() ?? first.lowerBound
        let high = intervals.map(\.upperBound).min() ?? first.upperBound
        let consistent = low <= high && Double(total) <= high
        // Never below the rows' own sales, whichever interval pins it.
        let bounds =
            consistent
            ? Swift.max(low, Double(total))...high
            : Swift.max(first.lowerBound, Double(total))...Swift.max(first.upperBound, Double(total))
        let lowWon = bounds.lowerBound.rounded(.down)
        let highWon = bounds.upperBound.rounded(.up)
        sales = .range(lowWon, highWon)
        isInconsistent = !consistent
        pinningRows = intervals.count
        topTenSales = total
        topTenAudience = audience
        let top = Double(total)
        topTenShare = Self.percentRange(top, over: lowWon...highWon)
        let outsideLow = Swift.max(0, lowWon - top)
        let outsideHigh = Swift.max(0, highWon - top)
        outsideSales = .range(outsideLow, outsideHigh)
        outsideShare = Self.complement(topTenShare)
        let people = Double(audience)
        // The outside sales at the top 10's average price; no price without both sales and admissions.
        let extra = top > 0 && people > 0 ? (outsideSales.value * people / top).rounded() : 0
        admissions = .estimate(people + extra, low: people)
    }

    /// The market interval one row gives, or `nil` when its share is under ``minimumShare`` (or not a finite percent)
    /// or its sales are negative.
    public static func interval(sales: Int64, share: Double) -> ClosedRange<Double>? {
        guard share.isFinite, share >= minimumShare, share <= 100, sales >= 0 else { return nil }
        let amount = Double(sales) * 100
        return (amount / (share + shareRounding))...(amount / (share - shareRounding))
    }

    /// The Korean films' percent of the market's sales, a `range`: at least the top 10's Korean sales over the
    /// market's high bound; at most those plus every won whose nation is not known to be foreign (the outside sales'
    /// high bound and the top-10 rows of unknown nation) over the market's low bound. `nationality` classifies the
    /// rows of the chart this market was made from.
    public func koreanShare(
        of entries: [ChartEntry], nationality: (ChartEntry) -> MovieNationality
    ) -> Figure {
        var korean: [Int64] = []
        var unknown: [Int64] = []
        for entry in entries {
            switch nationality(entry) {
            case .korean: korean.append(entry.sales)
            case .unknown: unknown.append(entry.sales)
            case .foreign: break
            }
        }
        let sure = Double(korean.clampedSum())
        let low = sure / Swift.max(sales.high ?? sales.value, 1)
        let possible = sure + (outsideSales.high ?? outsideSales.value) + Double(unknown.clampedSum())
        let market = sales.low ?? sales.value
        let high = market > 0 ? possible / market : 1
        return Self.percentFigure(low: low * 100, high: high * 100)
    }

    /// `part` as a percent of a whole somewhere in `whole`, a `range` (100 % when the whole may be 0).
    static func percentRange(_ part: Double, over whole: ClosedRange<Double>) -> Figure {
        let low = whole.upperBound > 0 ? part / whole.upperBound * 100 : 100
        let high = whole.lowerBound > 0 ? part / whole.lowerBound * 100 : 100
        return percentFigure(low: low, high: high)
    }

    /// A percent range clamped to 0…100, its bounds rounded outward to hundredths.
    static func percentFigure(low: Double, high: Double) -> Figure {
        let lowCents = clampPercent(low * 100, to: 10_000).rounded(.down)
        let highCents = Swift.max(lowCents, clampPercent(high * 100, to: 10_000).rounded(.up))
        return hundredths(lowCents, highCents)
    }

    /// 100 − `share`, a `range`.
    static func complement(_ share: Figure) -> Figure {
        let lowCents = (10_000 - (share.high ?? share.value) * 100).rounded()
        let highCents = (10_000 - (share.low ?? share.value) * 100).rounded()
        return hundredths(lowCents, highCents)
    }

    /// The range `low…high` given in hundredths (exact when they agree), divided once so the bounds print short.
    static func hundredths(_ low: Double, _ high: Double) -> Figure {
        if low == high { return .exact(low / 100) }
        return Figure(value: (low + high) / 2 / 100, low: low / 100, high: high / 100, quality: .range)
    }

    private static func clampPercent(_ value: Double, to maximum: Double) -> Double {
        value.isNaN ? 0 : Swift.min(Swift.max(value, 0), maximum)
    }
}
