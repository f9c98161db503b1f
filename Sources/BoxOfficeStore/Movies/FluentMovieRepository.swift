import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Movie details in `movies`, scoped to one origin, stored as JSON.
struct FluentMovieRepository: MovieRepository {
    let database: any Database
    let origin: String

    func storedMovie(code: String) async throws -> Movie? {
        try await StorageFailure.run("read a stored movie", logger: database.logger) {
            guard
                let model = try await MovieModel.query(on: database)
                    .filter(\.$origin == origin)
                    .filter(\.$code == code)
                    .first()
            else { return nil }
            var movie: Movie
            do {
                movie = try JSONDecoder().decode(Movie.self, from: Data(model.payload.utf8))
            } catch {
                throw BoxOfficeError.storage("The stored movie \(code) is corrupt: \(error)")
            }
            movie.stale = false
            return movie
        }
    }

    func save(_ movie: Movie) async throws {
        try await StorageFailure.run("store a movie", logger: database.logger) {
            var stored = movie
            stored.stale = false
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            // The default date strategy keeps full precision, so fetchedAt round-trips exactly.
            let payload = String(decoding: try encoder.encode(stored), as: UTF8.self)
            try await database.requireSQL()
                .insert(into: MovieModel.schema)
                .columns("id", "origin", "code", "title", "open_date", "production_year", "fetched_at", "payload")
                .values([
                    SQLBind(UUID()), SQLBind(origin), SQLBind(movie.code), SQLBind(movie.title),
                    (movie.openDate?.isoString).sqlBindOrNull, movie.productionYear.sqlBindOrNull,
                    SQLBind(movie.fetchedAt), SQLBind(payload),
                ])
                .onConflict(with: ["origin", "code"]) {
                    $0.set(excludedValueOf: "title")
                        .set(excludedValueOf: "open_date")
                        .set(excludedValueOf: "production_year")
                        .set(excludedValueOf: "fetched_at")
                        .set(excludedValueOf: "payload")
                }
                .run()
            // A film whose nation was kept without an English title (read before titles were kept) gets the
            // details' one: English pages read titles beside the nations.
            if let title = Movie.keptEnglishTitle(movie.titleEnglish) {
                try await MovieNationModel.fillMissingEnglishTitle(
                    title, movieCode: movie.code, origin: origin, on: database.requireSQL())
            }
        }
    }
}
