import OpenAPIRuntime

/// The generated `APIProtocol` of `/api/v1`, composed of one small handler per feature, each holding only the
/// services it calls; this type only forwards.
struct BoxOfficeAPI: APIProtocol {
    let charts: ChartAPIHandler
    let movies: MovieAPIHandler
    let archive: ArchiveAPIHandler
    let archiveStatus: ArchiveStatusHandler
    let runs: FilmRunAPIHandler
    let market: MarketAPIHandler
    let records: RecordsAPIHandler
    let accounts: AccountAPIHandler
    let categories: CategoryAPIHandler
    let notes: NoteAPIHandler
    let transfer: TransferAPIHandler
    let stats: StatsAPIHandler
    let watchlist: WatchlistAPIHandler
    let watchlistImport: WatchlistImportAPIHandler
    let notifications: NotificationAPIHandler
    let webhooks: WebhookAPIHandler

    func getDailyChart(_ input: Operations.GetDailyChart.Input) async throws -> Operations.GetDailyChart.Output {
        try await charts.getDailyChart(input)
    }

    func getWeeklyChart(_ input: Operations.GetWeeklyChart.Input) async throws -> Operations.GetWeeklyChart.Output {
        try await charts.getWeeklyChart(input)
    }

    func getMovie(_ input: Operations.GetMovie.Input) async throws -> Operations.GetMovie.Output {
        try await movies.getMovie(input)
    }

    func searchMovies(_ input: Operations.SearchMovies.Input) async throws -> Operations.SearchMovies.Output {
        try await movies.searchMovies(input)
    }

    func getPeriodChart(_ input: Operations.GetPeriodChart.Input) async throws -> Operations.GetPeriodChart.Output {
        try await archive.getPeriodChart(input)
    }

    func getMovieTrend(_ input: Operations.GetMovieTrend.Input) async throws -> Operations.GetMovieTrend.Output {
        try await archive.getMovieTrend(input)
    }

    func getMarketYears(_ input: Operations.GetMarketYears.Input) async throws -> Operations.GetMarketYears.Output {
        try await market.getMarketYears(input)
    }

    func getMarketDays(_ input: Operations.GetMarketDays.Input) async throws -> Operations.GetMarketDays.Output {
        try await market.getMarketDays(input)
    }

    func getMarketHolidays(_ input: Operations.GetMarketHolidays.Input) async throws
        -> Operations.GetMarketHolidays.Output
    {
        try await market.getMarketHolidays(input)
    }

    func getMovieRun(_ input: Operations.GetMovieRun.Input) async throws -> Operations.GetMovieRun.Output {
        try await runs.getMovieRun(input)
    }

    func getRecordMilestones(_ input: Operations.GetRecordMilestones.Input) async throws
        -> Operations.GetRecordMilestones.Output
    {
        try await records.getRecordMilestones(input)
    }

    func getRecordTotals(_ input: Operations.GetRecordTotals.Input) async throws -> Operations.GetRecordTotals.Output {
        try await records.getRecordTotals(input)
    }

    func getRecordStreaks(_ input: Operations.GetRecordStreaks.Input) async throws
        -> Operations.GetRecordStreaks.Output
    {
        try await records.getRecordStreaks(input)
    }

    func getRecordLegs(_ input: Operations.GetRecordLegs.Input) async throws -> Operations.GetRecordLegs.Output {
        try await records.getRecordLegs(input)
    }

    func getArchiveStatus(_ input: Operations.GetArchiveStatus.Input) async throws
        -> Operations.GetArchiveStatus.Output
    {
        try await archiveStatus.getArchiveStatus(input)
    }
}

extension BoxOfficeAPI {
    /// JSON as the API has always written it: sorted keys, no escaped slashes, ISO-8601 instants, not pretty-printed.
    static var configuration: Configuration {
        Configuration(
            dateTranscoder: InternetDateTranscoder(), jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes])
    }
}
