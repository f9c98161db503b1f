public import BoxOfficeCore
import BoxOfficeStore

extension AppServices {
    /// The stored charts behind the public Atom feeds (this instance's origin; never calls KOBIS).
    public var chartFeeds: ChartFeedService {
        ChartFeedService(
            charts: database.chartRepository(origin: configuration.upstreamOrigin), calendar: calendar,
            source: charts.source)
    }
}

extension AppServices {
    /// Each person's secret feed address (only its SHA-256 is stored).
    public var feedAddresses: FeedAddressService {
        FeedAddressService(
            secrets: database.feedSecretRepository(), digester: SHA256SecretDigester(), calendar: calendar)
    }
}

extension AppServices {
    /// What a person's secret address serves: their alerts and their calendar.
    public var personalFeeds: PersonalFeedService {
        PersonalFeedService(
            addresses: feedAddresses, notifications: notifications, watchlist: database.watchlistRepository(),
            notes: database.diaryRepositories(nationOrigin: configuration.upstreamOrigin).notes)
    }
}
