/// One film's figures for one day (or, summed, for a period) in one region or the whole country.
struct DailyFigures: Sendable, Hashable {
    var audience: Int64
    var sales: Int64
    var screens: Int
    var shows: Int

    static let zero = DailyFigures(audience: 0, sales: 0, screens: 0, shows: 0)

    /// Adds `other` as a later day of the same period: counts add up, screens take the maximum.
    mutating func accumulate(_ other: DailyFigures) {
        audience += other.audience
        sales += other.sales
        screens = max(screens, other.screens)
        shows += other.shows
    }
}
