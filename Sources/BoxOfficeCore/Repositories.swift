public import Foundation

/// Stores charts. Implementations return plain values and are scoped to one upstream origin, so
/// sample data and real KOBIS data never mix.
public protocol ChartRepository: Sendable {
    /// The stored chart answering `query`, if any (`stale` is always false here).
    func storedChart(for query: ChartQuery) async throws -> Chart?
    /// Stores `chart`, replacing any earlier copy for the same query.
    func save(_ chart: Chart) async throws
    /// Stored daily charts (unfiltered) with a day in `range`, oldest first.
    func dailyCharts(in range: DateRange) async throws -> [Chart]
}

/// Stores movie details.
public protocol MovieRepository: Sendable {
    func storedMovie(code: String) async throws -> Movie?
    func save(_ movie: Movie) async throws
}

/// A small key–value cache for upstream answers that are not charts or movies (search pages,
/// common codes), with the time they were fetched.
public protocol ResponseCache: Sendable {
    func cachedValue(for key: String) async throws -> CachedValue?
    func store(_ value: Data, for key: String, fetchedAt: Date) async throws
}

/// A cached upstream answer.
public struct CachedValue: Sendable, Hashable {
    public var data: Data
    public var fetchedAt: Date
    public init(data: Data, fetchedAt: Date) {
        self.data = data
        self.fetchedAt = fetchedAt
    }
}

/// Where charts and movies come from: KOBIS (or the simulator behind the same client).
public protocol BoxOfficeUpstream: Sendable {
    /// `kobis` or `sample`.
    var source: ChartSource { get }
    /// Fetches the chart for `query`. Throws ``BoxOfficeError``.
    func fetchChart(_ query: ChartQuery) async throws -> Chart
    /// Fetches a movie's details; `nil` when KOBIS knows no such code.
    func fetchMovie(code: String) async throws -> Movie?
    func searchMovies(_ query: MovieSearchQuery) async throws -> MovieSearchPage
    /// One page of the movie list of the films opening in `openYear` (every nation), each with its
    /// representative nation: `perPage` is at most 100. Throws ``BoxOfficeError``.
    func fetchMovieNations(openYear: Int, page: Int, perPage: Int) async throws -> MovieNationPage
    /// The wide-area regions for the region filter.
    func fetchRegions() async throws -> [Region]
}
