/// Every year of the market from the archive's first to yesterday's (`/market/years`, `boxoffice market years`).
public struct MarketYearsReport: Codable, Sendable, Hashable {
    public var source: ChartSource
    /// Oldest first; a year without an archived day is listed with its days and no figures.
    public var years: [MarketYear]

    public init(source: ChartSource, years: [MarketYear]) {
        self.source = source
        self.years = years
    }
}
