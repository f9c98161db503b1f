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
        let films = try await sql.raw(
            """
            SELECT DISTINCT c.origin AS origin, c.source AS source, e.movie_code AS movie_code
            FROM chart_entries e JOIN charts c ON c.id = e.chart_id
            WHERE c.kind IN (\(bind: ChartKind.daily.rawValue), \(bind: ChartKind.weekend.rawValue))
              AND c.filter_key = \(bind: ChartFilters.none.key)
            """
        ).all()
        var byOrigin: [String: (source: ChartSource, codes: Set<String>)] = [:]
        for row in films {
            let origin = try row.decode(column: "origin", as: String.self)
            let source = ChartSource(rawValue: try row.decode(column: "source", as: String.self)) ?? .kobis
            byOrigin[origin, default: (source, [])].codes.insert(try row.decode(column: "movie_code", as: String.self))
        }
        for (origin, films) in byOrigin.sorted(by: { $0.key < $1.key }) {
            let archiveStart = try await FilmRecordRows.archiveStart(origin: origin, on: database)
            let codes = films.codes.sorted()
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
