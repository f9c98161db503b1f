import BoxOfficeCore
import Foundation
import KOBIS
import Testing

@Suite("Quota ledger: admitting calls")
struct QuotaLedgerTests {
    /// A store that cannot count (the database is down).
    struct BrokenStore: QuotaLedgerStore {
        func spend(keyID: String, day: CalendarDate, purpose: KOBISCallPurpose, ceiling: Int?) async throws -> Bool {
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
        let usage = try await ledger.usage()
        #expect(usage.byPurpose[.readers] == 1)
        #expect(usage.byPurpose[.keeper] == 1)
        #expect(usage.used == 2)
        #expect(usage.day == CalendarDate("2024-03-20"))
    }
}
