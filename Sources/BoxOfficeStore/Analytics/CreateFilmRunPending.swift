import FluentKit

/// Creates `film_run_pending` (``FilmRecordRows``): the films whose kept records wait for
/// ``FilmRecordRows/catchUp(origin:on:)`` because a run stored their charts with the records left for later.
/// It starts empty, so a store made by the schema before it upgrades in place with nothing to do.
struct CreateFilmRunPending: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateFilmRunPending" }

    func prepare(on database: any Database) async throws {
        try await database.schema(FilmRecordRows.pendingSchema)
            .field("origin", .string, .required)
            .field("movie_code", .string, .required)
            .unique(on: "origin", "movie_code", name: "uq_film_run_pending_film")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FilmRecordRows.pendingSchema).delete()
    }
}
