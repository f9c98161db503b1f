public import BoxOfficeCore

extension AppServices {
    /// The records from this instance's archive (`/records/…`, `boxoffice records …`): no KOBIS call. Cheap to make:
    /// it holds only the store's handle.
    public var records: RecordsService {
        RecordsService(records: database.recordsRepository(origin: configuration.upstreamOrigin), source: charts.source)
    }
}
