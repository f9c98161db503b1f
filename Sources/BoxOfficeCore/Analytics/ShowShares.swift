/// How a chart's shows were spread over its films, within the top 10 (KOBIS gives no count of all shows).
///
/// A film's show share is its `showCnt` over the top 10's: an upper bound of its share of every show of the period.
/// Shares are percents (0…100); the HHI is Σ (share in percent)², 10,000 when one film held every show. A film's
/// over-allocation is its show share over its sales share, both within the top 10: above 1, it had more shows than
/// its sales earned.
public struct ShowShares: Sendable, Hashable {
    /// One film's figures.
    public struct Film: Sendable, Hashable {
        public var movieCode: String
        public var rank: Int
        /// Its percent of the top 10's shows (`nil` when they had none).
        public var showShare: Double?
        /// Its percent of the top 10's sales (`nil` when they had none).
        public var salesShare: Double?
        /// ``showShare`` ÷ ``salesShare`` (`nil` when either is missing or the film sold nothing).
        public var overAllocation: Double?

        public init(movieCode: String, rank: Int, showShare: Double?, salesShare: Double?, overAllocation: Double?) {
            self.movieCode = movieCode
            self.rank = rank
            self.showShare = showShare
            self.salesShare = salesShare
            self.overAllocation = overAllocation
        }
    }

    /// The films in the chart's order.
    public let films: [Film]
    /// The top 10's shows summed.
    public let totalShows: Int64
    /// Σ (100 × show share)² over the top 10, or `nil` when the top 10 had no shows.
    public let herfindahl: Double?

    /// The figures of the chart made of `entries`. Never traps: no shows or no sales give `nil` shares, negative
    /// counts count as none.
    public init(entries: [ChartEntry]) {
        let shows = entries.map { Int64(Swift.max($0.shows, 0)) }.clampedSum()
        let sales = entries.map { Swift.max($0.sales, 0) }.clampedSum()
        films = entries.map { entry in
            let showShare = shows > 0 ? Double(Swift.max(entry.shows, 0)) / Double(shows) * 100 : nil
            let salesShare = sales > 0 ? Double(Swift.max(entry.sales, 0)) / Double(sales) * 100 : nil
            var overAllocation: Double?
            if let showShare, let salesShare, salesShare > 0 { overAllocation = showShare / salesShare }
            return Film(
                movieCode: entry.movieCode, rank: entry.rank, showShare: showShare, salesShare: salesShare,
                overAllocation: overAllocation)
        }
        totalShows = shows
        herfindahl = shows > 0 ? films.reduce(0) { $0 + ($1.showShare ?? 0) * ($1.showShare ?? 0) } : nil
    }

    /// The film with the largest show share (the higher-ranked one on a tie), or `nil` when there were no shows.
    public var leader: Film? {
        films.filter { $0.showShare != nil }.min { left, right in
            let l = left.showShare ?? 0
            let r = right.showShare ?? 0
            return l != r ? l > r : left.rank < right.rank
        }
    }
}
