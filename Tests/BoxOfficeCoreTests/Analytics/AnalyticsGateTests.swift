import Foundation
import KOBIS
import Testing

@testable import BoxOfficeCore

/// Cold archive questions read many rows, on SQLite through one connection: a few are worked out at once, a bounded
/// line waits, and the same question asked by many people at once is worked out once.
@Suite("Archive questions: a few at once, the same one once")
struct AnalyticsGateTests {
    /// Opens once; everyone waiting then goes on.
    actor Latch {
        private var isOpen = false
        private var waiters: [CheckedContinuation<Void, Never>] = []

        func wait() async {
            if isOpen { return }
            await withCheckedContinuation { waiters.append($0) }
        }

        func open() {
            isOpen = true
            for waiter in waiters { waiter.resume() }
            waiters = []
        }
    }

    /// Records that hold every list until the latch opens, counting the lists asked for and saying when one starts.
    struct HeldRecords: RecordsRepository {
        let latch: Latch
        let calls: Locked<Int>
        let started: AsyncStream<Void>.Continuation

        func films(ordered order: RecordOrder, query: RecordsQuery) async throws -> [RecordFilm] {
            calls.withLock { $0 += 1 }
            started.yield()
            await latch.wait()
            return []
        }

        func allRecords() async throws -> [FilmRecord] { [] }
    }

    @Test("30 people asking the same question at once get one working-out; a different one past the line is refused")
    func coalescedAndBounded() async throws {
        let latch = Latch()
        let calls = Locked(0)
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let service = RecordsService(
            records: HeldRecords(latch: latch, calls: calls, started: startedContinuation), source: .sample,
            gate: AnalyticsGate(running: 1, waiting: 0))
        let totals = RecordsQuery(kind: .totals)
        let asked = Task {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<30 { group.addTask { try await service.report(totals).lists.count } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
        }
        var startedEvents = started.makeAsyncIterator()
        _ = await startedEvents.next()
        // Every other asker joins the one working-out rather than queueing for a place of its own.
        let deadline = ContinuousClock.now + .seconds(30)
        while await service.question.inFlight.joinedCount < 29, ContinuousClock.now < deadline { await Task.yield() }
        #expect(await service.question.inFlight.joinedCount == 29)
        // The one place is taken and nobody may wait: another question is refused at once, asking to come back.
        await #expect(throws: BoxOfficeError.busy(retryAfterSeconds: AnalyticsGate.retryAfterSeconds)) {
            try await service.report(RecordsQuery(kind: .streaks))
        }
        await latch.open()
        let answers = try await asked.value
        #expect(answers == Array(repeating: 1, count: 30))
        #expect(calls.withLock { $0 } == 1, "one list worked out for 30 askers")
        // With the place free again, the refused question is answered.
        #expect(try await service.report(RecordsQuery(kind: .streaks)).lists.count == 2)
    }

    @Test("one asker holds at most its share of the line; past it only that asker is refused, and the share frees")
    func perAsker() async throws {
        let gate = AnalyticsGate(running: 1, waiting: 10, perAsker: 2)
        let latch = Latch()
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        var startedEvents = started.makeAsyncIterator()
        func ask(_ asker: String) -> Task<Int, any Error> {
            Task {
                try await Asker.$current.withValue(asker) {
                    try await gate.run {
                        startedContinuation.yield()
                        await latch.wait()
                        return 1
                    }
                }
            }
        }
        let first = ask("203.0.113.7")
        _ = await startedEvents.next()
        let second = ask("203.0.113.7")
        let deadline = ContinuousClock.now + .seconds(30)
        while gate.places(heldBy: "203.0.113.7") < 2, ContinuousClock.now < deadline { await Task.yield() }
        #expect(gate.places(heldBy: "203.0.113.7") == 2, "one running, one waiting")
        // A third from the same address is refused at once; another address still gets a place in line.
        await #expect(throws: BoxOfficeError.busy(retryAfterSeconds: AnalyticsGate.retryAfterSeconds)) {
            try await Asker.$current.withValue("203.0.113.7") { try await gate.run { 1 } }
        }
        let other = ask("198.51.100.1")
        while gate.places(heldBy: "198.51.100.1") < 1, ContinuousClock.now < deadline { await Task.yield() }
        #expect(gate.places(heldBy: "198.51.100.1") == 1)
        // Nobody named (a server behind a proxy) is bounded only by the line.
        let unnamed = Task { try await gate.run { 1 } }
        await latch.open()
        #expect(try await [first.value, second.value, other.value, unnamed.value] == [1, 1, 1, 1])
        #expect(gate.places(heldBy: "203.0.113.7") == 0)
        #expect(gate.places(heldBy: "198.51.100.1") == 0)
        let again = try await Asker.$current.withValue("203.0.113.7") { try await gate.run { 2 } }
        #expect(again == 2)
    }
}
