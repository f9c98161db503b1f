/// A kept ``FilmRecord`` with the film's nation, as the store reads it for a records list (the nation joined from
/// the archive's films' nations at query time).
public struct RecordFilm: Sendable, Hashable {
    public var record: FilmRecord
    public var nation: MovieNationality

    public init(record: FilmRecord, nation: MovieNationality) {
        self.record = record
        self.nation = nation
    }
}
