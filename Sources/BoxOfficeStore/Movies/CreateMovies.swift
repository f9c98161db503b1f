import FluentKit

/// Creates `movies`.
struct CreateMovies: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateMovies" }

    func prepare(on database: any Database) async throws {
        try await database.schema(MovieModel.schema)
            .id()
            .field("origin", .string, .required)
            .field("code", .string, .required)
            .field("title", .string, .required)
            .field("open_date", .string)
            .field("production_year", .int)
            .field("fetched_at", .datetime, .required)
            .field("payload", .string, .required)
            .unique(on: "origin", "code", name: "uq_movies_origin_code")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MovieModel.schema).delete()
    }
}
