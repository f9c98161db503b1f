import BoxOfficeCore
import BoxOfficeStore
import Foundation
import Testing

@Suite("Response cache")
struct ResponseCacheTests {
    @Test("values round-trip byte for byte with their fetch time", arguments: Backend.enabled)
    func roundTrip(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let cache = database.responseCache(origin: "sample")
            let binary = Data((0...255).map(UInt8.init) + [0, 0, 0xFF])
            let json = Data(#"{"movieListResult":{"totCnt":1,"movieList":[{"movieNm":"광해"}]}}"#.utf8)
            let large = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            for (key, value) in [("binary", binary), ("search:t=광해|p=1", json), ("large", large), ("empty", Data())] {
                try await cache.store(value, for: key, fetchedAt: Fixtures.fetchedAt)
                let cached = try #require(try await cache.cachedValue(for: key))
                #expect(cached.data == value, "\(key)")
                #expect(abs(cached.fetchedAt.timeIntervalSince(Fixtures.fetchedAt)) < 0.001)
            }
            #expect(try await cache.cachedValue(for: "missing") == nil)
        }
    }

    @Test("storing under a key again replaces the value", arguments: Backend.enabled)
    func replacement(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let cache = database.responseCache(origin: "sample")
            try await cache.store(Data("old".utf8), for: "regions", fetchedAt: Fixtures.fetchedAt)
            let later = Fixtures.fetchedAt.addingTimeInterval(86_400.25)
            try await cache.store(Data("new".utf8), for: "regions", fetchedAt: later)
            let cached = try #require(try await cache.cachedValue(for: "regions"))
            #expect(cached.data == Data("new".utf8))
            #expect(abs(cached.fetchedAt.timeIntervalSince(later)) < 0.001)
            #expect(try await database.rowCount(of: "cache_entries") == 1)
        }
    }

    @Test("cache entries of one origin are invisible under another", arguments: Backend.enabled)
    func originIsolation(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let sample = database.responseCache(origin: "sample")
            let kobis = database.responseCache(origin: "kobis")
            try await sample.store(Data("sample".utf8), for: "regions", fetchedAt: Fixtures.fetchedAt)
            #expect(try await kobis.cachedValue(for: "regions") == nil)
            try await kobis.store(Data("kobis".utf8), for: "regions", fetchedAt: Fixtures.fetchedAt)
            #expect(try await sample.cachedValue(for: "regions")?.data == Data("sample".utf8))
            #expect(try await kobis.cachedValue(for: "regions")?.data == Data("kobis".utf8))
        }
    }
}
