import BoxOfficeCore
import BoxOfficeStore
import Foundation
import Testing

@Suite("The quota ledger's counters on an SQLite file and on PostgreSQL")
struct QuotaLedgerStoreTests {
    static let day = CalendarDate(year: 2026, month: 11, day: 25)!
    static let key = "key-digest"

    @Test("calls are counted by purpose, and every purpose adds to the day's total", arguments: Backend.enabled)
    func countsByPurpose(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let ledger = database.quotaLedgerStore()
            #expect(try await ledger.usage(keyID: Self.key, day: Self.day).isEmpty)
            let calls: [KOBISCallPurpose: Int] = [.readers: 3, .keeper: 2, .sync: 1, .backfill: 4, .lookups: 5]
            for (purpose, count) in calls.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                for _ in 0..<count {
                    #expect(try await ledger.spend(keyID: Self.key, day: Self.day, purpose: purpose, ceiling: 100))
                }
            }
            #expect(try await ledger.usage(keyID: Self.key, day: Self.day) == calls)
            let usage = QuotaUsage(
                day: Self.day, policy: QuotaPolicy(), byPurpose: try await ledger.usage(keyID: Self.key, day: Self.day))
            #expect(usage.used == 15)
        }
    }

    @Test("a call past the ceiling is refused and not counted; no ceiling refuses nothing", arguments: Backend.enabled)
    func ceiling(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let ledger = database.quotaLedgerStore()
            for _ in 0..<3 {
                let counted = try await ledger.spend(keyID: Self.key, day: Self.day, purpose: .keeper, ceiling: 3)
                #expect(counted)
            }
            #expect(try await ledger.spend(keyID: Self.key, day: Self.day, purpose: .keeper, ceiling: 3) == false)
            // A reader's higher ceiling still has room; then it is reached too.
            #expect(try await ledger.spend(keyID: Self.key, day: Self.day, purpose: .readers, ceiling: 4))
            #expect(try await ledger.spend(keyID: Self.key, day: Self.day, purpose: .readers, ceiling: 4) == false)
            #expect(
                try await ledger.usage(keyID: Self.key, day: Self.day) == [
                    .readers: 1, .keeper: 3, .sync: 0, .backfill: 0, .lookups: 0,
                ])
            for _ in 0..<5 {
                #expect(try await ledger.spend(keyID: Self.key, day: Self.day, purpose: .sync, ceiling: nil))
            }
            #expect(try await ledger.usage(keyID: Self.key, day: Self.day)[.sync] == 5)
            // A ceiling of nothing refuses the first call and leaves no row.
            let other = Self.day.adding(days: 1)
            #expect(try await ledger.spend(keyID: Self.key, day: other, purpose: .readers, ceiling: 0) == false)
            #expect(try await ledger.usage(keyID: Self.key, day: other).isEmpty)
        }
    }

    @Test("days and keys are counted apart", arguments: Backend.enabled)
    func daysAndKeysApart(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let ledger = database.quotaLedgerStore()
            let tomorrow = Self.day.adding(days: 1)
            for _ in 0..<2 {
                let counted = try await ledger.spend(keyID: Self.key, day: Self.day, purpose: .keeper, ceiling: 2)
                #expect(counted)
            }
            #expect(try await ledger.spend(keyID: Self.key, day: Self.day, purpose: .keeper, ceiling: 2) == false)
            // The next day and another key start from nothing.
            #expect(try await ledger.spend(keyID: Self.key, day: tomorrow, purpose: .keeper, ceiling: 2))
            #expect(try await ledger.spend(keyID: "other-key", day: Self.day, purpose: .lookups, ceiling: 2))
            #expect(try await ledger.usage(keyID: Self.key, day: Self.day)[.keeper] == 2)
            #expect(
                try await ledger.usage(keyID: Self.key, day: tomorrow) == [
                    .readers: 0, .keeper: 1, .sync: 0, .backfill: 0, .lookups: 0,
                ])
            #expect(
                try await ledger.usage(keyID: "other-key", day: Self.day) == [
                    .readers: 0, .keeper: 0, .sync: 0, .backfill: 0, .lookups: 1,
                ])
            #expect(try await ledger.usage(keyID: "other-key", day: tomorrow).isEmpty)
        }
    }

    @Test(
        "200 calls at once from two instances: exactly the ceiling is counted, whatever the purposes",
        arguments: Backend.enabled)
    func ceilingHoldsUnderConcurrency(backend: Backend) async throws {
        try await TestStore.with(backend) { first, store in
            let second = try store.open()
            do {
                let ledgers = [first.quotaLedgerStore(), second.quotaLedgerStore()]
                let ceiling = 137
                let purposes = KOBISCallPurpose.allCases
                let counted = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for index in 0..<200 {
                        let ledger = ledgers[index % 2]
                        let purpose = purposes[index % purposes.count]
                        group.addTask {
                            try await ledger.spend(keyID: Self.key, day: Self.day, purpose: purpose, ceiling: ceiling)
                        }
                    }
                    return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
                #expect(counted == ceiling)
                let usage = try await first.quotaLedgerStore().usage(keyID: Self.key, day: Self.day)
                #expect(usage.values.reduce(0, +) == ceiling)
                #expect(
                    try await second.quotaLedgerStore().spend(
                        keyID: Self.key, day: Self.day, purpose: .readers, ceiling: ceiling) == false)
            } catch {
                await second.shutdown()
                throw error
            }
            await second.shutdown()
        }
    }

    @Test(
        "a block of calls is counted whole or not at all, and calls not made are given back",
        arguments: Backend.enabled)
    func blocksAndGivingBack(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let ledger = database.quotaLedgerStore()
            func spend(_ calls: Int) async throws -> Bool {
                try await ledger.spend(keyID: Self.key, day: Self.day, purpose: .sync, calls: calls, ceiling: 10)
            }
            #expect(try await spend(8))
            #expect(try await spend(8) == false, "8 + 8 would pass the ceiling of 10")
            #expect(try await ledger.usage(keyID: Self.key, day: Self.day)[.sync] == 8)
            #expect(try await spend(2))
            #expect(try await spend(1) == false)
            try await ledger.giveBack(keyID: Self.key, day: Self.day, purpose: .sync, calls: 3)
            #expect(try await ledger.usage(keyID: Self.key, day: Self.day)[.sync] == 7)
            // Never more than the purpose counted, and never another purpose's calls.
            try await ledger.giveBack(keyID: Self.key, day: Self.day, purpose: .sync, calls: 8)
            try await ledger.giveBack(keyID: Self.key, day: Self.day, purpose: .keeper, calls: 1)
            let usage = try await ledger.usage(keyID: Self.key, day: Self.day)
            #expect(usage[.sync] == 7 && usage[.keeper] == 0)
            #expect(QuotaUsage(day: Self.day, policy: QuotaPolicy(), byPurpose: usage).used == 7)
        }
    }

    @Test(
        "30 background calls at once through two instances' ledgers, ceiling 10: 10 made, 10 counted once given back",
        arguments: Backend.enabled)
    func prepaidBlocksKeepTheCeiling(backend: Backend) async throws {
        try await TestStore.with(backend) { first, store in
            let second = try store.open()
            do {
                let calendar = BoxOfficeCalendar(now: { Date(timeIntervalSince1970: 1_764_000_000) })
                let policy = QuotaPolicy(limit: 14, reserve: 4)
                let ledgers = [first, second].map {
                    QuotaLedger(store: $0.quotaLedgerStore(), keyID: Self.key, policy: policy, calendar: calendar)
                }
                let made = await KOBISCallPurpose.$current.withValue(.backfill) {
                    await withTaskGroup(of: Bool.self) { group in
                        for index in 0..<30 {
                            group.addTask { (try? await ledgers[index % 2].admit()) != nil }
                        }
                        return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                    }
                }
                #expect(made == 10)
                for ledger in ledgers { await ledger.giveBackPrepaid(.backfill) }
                let usage = try await ledgers[0].usage()
                #expect(usage.byPurpose[.backfill] == 10)
                #expect(usage.used == 10)
            } catch {
                await second.shutdown()
                throw error
            }
            await second.shutdown()
        }
    }
}
