/// The films' kept records (``FilmRecord``), scoped to one origin like ``ArchiveRepository``: what the records lists
/// read. Every method answers from the store alone, through indexes, never by reading the archive's rows.
public protocol RecordsRepository: Sendable {
    /// At most `query.limit` films in `order` (as ``RecordsRanking/rank(_:order:query:)`` defines it), filtered by
    /// `query`'s year, since, nation and threshold.
    func films(ordered order: RecordOrder, query: RecordsQuery) async throws -> [RecordFilm]
    /// Every kept record of the origin, in no order (for checks and tests).
    func allRecords() async throws -> [FilmRecord]
}
