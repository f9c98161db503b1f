import BoxOfficeCore
import BoxOfficeStore
import Foundation
import Testing

@Suite("Movie repository")
struct MovieRepositoryTests {
    @Test("a movie round-trips with every detail", arguments: Backend.enabled)
    func roundTrip(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let movies = database.movieRepository(origin: "sample")
            var movie = Fixtures.movie()
            movie.stale = true
            try await movies.save(movie)

            let stored = try #require(try await movies.storedMovie(code: movie.code))
            #expect(stored.stale == false)
            #expect(abs(stored.fetchedAt.timeIntervalSince(movie.fetchedAt)) < 0.001)
            movie.stale = false
            movie.fetchedAt = stored.fetchedAt
            #expect(stored == movie)

            #expect(try await movies.storedMovie(code: "00000000") == nil)
        }
    }

    @Test("sparse movies and opaque codes round-trip", arguments: Backend.enabled)
    func sparse(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let movies = database.movieRepository(origin: "sample")
            let movie = Movie(code: "2023C109", title: "제목 없음", source: .sample, fetchedAt: Fixtures.fetchedAt)
            try await movies.save(movie)
            #expect(try await movies.storedMovie(code: "2023C109") == movie)
            #expect(try await movies.storedMovie(code: "2023c109") == nil)
        }
    }

    @Test("saving a movie again replaces it", arguments: Backend.enabled)
    func replacement(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let movies = database.movieRepository(origin: "sample")
            try await movies.save(Fixtures.movie())
            var newer = Fixtures.movie(title: "광해", fetchedAt: Fixtures.fetchedAt.addingTimeInterval(60))
            newer.runtimeMinutes = nil
            newer.openDate = nil
            try await movies.save(newer)
            #expect(try await movies.storedMovie(code: newer.code) == newer)
            #expect(try await database.rowCount(of: "movies") == 1)
        }
    }

    @Test("movies of one origin are invisible under another", arguments: Backend.enabled)
    func originIsolation(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let sample = database.movieRepository(origin: "sample")
            let kobis = database.movieRepository(origin: "kobis")
            try await sample.save(Fixtures.movie(title: "Sample title"))
            #expect(try await kobis.storedMovie(code: "20124079") == nil)
            try await kobis.save(Fixtures.movie(title: "KOBIS title"))
            #expect(try await sample.storedMovie(code: "20124079")?.title == "Sample title")
            #expect(try await kobis.storedMovie(code: "20124079")?.title == "KOBIS title")
        }
    }
}
