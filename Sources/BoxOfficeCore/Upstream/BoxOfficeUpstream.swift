import Foundation

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
