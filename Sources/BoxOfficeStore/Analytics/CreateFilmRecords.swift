import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Creates `film_runs` and `film_run_milestones` (``FilmRecordRows``) and fills them from the charts already stored,
/// so that a store made by the schema before it upgrades in place.
struct CreateFilmRecords: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateFilmRecords" }

    func prepare(on database: any Database) async throws {
        try await database.schema(FilmRecordRows.schema)
            .field("origin", .string, .required)
            .field("movie_code", .string, .required)
            .field("title", .string, .required)
            .field("open_date", .string)
            .field("open_year", .int)
            .field("reach", .string, .required)
            .field("final_date", .string)
            .field("final_audience", .int64, .required)
            .field("final_sales", .int64, .required)
            .field("opening_weekend", .int64)
            .field("opening_partial", .bool, .required)
            .field("second_drop", .double)
            .field("legs", .double)
            .field("legs_listed", .double)
            .field("drop_listed", .double)
            .field("days_at_one", .int, .required)
            .field("streak_days", .int, .required)
            .field("streak_start", .string)
            .field("streak_end", .string)
            .field("days_in_top10", .int, .required)
            .unique(on: "origin", "movie_code", name: "uq_film_runs_origin_movie_code")
            .create()
        try await database.schema(FilmRecordRows.milestoneSchema)
            .field("origin", .string, .required)
            .field("movie_code", .string, .required)
            .field("threshold", .int64, .required)
            .field("earliest", .string, .required)
            .field("latest", .string, .required)
            .field("day_low", .int)
            .field("day_high", .int)
            .field("open_year", .int)
            .unique(on: "origin", "movie_code", "threshold", name: "uq_film_run_milestones_film")
            .create()
        let sql = try database.requireSQL()
        // Each list walks one of these in order and stops at its limit.
        for column in ["final_audience", "final_sales", "streak_days", "days_at_one", "legs_listed", "drop_listed"] {
            try await sql.create(index: "idx_film_runs_origin_\(column)")
                .on(FilmRecordRows.schema).column("origin").column(column)
                .run()
        }
        try await sql.create(index: "idx_film_runs_origin_open_year")
            .on(FilmRecordRows.schema).column("origin").column("open_year")
            .run()
        try await sql.create(index: "idx_film_run_milestones_fastest")
            .on(FilmRecordRows.milestoneSchema).column("origin").column("threshold").column("day_high")
            .run()
        try await fill(on: database)
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FilmRecordRows.milestoneSchema).delete()
        try await database.schema(FilmRecordRows.schema).delete()
    }

    /// Keeps the record of every film of the charts already stored, an origin and a batch of films at a time.
    private func fill(on database: any Database) async throws {
        let sql = try database.requireSQL()
        for films in try await FilmRecordRows.chartedFilms(on: sql) {
            let archiveStart = try await FilmRecordRows.archiveStart(origin: films.origin, on: database)
            // `film_run_paces` comes later, and fills itself.
            try await FilmRecordRows.refresh(
                movieCodes: films.codes, origin: films.origin, source: films.source, archiveStart: archiveStart,
                paces: false, on: database)
        }
    }
}
