public import KOBIS

/// One film's true figures over some days: what the simulator knows of every film, not only the top 10's.
public struct SimulatedFilmFigures: Sendable, Hashable {
    public var movieCode: String
    /// Admissions over the days.
    public var audience: Int64
    /// Admissions from its first day through the last of the days.
    public var audienceTotal: Int64
}

// Every film's figures, for checks of what the run measures infer from the top 10 alone.
extension KOBISSimulator {
    /// Every film that played nationwide from `first` through `last`, with its admissions then and its cumulative
    /// through `last`; empty before the first day, today and later.
    public func everyFilm(from first: CalendarDate, through last: CalendarDate) -> [SimulatedFilmFigures] {
        guard first >= Self.firstDate, last < today, first <= last else { return [] }
        let days = first.daysSinceEpoch...last.daysSinceEpoch
        let period = BoxOfficeChartBuilder.period(
            days: days, filters: ChartFilters(nation: nil, multiMovie: nil, regionIndex: nil))
        return period.all.values.map { entry in
            SimulatedFilmFigures(
                movieCode: entry.film.code, audience: entry.figures.audience,
                audienceTotal: AudienceModel.cumulative(entry.film, through: days.upperBound, regionShare: nil)
                    .audience)
        }
    }
}
