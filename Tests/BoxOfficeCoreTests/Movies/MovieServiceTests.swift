import BoxOfficeCore
import Foundation
import KOBIS
import Testing

/// A ResponseCache in memory, preloadable with any bytes.
actor InMemoryResponseCache: ResponseCache {
    var entries: [String: CachedValue] = [:]
    init(entries: [String: CachedValue] = [:]) { self.entries = entries }
    func cachedValue(for key: String) async throws -> CachedValue? { entries[key] }
    func store(_ value: Data, for key: String, fetchedAt: Date) async throws {
        entries[key] = CachedValue(data: value, fetchedAt: fetchedAt)
    }
}

actor NoMovies: MovieRepository {
    func storedMovie(code: String) async throws -> Movie? { nil }
    func save(_ movie: Movie) async throws {}
}

/// Regions from a counter, so each upstream call is visible.
final class RegionUpstream: BoxOfficeUpstream, Sendable {
    private let calls = Locked(0)
    let source = ChartSource.sample
    var callCount: Int { calls.withLock { $0 } }
    /// No film lists here: these tests never sync.
    func fetchMovieNations(openYear: Int, page: Int, perPage: Int) async throws -> MovieNationPage {
        MovieNationPage(year: openYear, totalCount: 0, page: page, perPage: perPage, movies: [])
    }
    func fetchRegions() async throws -> [Region] {
        let n = calls.withLock { calls -> Int in
            calls += 1
            return calls
        }
        return [Region(code: "010500\(n)", koreanName: "지역\(n)", englishName: "Region \(n)")]
    }
    func fetchChart(_ query: ChartQuery) async throws -> Chart { throw BoxOfficeError.notFound(.movie(code: "none")) }
    func fetchMovie(code: String) async throws -> Movie? { nil }
    func searchMovies(_ query: MovieSearchQuery) async throws -> MovieSearchPage {
        MovieSearchPage(totalCount: 0, page: 1, perPage: 20, movies: [])
    }
}

@Suite("MovieService caching")
struct MovieServiceTests {
    @Test("fresh cached regions are served without an upstream call; a corrupt entry is refetched, not an error")
    func regionsCache() async throws {
        let clock = TestClock(seoul(2026, 11, 22, 8))
        let corrupt = InMemoryResponseCache(entries: [
            "regions": CachedValue(data: Data("not json".utf8), fetchedAt: clock.now)
        ])
        let upstream = RegionUpstream()
        let service = MovieService(
            upstream: upstream, repository: NoMovies(), cache: corrupt, calendar: BoxOfficeCalendar(now: clock.function)
        )
        let first = try await service.regions()
        #expect(first.map(\.code) == ["0105001"])
        #expect(upstream.callCount == 1)
        let second = try await service.regions()
        #expect(second == first)
        #expect(upstream.callCount == 1)
        clock.advance(31 * 86_400)
        #expect(try await service.regions().map(\.code) == ["0105002"])
        #expect(upstream.callCount == 2)
    }

    @Test("a stored film KOBIS no longer answers for is served as kept, marked stale, never a 404")
    func storedFilmKOBISForgot() async throws {
        let clock = TestClock(seoul(2026, 11, 22, 8))
        let kept = Movie(code: "20240001", title: "가상 영화", source: .kobis, fetchedAt: clock.now)
        let upstream = RegionUpstream()
        let service = MovieService(
            upstream: upstream, repository: OneMovie(movie: kept), cache: InMemoryResponseCache(),
            calendar: BoxOfficeCalendar(now: clock.function), movieTTL: 60)
        clock.advance(3600)
        let movie = try await service.movie(code: "20240001")
        #expect(movie.title == "가상 영화" && movie.stale)
        await #expect(throws: BoxOfficeError.self) { _ = try await service.movie(code: "20240002") }
    }
}

/// A store holding one film.
actor OneMovie: MovieRepository {
    let movie: Movie
    init(movie: Movie) { self.movie = movie }
    func storedMovie(code: String) async throws -> Movie? { code == movie.code ? movie : nil }
    func save(_ movie: Movie) async throws {}
}
