public import BoxOfficeCore

/// The JSON of `GET /api/v1/charts/period` and of `boxoffice top --format json`: a ``PeriodChart`` whose coverage
/// carries `syncCommand`, the `boxoffice sync …` command that fills the period's gap (spelled by `SyncCommandLine`;
/// omitted when there is no gap). The core keeps only the typed range to sync, which this JSON does not show.
public struct PeriodChartBody: Encodable, Sendable {
    /// How much of the period the archive holds, as the API shows it (openapi.json's `ArchiveCoverage`).
    struct Coverage: Encodable, Sendable {
        var days: Int
        var archivedDays: Int
        var provisionalDays: Int
        var missingDays: Int
        var missing: [DateRange]
        var isComplete: Bool
        var syncCommand: String?

        init(_ coverage: ArchiveCoverage) {
            days = coverage.days
            archivedDays = coverage.archivedDays
            provisionalDays = coverage.provisionalDays
            missingDays = coverage.missingDays
            missing = coverage.missing
            isComplete = coverage.isComplete
            syncCommand = SyncCommandLine.text(for: coverage)
        }
    }

    var kind: String
    var range: DateRange
    var source: ChartSource
    var coverage: Coverage
    var audience: Int64
    var sales: Int64
    var movieCount: Int
    var nations: [PeriodNationShare]
    var entries: [PeriodEntry]

    /// The body of `chart`, its words as they are (apply `KOBISVocabulary` before for English nations).
    public init(_ chart: PeriodChart) {
        kind = chart.kind
        range = chart.range
        source = chart.source
        coverage = Coverage(chart.coverage)
        audience = chart.audience
        sales = chart.sales
        movieCount = chart.movieCount
        nations = chart.nations
        entries = chart.entries
    }
}
