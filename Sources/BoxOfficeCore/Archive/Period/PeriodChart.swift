import Foundation

/// Top films of a period by audience, summed from the archived daily charts: what `/api/v1/charts/period` and
/// `boxoffice top` show. Their JSON is this chart's, except that the coverage spells the sync command of its
/// ``ArchiveCoverage/syncRange`` (`coverage.syncCommand`) instead of the typed range.
///
/// Daily charts list each day's top 10 only, so the figures are the sums over the days a film was in
/// the top 10, and the shares are shares of the audience those top 10s counted.
public struct PeriodChart: Codable, Sendable, Hashable {
    /// Always `period`.
    public var kind: String
    public var range: DateRange
    public var source: ChartSource
    public var coverage: ArchiveCoverage
    /// Audience of every archived top-10 row in the period.
    public var audience: Int64
    public var sales: Int64
    /// Distinct films in the period's archived charts.
    public var movieCount: Int
    /// Korean, foreign and unknown, in that order.
    public var nations: [PeriodNationShare]
    public var entries: [PeriodEntry]

    /// The period chart of `range` from per-film totals.
    /// - Parameter limit: how many films to list (the shares always count every film).
    public init(
        range: DateRange, source: ChartSource, coverage: ArchiveCoverage, totals: [ArchivedMovieTotal], limit: Int
    ) {
        kind = "period"
        self.range = range
        self.source = source
        self.coverage = coverage
        let ranked = totals.sorted { lhs, rhs in
            if lhs.audience != rhs.audience { return lhs.audience > rhs.audience }
            if lhs.sales != rhs.sales { return lhs.sales > rhs.sales }
            return lhs.movieCode < rhs.movieCode
        }
        let audience = ranked.map(\.audience).clampedSum()
        let sales = ranked.map(\.sales).clampedSum()
        self.audience = audience
        self.sales = sales
        movieCount = ranked.count
        nations = MovieNationality.allCases.map { nationality in
            let films = ranked.filter { $0.nationality == nationality }
            let filmAudience = films.map(\.audience).clampedSum()
            let filmSales = films.map(\.sales).clampedSum()
            return PeriodNationShare(
                nationality: nationality, movies: films.count, audience: filmAudience, sales: filmSales,
                audienceShare: Self.percent(filmAudience, of: audience), salesShare: Self.percent(filmSales, of: sales))
        }
        entries = ranked.prefix(max(0, limit)).enumerated().map { index, total in
            PeriodEntry(
                rank: index + 1, movieCode: total.movieCode, title: total.title, openDate: total.openDate,
                nationality: total.nationality, nation: total.representativeNation.flatMap { $0.isEmpty ? nil : $0 },
                audience: total.audience, sales: total.sales, audienceShare: Self.percent(total.audience, of: audience),
                days: total.days, bestRank: total.bestRank, firstDay: total.firstDay, lastDay: total.lastDay)
        }
    }

    /// The share of Korean, foreign or unknown films.
    public func share(of nationality: MovieNationality) -> PeriodNationShare? {
        nations.first { $0.nationality == nationality }
    }

    /// `part` as a percentage of `total`, one decimal.
    public static func percent(_ part: Int64, of total: Int64) -> Double {
        guard total > 0 else { return 0 }
        return (Double(part) / Double(total) * 1_000).rounded() / 10
    }
}
