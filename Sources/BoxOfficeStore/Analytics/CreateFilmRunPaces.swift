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
        try await fill(on: database)
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FilmRunPaceRows.schema).delete()
    }

    /// Keeps the paces of every film of the charts already stored, an origin and a batch of films at a time.
    private func fill(on database: any Database) async throws {
        let sql = try database.requireSQL()
        for films in try await FilmRecordRows.chartedFilms(on: sql) {
            let origin = films.origin
            let archiveStart = try await FilmRecordRows.archiveStart(origin: origin, on: database)
            let codes = films.codes
            for start in stride(from: 0, to: codes.count, by: 200) {
                let batch = Array(codes[start..<min(codes.count, start + 200)])
                let histories = try await FilmRecordRows.histories(
                    of: batch, origin: origin, source: films.source, archiveStart: archiveStart, on: sql)
                try await FilmRunPaceRows.replace(
                    batch, histories: histories, runs: histories.mapValues { FilmRun(history: $0) }, origin: origin,
                    on: sql)
            }
        }
    }
}
