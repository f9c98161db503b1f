/// The kept market of the archive's days (``MarketDay``), scoped to one origin like ``ArchiveRepository``: what
/// the market pages read. Every method answers from the store alone.
public protocol MarketRepository: Sendable {
    /// Every year's kept days summed, oldest year first.
    func yearSums() async throws -> [MarketYearSums]
    /// For every year, its days with a market whose calendar day (month and day) also had one the year before, summed
    /// for both years, oldest year first.
    func sameDaySums() async throws -> [MarketYearComparison]
    /// The kept days of `range`, oldest first.
    func marketDays(in range: DateRange) async throws -> [MarketDay]
    /// The kept days among `days`, oldest first.
    func marketDays(on days: [CalendarDate]) async throws -> [MarketDay]
    /// Per film, its rows in the daily charts of `range` summed beside the top 10's sales and shows of those days (one
    /// element per film, in no order).
    func filmShares(in range: DateRange) async throws -> [MarketFilmShare]
    /// The rows of the daily charts of `days`: day, film, title and sales.
    func filmSales(on days: [CalendarDate]) async throws -> [MarketFilmDay]
}
