import BoxOfficeCore
import FluentKit
import Foundation
import Testing

@testable import BoxOfficeStore

/// Secret feed addresses in `feed_secrets`, on a real SQLite file and on PostgreSQL when set.
@Suite("Feed secrets: store and schema upgrade")
struct FeedSecretStoreTests {
    static let now = DiaryTime.normalized(Date(timeIntervalSince1970: 1_710_903_600.5))

    @Test(
        "one digest per person: replacing revokes the old one; another person's digest is theirs",
        arguments: Backend.enabled)
    func replaceAndLookUp(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let secrets = database.feedSecretRepository()
            let minji = try await AdminRepositoryTests.createUser("minji", in: database)
            let other = try await AdminRepositoryTests.createUser("other", in: database)
            #expect(try await secrets.secretCreatedAt(userID: minji.id) == nil)
            try await secrets.replaceSecret(digest: "d1", userID: minji.id, createdAt: Self.now)
            try await secrets.replaceSecret(digest: "o1", userID: other.id, createdAt: Self.now)
            #expect(try await secrets.userID(digest: "d1") == minji.id)
            #expect(try await secrets.userID(digest: "o1") == other.id)

            let later = Self.now.addingTimeInterval(60)
            try await secrets.replaceSecret(digest: "d2", userID: minji.id, createdAt: later)
            #expect(try await secrets.userID(digest: "d1") == nil, "rotating revokes the old address")
            #expect(try await secrets.userID(digest: "d2") == minji.id)
            #expect(try await secrets.secretCreatedAt(userID: minji.id) == later)
            #expect(try await database.rowCount(of: "feed_secrets") == 2)

            #expect(try await secrets.removeSecret(userID: minji.id))
            #expect(try await secrets.removeSecret(userID: minji.id) == false)
            #expect(try await secrets.userID(digest: "d2") == nil)
            #expect(try await secrets.userID(digest: "o1") == other.id)
        }
    }

    @Test("rotations racing for one person leave exactly one secret", arguments: Backend.enabled)
    func concurrentRotations(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let secrets = database.feedSecretRepository()
            let minji = try await AdminRepositoryTests.createUser("minji", in: database)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        try await secrets.replaceSecret(digest: "d\(index)", userID: minji.id, createdAt: Self.now)
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await database.rowCount(of: "feed_secrets") == 1)
            let found = try await (0..<8).asyncCount { try await secrets.userID(digest: "d\($0)") == minji.id }
            #expect(found == 1)
        }
    }

    @Test(
        "a database made by the previous schema gains feed_secrets in place and keeps its data",
        arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            // Everything before the feed secrets: the schema up to the keeper's tables, the diary's counts and sort
            // indexes, and the watchlist's.
            let previous =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
                + [AddDiaryVersion(), CreateDiaryStatCounts(), AddDiaryNoteSortIndexes(), CreateWatchlist()]
            let old = QuotaKeeperSchemaTests.migrator(previous, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            let minji = try await AdminRepositoryTests.createUser("minji", in: database)
            let chart = Fixtures.dailyChart()
            // As the code of that schema stored it (today's also keeps its market, in a later table).
            try await LegacyChartRows.save(chart, origin: "sample", on: database.database.requireSQL())
            await #expect(throws: (any Error).self) { try await database.rowCount(of: "feed_secrets") }

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            Fixtures.expectSame(
                try await database.chartRepository(origin: "sample").storedChart(for: chart.query), chart)
            try await database.feedSecretRepository().replaceSecret(digest: "d", userID: minji.id, createdAt: Self.now)
            #expect(try await database.feedSecretRepository().userID(digest: "d") == minji.id)

            // The upgrade was a batch of its own: reverting it drops only the new tables; migrating again restores them.
            let all = QuotaKeeperSchemaTests.migrator(
                previous + [CreateFeedSecrets(), CreateWebhooks()], on: database)
            try await all.revertLastBatch().get()
            await #expect(throws: (any Error).self) { try await database.rowCount(of: "feed_secrets") }
            #expect(try await database.diaryRepositories().users.user(id: minji.id) != nil)
            try await database.migrate()
            #expect(try await database.rowCount(of: "feed_secrets") == 0)
        }
    }
}

extension Range where Bound == Int {
    fileprivate func asyncCount(_ predicate: (Int) async throws -> Bool) async rethrows -> Int {
        var count = 0
        for index in self where try await predicate(index) { count += 1 }
        return count
    }
}
