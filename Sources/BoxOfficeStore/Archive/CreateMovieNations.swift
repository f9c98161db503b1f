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

/// A row of `movie_nations`.
final class MovieNationModel: Model, @unchecked Sendable {
    static let schema = "movie_nations"

    @ID(key: .id) var id: UUID?
    @Field(key: "origin") var origin: String
    /// The KOBIS `movieCd`.
    @Field(key: "movie_code") var movieCode: String
    /// The first nation KOBIS lists for the film (`한국`, `미국`, …), or `""` when it lists none.
    @Field(key: "nation") var nation: String
    /// When the nation was last written: period charts cached in memory are rebuilt after it changes.
    @Field(key: "stored_at") var storedAt: Date

    init() {}
}
