public import BoxOfficeCore

extension AppServices {
    /// The market from this instance's archive (`/market/…`, `boxoffice market …`): no KOBIS call. Cheap to make: it
    /// holds only the store's handle.
    public var market: MarketService {
        MarketService(
            market: database.marketRepository(origin: configuration.upstreamOrigin), calendar: calendar,
            source: charts.source)
    }
}
