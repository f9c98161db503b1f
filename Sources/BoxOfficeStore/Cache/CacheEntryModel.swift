import FluentKit
import Foundation

/// A row of `cache_entries`: an upstream answer kept under a key.
final class CacheEntryModel: Model, @unchecked Sendable {
    // @unchecked: FluentKit models are mutable classes; each instance is used by one task at a time.
    static let schema = "cache_entries"

    @ID(key: .id) var id: UUID?
    @Field(key: "origin") var origin: String
    @Field(key: "key") var key: String
    @Field(key: "data") var data: Data
    @Field(key: "fetched_at") var fetchedAt: Date

    init() {}
}
