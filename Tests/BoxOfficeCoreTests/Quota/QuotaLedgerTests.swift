import BoxOfficeCore
import Foundation
import KOBIS
import Testing

@Suite("Quota ledger: admitting calls")
struct QuotaLedgerTests {
    /// A store that cannot count (the database is down).
    struct BrokenStore: QuotaLedgerStore {
        func spend(keyID: String, day: CalendarDate, purpose: KOBISCallPurpose, calls: Int, ceiling: Int?)
            async throws -> Bool
        {
            throw BoxOfficeError.storage("the database is down")
        }
        func giveBack(keyID: String, day: CalendarDate, purpose: KOBISCallPurpose, calls: Int) async throws {
            throw BoxOfficeError.storage("the database is down")
        }
        func usage(keyID: String, day: CalendarDate) async throws -> [KOBISCallPurpose: Int] {
            throw BoxOfficeError.storage("the database is down")
        }
    }

    static let calendar = BoxOfficeCalendar(now: { seoul(2024, 3, 20, 12) })

    @Test("when the store cannot count, readers' calls go ahead and background calls are refused; both are reported")
    func brokenStore() async throws {
        let problems = Locked<[String]>([])
        let ledger = QuotaLedger(
            store: BrokenStore(), keyID: "test", policy: QuotaPolicy(), calendar: Self.calendar,
            reportProblem: { problem in problems.withLock { $0.append(problem) } })
        try await ledger.admit(.readers)
        try await ledger.admit(.lookups)
        for purpose in [KOBISCallPurpose.keeper, .sync, .backfill] {
            await #expect(throws: KOBISError.callLimitReached) { try await ledger.admit(purpose) }
        }
        #expect(problems.withLock { $0.count } == 5)
        #expect(problems.withLock { $0.allSatisfy { $0.contains("could not count") } })
        await #expect(throws: BoxOfficeError.self) { try await ledger.usage() }
    }

    @Test("the purpose is the task's: readers by default, the scope's inside one")
    func purposeFromTheTask() async throws {
        let store = InMemoryQuotaStore()
        let ledger = QuotaLedger(store: store, keyID: "test", policy: QuotaPolicy(), calendar: Self.calendar)
        try await ledger.admit()
        try await KOBISCallPurpose.$current.withValue(.keeper) { try await ledger.admit() }
        await ledger.giveBackPrepaid(.keeper)
        let usage = try await ledger.usage()
        #expect(usage.byPurpose[.readers] == 1)
        #expect(usage.byPurpose[.keeper] == 1)
        #expect(usage.used == 2)
        #expect(usage.day == CalendarDate("2024-03-20"))
    }

    @Test("background calls are counted a block ahead, a store write a block; readers' one by one; the rest given back")
    func prepaidBlocks() async throws {
        let store = CountingQuotaStore()
        let ledger = QuotaLedger(store: store, keyID: "test", policy: QuotaPolicy(), calendar: Self.calendar)
        try await KOBISCallPurpose.$current.withValue(.sync) {
            for _ in 0..<20 { try await ledger.admit() }
        }
        for _ in 0..<3 { try await ledger.admit(.readers) }
        // Another purpose's run ending gives back only its own.
        await ledger.giveBackPrepaid(.keeper)
        #expect(try await ledger.usage().byPurpose[.sync].map { $0 >= 20 + 4 } == true)
        await ledger.giveBackPrepaid(.sync)
        // 20 calls: a block before the first, and one each time half a block is left (after the 4th, 12th, 20th).
        #expect(await store.spends == 4 + 3)
        let usage = try await ledger.usage()
        #expect(usage.byPurpose[.sync] == 20)
        #expect(usage.used == 23)
        // Given back once: a second time changes nothing.
        await ledger.giveBackPrepaid(.sync)
        #expect(try await ledger.usage().used == 23)
        #expect(await store.spends == 7)
    }

    @Test("30 background calls at once with 10 left before the ceiling: exactly 10 go ahead, and 10 are counted")
    func prepaidBlocksUnderConcurrency() async throws {
        let store = CountingQuotaStore()
        let ledger = QuotaLedger(
            store: store, keyID: "test", policy: QuotaPolicy(limit: 14, reserve: 4), calendar: Self.calendar)
        let made = await KOBISCallPurpose.$current.withValue(.keeper) {
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<30 { group.addTask { (try? await ledger.admit()) != nil } }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
        }
        #expect(made == 10)
        #expect(try await ledger.usage().used == 10)
        await ledger.giveBackPrepaid(.keeper)
        #expect(try await ledger.usage().used == 10)
    }
}

extension QuotaLedgerTests {
    /// Counts as the in-memory store does, but cannot give back (the database went away after the run's calls).
    actor NoGiveBackStore: QuotaLedgerStore {
        private let base = InMemoryQuotaStore()
        func spend(keyID: String, day: CalendarDate, purpose: KOBISCallPurpose, calls: Int, ceiling: Int?)
            async throws -> Bool
        {
            try await base.spend(keyID: keyID, day: day, purpose: purpose, calls: calls, ceiling: ceiling)
        }
        func giveBack(keyID: String, day: CalendarDate, purpose: KOBISCallPurpose, calls: Int) async throws {
            throw BoxOfficeError.storage("the database is down")
        }
        func usage(keyID: String, day: CalendarDate) async throws -> [KOBISCallPurpose: Int] {
            try await base.usage(keyID: keyID, day: day)
        }
    }

    @Test("a give-back the store refuses is reported, and the calls stay counted: too many, never too few")
    func giveBackRefused() async throws {
        let problems = Locked<[String]>([])
        let ledger = QuotaLedger(
            store: NoGiveBackStore(), keyID: "test", policy: QuotaPolicy(), calendar: Self.calendar,
            reportProblem: { problem in problems.withLock { $0.append(problem) } })
        try await KOBISCallPurpose.$current.withValue(.keeper) {
            for _ in 0..<3 { try await ledger.admit() }
        }
        await ledger.giveBackPrepaid(.keeper)
        #expect(problems.withLock { $0.count } == 1)
        #expect(problems.withLock { $0.first?.contains("could not give back 5 calls") } == true)
        #expect(try await ledger.usage().byPurpose[.keeper] == QuotaLedger.prepaidBlock)
        // What it could not give back is not offered again: the next run counts afresh.
        await ledger.giveBackPrepaid(.keeper)
        #expect(problems.withLock { $0.count } == 1)
    }
}

/// The in-memory counters, counting the writes asked of them.
actor CountingQuotaStore: QuotaLedgerStore {
    private let base = InMemoryQuotaStore()
    private(set) var spends = 0
    func spend(keyID: String, day: CalendarDate, purpose: KOBISCallPurpose, calls: Int, ceiling: Int?)
        async throws -> Bool
    {
        spends += 1
        return try await base.spend(keyID: keyID, day: day, purpose: purpose, calls: calls, ceiling: ceiling)
    }
    func giveBack(keyID: String, day: CalendarDate, purpose: KOBISCallPurpose, calls: Int) async throws {
        try await base.giveBack(keyID: keyID, day: day, purpose: purpose, calls: calls)
    }
    func usage(keyID: String, day: CalendarDate) async throws -> [KOBISCallPurpose: Int] {
        try await base.usage(keyID: keyID, day: day)
    }
}
