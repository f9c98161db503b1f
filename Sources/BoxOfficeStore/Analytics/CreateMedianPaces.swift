import BoxOfficeCore
import FluentKit
import SQLKit

/// Creates `median_paces` (``MedianPaceRows``) and keeps the line of every origin whose films reached 1000만, from
/// the records and paces already kept, so that a store made by the schema before it upgrades in place.
struct CreateMedianPaces: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateMedianPaces" }

    func prepare(on database: any Database) async throws {
        try await database.schema(MedianPaceRows.schema)
            .field("origin", .string, .required)
            .field("threshold", .int64, .required)
            .field("line", .string, .required)
            .unique(on: "origin", "threshold", name: "uq_median_paces_origin_threshold")
            .create()
        let sql = try database.requireSQL()
        let origins = try await sql.raw(
            """
            SELECT DISTINCT origin FROM film_run_milestones WHERE threshold = \(bind: MedianPace.milestone)
            ORDER BY origin
            """
        ).all().map { try $0.decode(column: "origin", as: String.self) }
        for origin in origins {
            try await MedianPaceRows.refresh(origin: origin, on: sql)
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MedianPaceRows.schema).delete()
    }
}
