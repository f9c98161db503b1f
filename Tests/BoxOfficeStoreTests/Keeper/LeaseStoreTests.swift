import BoxOfficeCore
import BoxOfficeStore
import Foundation
import Testing

@Suite("Leases on an SQLite file and on PostgreSQL")
struct LeaseStoreTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)
    static let lease: TimeInterval = 30

    static func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

    @Test("taken when free, renewed by its holder, refused to others until it expires", arguments: Backend.enabled)
    func lifecycle(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let leases = database.leaseStore()
            #expect(try await leases.holder(of: "keeper", now: Self.at(0)) == nil)
            let taken = try await leases.acquire("keeper", holder: "a", now: Self.at(0), until: Self.at(30))
            #expect(taken)
            #expect(try await leases.holder(of: "keeper", now: Self.at(0)) == "a")
            // Another holder is refused while the lease runs, even a moment before it ends.
            #expect(try await leases.acquire("keeper", holder: "b", now: Self.at(10), until: Self.at(40)) == false)
            #expect(try await leases.acquire("keeper", holder: "b", now: Self.at(29.5), until: Self.at(59.5)) == false)
            // The holder renews it, which moves the expiry.
            #expect(try await leases.acquire("keeper", holder: "a", now: Self.at(20), until: Self.at(50)))
            #expect(try await leases.acquire("keeper", holder: "b", now: Self.at(40), until: Self.at(70)) == false)
            #expect(try await leases.holder(of: "keeper", now: Self.at(49)) == "a")
            // Expired at its expiry: nobody holds it, and another takes it over.
            #expect(try await leases.holder(of: "keeper", now: Self.at(50)) == nil)
            #expect(try await leases.acquire("keeper", holder: "b", now: Self.at(50), until: Self.at(80)))
            #expect(try await leases.holder(of: "keeper", now: Self.at(51)) == "b")
            #expect(try await leases.acquire("keeper", holder: "a", now: Self.at(60), until: Self.at(90)) == false)
        }
    }

    @Test("released by its holder only; names are apart", arguments: Backend.enabled)
    func release(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let leases = database.leaseStore()
            #expect(try await leases.acquire("keeper", holder: "a", now: Self.at(0), until: Self.at(30)))
            #expect(try await leases.acquire("chart:daily:2026-11-24", holder: "b", now: Self.at(0), until: Self.at(5)))
            try await leases.release("keeper", holder: "b")
            #expect(try await leases.holder(of: "keeper", now: Self.at(1)) == "a")
            try await leases.release("keeper", holder: "a")
            #expect(try await leases.holder(of: "keeper", now: Self.at(1)) == nil)
            #expect(try await leases.holder(of: "chart:daily:2026-11-24", now: Self.at(1)) == "b")
            #expect(try await leases.acquire("keeper", holder: "c", now: Self.at(2), until: Self.at(32)))
            try await leases.release("nothing", holder: "a")
        }
    }

    @Test("50 instances asking at once: exactly one holds the lease", arguments: Backend.enabled)
    func oneOfManyHolds(backend: Backend) async throws {
        try await TestStore.with(backend) { first, store in
            let second = try store.open()
            do {
                let stores = [first.leaseStore(), second.leaseStore()]
                let winners = try await withThrowingTaskGroup(of: String?.self) { group in
                    for index in 0..<50 {
                        let leases = stores[index % 2]
                        group.addTask {
                            let holder = "instance-\(index)"
                            let held = try await leases.acquire(
                                "keeper", holder: holder, now: Self.at(0), until: Self.at(Self.lease))
                            return held ? holder : nil
                        }
                    }
                    return try await group.reduce(into: [String]()) { winners, winner in
                        if let winner { winners.append(winner) }
                    }
                }
                #expect(winners.count == 1)
                #expect(try await second.leaseStore().holder(of: "keeper", now: Self.at(1)) == winners.first)
            } catch {
                await second.shutdown()
                throw error
            }
            await second.shutdown()
        }
    }
}
