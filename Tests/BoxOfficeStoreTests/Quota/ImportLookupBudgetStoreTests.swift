import BoxOfficeCore
import Foundation
import Testing

@testable import BoxOfficeStore

@Suite("Import look-ups per person and KST day on an SQLite file and on PostgreSQL")
struct ImportLookupBudgetStoreTests {
    static let day = CalendarDate(year: 2026, month: 11, day: 28)!

    @Test(
        "look-ups are counted per person and day up to the limit, atomically across instances",
        arguments: Backend.enabled)
    func counts(backend: Backend) async throws {
        try await TestStore.with(backend) { database, store in
            let minji = try await AdminRepositoryTests.createUser("minji", in: database)
            let jisoo = try await AdminRepositoryTests.createUser("jisoo", in: database)
            let other = try store.open()
            let stores = [database.importLookupBudgetStore(), other.importLookupBudgetStore()]
            // 40 look-ups at once on two instances against a limit of 25: exactly 25 are counted.
            let counted = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<40 {
                    let budget = stores[index % 2]
                    group.addTask { try await budget.spend(userID: minji.id, day: Self.day, limit: 25) }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            await other.shutdown()
            #expect(counted == 25)
            let budget = database.importLookupBudgetStore()
            #expect(try await budget.spent(userID: minji.id, day: Self.day) == 25)
            #expect(try await budget.spend(userID: minji.id, day: Self.day, limit: 25) == false)
            // Another person, and the next day, start from nothing.
            #expect(try await budget.spend(userID: jisoo.id, day: Self.day, limit: 25))
            #expect(try await budget.spend(userID: minji.id, day: Self.day.adding(days: 1), limit: 25))
            #expect(try await budget.spent(userID: jisoo.id, day: Self.day) == 1)
            // A limit of nothing counts nothing.
            #expect(try await budget.spend(userID: jisoo.id, day: Self.day, limit: 0) == false)
            #expect(try await budget.spent(userID: jisoo.id, day: Self.day.adding(days: 2)) == 0)
        }
    }

    @Test(
        "a database made by the previous schema gains import_lookups in place and keeps its data",
        arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let previous =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
                + QuotaKeeperSchemaTests.later.prefix { !($0 is CreateImportLookups) }
            let old = QuotaKeeperSchemaTests.migrator(previous, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            let minji = try await AdminRepositoryTests.createUser("minji", in: database)
            #expect(
                try await database.quotaLedgerStore().spend(keyID: "k", day: Self.day, purpose: .lookups, ceiling: 9))
            await #expect(throws: (any Error).self) { try await database.rowCount(of: "import_lookups") }

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            #expect(try await database.diaryRepositories().users.user(id: minji.id) != nil)
            #expect(try await database.quotaLedgerStore().usage(keyID: "k", day: Self.day)[.lookups] == 1)
            #expect(try await database.importLookupBudgetStore().spend(userID: minji.id, day: Self.day, limit: 1))

            // The upgrade was a batch of its own: reverting it drops only the new table; migrating again restores it.
            let all = QuotaKeeperSchemaTests.migrator(previous + [CreateImportLookups()], on: database)
            try await all.revertLastBatch().get()
            await #expect(throws: (any Error).self) { try await database.rowCount(of: "import_lookups") }
            #expect(try await database.diaryRepositories().users.user(id: minji.id) != nil)
            try await database.migrate()
            #expect(try await database.rowCount(of: "import_lookups") == 0)
        }
    }
}
