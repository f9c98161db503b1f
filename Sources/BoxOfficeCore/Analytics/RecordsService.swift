/// The records from the archive (`/records/…`, `boxoffice records …`): fastest to a milestone, the largest finals,
/// #1 streaks, legs and drops, read from the films' kept records. It never calls KOBIS.
public struct RecordsService: Sendable {
    private let records: any RecordsRepository
    /// Internal for tests, which watch askers join it.
    let question: ArchiveQuestion<RecordsQuery, RecordsReport>
    /// Where the archived charts came from (`kobis` or `sample`).
    public let source: ChartSource

    /// The records in `records`, worked out through `gate` (shared with the other archive questions).
    public init(records: any RecordsRepository, source: ChartSource, gate: AnalyticsGate = AnalyticsGate()) {
        self.records = records
        question = ArchiveQuestion(gate: gate)
        self.source = source
    }

    /// The lists a kind of records shows, in order.
    public static func orders(of query: RecordsQuery) -> [RecordOrder] {
        switch query.kind {
        case .milestones: return [.fastest]
        case .totals: return [query.measure == .sales ? .sales : .audience]
        case .streaks: return [.longestStreak, .daysAtNumberOne]
        case .legs: return [.legs, .secondWeekendDrop]
        }
    }

    /// The answer to `query`.
    public func report(_ query: RecordsQuery) async throws -> RecordsReport {
        try await question.answer(query) { try await workOut($0) }
    }

    private func workOut(_ query: RecordsQuery) async throws -> RecordsReport {
        var lists: [RecordList] = []
        for order in Self.orders(of: query) {
            let films = Array(try await records.films(ordered: order, query: query).prefix(query.limit))
            let places = RecordsRanking.places(films, order: order, threshold: query.threshold)
            let entries = zip(places, films).map { place, film in
                RecordEntry(rank: place, film: film, threshold: query.threshold)
            }
            lists.append(RecordList(order: order, entries: entries))
        }
        return RecordsReport(query: query, source: source, lists: lists)
    }
}
