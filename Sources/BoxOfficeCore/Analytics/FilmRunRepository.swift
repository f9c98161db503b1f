/// Reads one film's archived rows, for its run.
public protocol FilmRunRepository: Sendable {
    /// The film's rows in every archived unfiltered daily and weekend chart, and the archive's first day.
    func filmHistory(movieCode: String, source: ChartSource) async throws -> FilmHistory
}
