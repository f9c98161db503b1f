import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Upstream answers in `cache_entries`, scoped to one origin.
struct FluentResponseCache: ResponseCache {
    let database: any Database
    let origin: String

    func cachedValue(for key: String) async throws -> CachedValue? {
        try await StorageFailure.run("read a cached answer", logger: database.logger) {
            try await CacheEntryModel.query(on: database)
                .filter(\.$origin == origin)
                .filter(\.$key == key)
                .first()
                .map { CachedValue(data: $0.data, fetchedAt: $0.fetchedAt) }
        }
    }

    func store(_ value: Data, for key: String, fetchedAt: Date) async throws {
        try await StorageFailure.run("cache an answer", logger: database.logger) {
            try await database.requireSQL()
                .insert(into: CacheEntryModel.schema)
                .columns("id", "origin", "key", "data", "fetched_at")
                .values([SQLBind(UUID()), SQLBind(origin), SQLBind(key), SQLBind(value), SQLBind(fetchedAt)])
                .onConflict(with: ["origin", "key"]) {
                    $0.set(excludedValueOf: "data").set(excludedValueOf: "fetched_at")
                }
                .run()
        }
    }
}
