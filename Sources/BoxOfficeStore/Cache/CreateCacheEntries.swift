import FluentKit

/// Creates `cache_entries`.
struct CreateCacheEntries: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateCacheEntries" }

    func prepare(on database: any Database) async throws {
        try await database.schema(CacheEntryModel.schema)
            .id()
            .field("origin", .string, .required)
            .field("key", .string, .required)
            .field("data", .data, .required)
            .field("fetched_at", .datetime, .required)
            .unique(on: "origin", "key", name: "uq_cache_entries_origin_key")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CacheEntryModel.schema).delete()
    }
}
