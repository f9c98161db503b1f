public import Foundation

/// A small key–value cache for upstream answers that are not charts or movies (search pages,
/// common codes), with the time they were fetched.
public protocol ResponseCache: Sendable {
    func cachedValue(for key: String) async throws -> CachedValue?
    func store(_ value: Data, for key: String, fetchedAt: Date) async throws
}

/// A cached upstream answer.
public struct CachedValue: Sendable, Hashable {
    public var data: Data
    public var fetchedAt: Date
    public init(data: Data, fetchedAt: Date) {
        self.data = data
        self.fetchedAt = fetchedAt
    }
}
