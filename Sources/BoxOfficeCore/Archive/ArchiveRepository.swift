/// Queries over the archive of stored charts, scoped (like ``ChartRepository``) to one upstream origin.
/// Every method reads only unfiltered charts (no nation, multi-movie or region filter).
public protocol ArchiveRepository: Sendable {
    /// The stored unfiltered charts of `kind` whose first day lies in `range`, oldest first, without their rows.
    func chartStatuses(kind: ChartKind, startingIn range: DateRange) async throws -> [StoredChartStatus]
    /// A cheap summary of the daily charts of `range` and of the stored nations, to tell whether a period chart
    /// built earlier is still right.
    func fingerprint(of range: DateRange) async throws -> ArchiveFingerprint
    /// Per film, the archived daily top-10 figures of `range` summed (one element per film, in no order).
    func movieTotals(in range: DateRange) async throws -> [ArchivedMovieTotal]
    /// The film's rows in every archived daily chart, oldest first.
    func trendPoints(movieCode: String) async throws -> [TrendPoint]
    /// Films in the archived daily charts of `range` whose representative nation is not stored yet, or was stored
    /// before English titles were kept and still lacks one: either is looked up.
    func movieCodesWithoutNation(in range: DateRange) async throws -> [String]
    /// Stores films' representative nations (movie code → nation, `""` when KOBIS lists none), replacing earlier
    /// values: all of them or, when it throws, none.
    func saveRepresentativeNations(_ nations: [String: String]) async throws
    /// Stores films' nations as ``saveRepresentativeNations(_:)`` does, with the English titles KOBIS gives some of
    /// them (movie code → `movieNmEn`); a film without one here keeps any title stored before.
    func saveRepresentativeNations(_ nations: [String: String], englishTitles: [String: String]) async throws
    /// The stored English titles of those of `movieCodes` that have one.
    func englishTitles(of movieCodes: [String]) async throws -> [String: String]
    /// KOBIS has no details for the film: its nation is stored as unknown (`""`), unless it has one already (a film
    /// looked up again for its English title, or one another instance stored meanwhile), which it keeps; either way
    /// no run asks again.
    func saveNoDetails(movieCode: String) async throws
}

extension ArchiveRepository {
    /// A store that keeps no English titles stores the nations alone.
    public func saveRepresentativeNations(_ nations: [String: String], englishTitles: [String: String]) async throws {
        try await saveRepresentativeNations(nations)
    }

    /// A store that keeps no English titles knows none.
    public func englishTitles(of movieCodes: [String]) async throws -> [String: String] { [:] }

    /// A store that keeps no English titles looks up only films without a nation: theirs is unknown.
    public func saveNoDetails(movieCode: String) async throws {
        try await saveRepresentativeNation("", movieCode: movieCode)
    }

    /// Stores a film's representative nation (`""` when KOBIS lists none), replacing any earlier value.
    public func saveRepresentativeNation(_ nation: String, movieCode: String) async throws {
        try await saveRepresentativeNations([movieCode: nation])
    }
}
