import BoxOfficeCore
import FluentKit
import SQLKit

/// Creates `film_run_paces` (``FilmRunPaceRows``) and fills it from the charts already stored, a batch of films at a
/// time, so that a store made by the schema before it upgrades in place.
struct CreateFilmRunPaces: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateFilmRunPaces" }

    func prepare(on database: any Database) async throws {
        try await database.schema(FilmRunPaceRows.schema)
            .field("origin", .string, .required)
            .field("movie_code", .string, .required)
            .field("day", .int, .required)
            .field("audience", .int64, .required)
            .field("last_day", .string, .required)
            .unique(on: "origin", "movie_code", "day", name: "uq_film_run_paces_film_day")
            .create()
        let sql = try database.requireSQL()
        // 천만 전망 reads the films near a cumulative on one day of run, and counts them, along this.
        try await sql.create(index: "idx_film_run_paces_origin_day_audience")
            .on(FilmRunPaceRows.schema).column("origin").column("day").column("audience")
            .run()
        try await FilmRunPaceRows.fill(replacing: false, on: database)
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FilmRunPaceRows.schema).delete()
    }
}
