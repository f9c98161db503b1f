public import KOBIS

// What the simulator knows and KOBIS does not show: the whole day's market, every film counted (for checks of what
// the analytics infer from the top 10).
extension KOBISSimulator {
    /// Every film's sales on `date` nationwide, summed (the whole market a daily chart's `salesShare` divides by), and
    /// the Korean films' part of them; zero before the first day, today and later.
    public func market(on date: CalendarDate) -> (sales: Int64, koreanSales: Int64) {
        guard date >= Self.firstDate, date < today else { return (0, 0) }
        let day = date.daysSinceEpoch
        let period = BoxOfficeChartBuilder.period(
            days: day...day, filters: ChartFilters(nation: nil, multiMovie: nil, regionIndex: nil))
        let korean = period.all.values.filter { $0.film.isKorean }.reduce(Int64(0)) { $0 + $1.figures.sales }
        return (period.totalSales, korean)
    }
}
