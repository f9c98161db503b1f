import FluentKit
import Foundation

/// Creates `movie_nations`: each archived film's representative nation, for the Korean vs foreign share of
/// period charts. Kept apart from `movies` (whose details are one JSON payload) so period queries join a
/// small indexed table instead of parsing JSON.
struct CreateMovieNations: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateMovieNations" }

    func prepare(on database: any Database) async throws {
        try await database.schema(MovieNationModel.schema)
            .id()
            .field("origin", .string, .required)
            .field("movie_code", .string, .required)
            .field("nation", .string, .required)
            .field("stored_at", .datetime, .required)
            .unique(on: "origin", "movie_code", name: "uq_movie_nations_origin_movie_code")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MovieNationModel.schema).delete()
    }
}
