import BoxOfficeCore
import Foundation
import KOBIS
import Testing

/// The keeper's status reads the store at most once a second, except after what this instance did: a call it
/// counted or a control it changed shows at once.
@Suite("Keeper status kept a second")
struct KeeperStatusTests {
    @Test("a chart stored after a call counted here is in the next status")
    func callCountedHere() async throws {
        let f = KeeperFixture(now: seoul(2024, 3, 20, 12))
        let keeper = f.keeper(from: "2024-03-01", enabled: false, log: KeeperLog())
        let before = try await keeper.status()
        #expect(before.archivedDays == 0)
        #expect(before.missingDays == 18)

        // What a reader's fetch does: the ledger counts the call, then the chart is stored.
        try await f.ledger.admit(.readers)
        try await f.store.save(try await f.upstream.fetchChart(.daily(archiveDay("2024-03-05"))))
        let after = try await keeper.status()
        #expect(after.archivedDays == 1)
        #expect(after.missingDays == 17)
        #expect(try await f.ledger.recentUsage().used == 1)
    }

    @Test("a pause or a resume made here shows in the next status")
    func controlsChangedHere() async throws {
        let f = KeeperFixture(now: seoul(2024, 3, 20, 12))
        let keeper = f.keeper(from: "2024-03-01", log: KeeperLog())
        #expect(try await keeper.status().state == .standby)
        try await keeper.pause()
        #expect(try await keeper.status().state == .paused)
        try await keeper.resume()
        #expect(try await keeper.status().state == .standby)
    }

    @Test("one answer for one key while it is young; a new key or no lifetime asks again")
    func recentAnswers() async throws {
        let computed = Locked(0)
        let long = RecentAnswerCache<Int, Int>(lifetime: .seconds(3600))
        let compute: @Sendable () async throws -> Int = {
            computed.withLock {
                $0 += 1; return $0
            }
        }
        #expect(try await long.value(for: 1, compute: compute) == 1)
        #expect(try await long.value(for: 1, compute: compute) == 1)
        #expect(try await long.value(for: 2, compute: compute) == 2)
        #expect(try await long.value(for: 1, compute: compute) == 3, "one entry: the latest key's")

        let none = RecentAnswerCache<Int, Int>(lifetime: .zero)
        #expect(try await none.value(for: 1, compute: compute) == 4)
        #expect(try await none.value(for: 1, compute: compute) == 5)
    }

    @Test("30 callers at once compute once")
    func coalesced() async throws {
        let computed = Locked(0)
        let cache = RecentAnswerCache<String, Int>(lifetime: .seconds(3600))
        let answers = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<30 {
                group.addTask {
                    try await cache.value(for: "status") {
                        await Task.yield()
                        return computed.withLock {
                            $0 += 1; return $0
                        }
                    }
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(answers == Array(repeating: 1, count: 30))
        #expect(computed.withLock { $0 } == 1)
    }
}
