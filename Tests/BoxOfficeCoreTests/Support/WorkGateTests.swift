import BoxOfficeTestSupport
import Foundation
import KOBIS
import Testing

@testable import BoxOfficeCore

@Suite("Work gate: a bounded line")
struct WorkGateTests {
    /// Holds one of the gate's running places until `release` opens; `started` opens once it runs.
    private static func hold(_ gate: WorkGate, started: TestLatch, release: TestLatch) -> Task<Bool, any Error> {
        Task {
            try await gate.run {
                started.open()
                return await release.wait()
            }
        }
    }

    private static func waitUntil(_ gate: WorkGate, running: Int, waiting: Int) async throws {
        try await Wait.until("\(running) running and \(waiting) waiting", detail: { "\(gate.load)" }) {
            gate.load == (running, waiting)
        }
    }

    @Test("past the running and waiting places a job is refused at once; the one waiting runs when a place frees")
    func refusesPastTheLine() async throws {
        let gate = WorkGate(running: 1, waiting: 1)
        let (started, release) = (TestLatch(), TestLatch())
        let holder = Self.hold(gate, started: started, release: release)
        #expect(await started.wait())
        let waiter = Task { try await gate.run { "second" } }
        try await Self.waitUntil(gate, running: 1, waiting: 1)
        await #expect(throws: WorkGate.Full.self) { try await gate.run { "third" } }
        #expect(gate.load == (1, 1), "the refusal took no place")
        release.open()
        #expect(try await holder.value)
        #expect(try await waiter.value == "second")
        #expect(gate.load == (0, 0))
    }

    @Test("a job cancelled while it waits leaves the line at once, and its place goes to the next caller")
    func cancelledWhileWaiting() async throws {
        let gate = WorkGate(running: 1, waiting: 1)
        let (started, release) = (TestLatch(), TestLatch())
        let holder = Self.hold(gate, started: started, release: release)
        #expect(await started.wait())
        let ran = Locked(false)
        let cancelled = Task { try await gate.run { ran.withLock { $0 = true } } }
        try await Self.waitUntil(gate, running: 1, waiting: 1)
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(gate.load == (1, 0))
        let next = Task { try await gate.run { "next" } }
        try await Self.waitUntil(gate, running: 1, waiting: 1)
        release.open()
        #expect(try await next.value == "next")
        #expect(ran.withLock { $0 } == false, "the cancelled job never ran")
        _ = try await holder.value
    }

    @Test("jobs waiting run in the order they came")
    func firstComeFirstServed() async throws {
        let gate = WorkGate(running: 1, waiting: 3)
        let (started, release) = (TestLatch(), TestLatch())
        let holder = Self.hold(gate, started: started, release: release)
        #expect(await started.wait())
        let order = Locked([Int]())
        var waiting: [Task<Void, any Error>] = []
        for number in 1...3 {
            waiting.append(Task { try await gate.run { order.withLock { $0.append(number) } } })
            try await Self.waitUntil(gate, running: 1, waiting: number)
        }
        release.open()
        for task in waiting { try await task.value }
        _ = try await holder.value
        #expect(order.withLock { $0 } == [1, 2, 3])
    }

    @Test("the first line goes ahead of the other, and a full other line refuses none of the first's")
    func firstLineAhead() async throws {
        let gate = WorkGate(running: 1, waiting: 2)
        let (started, release) = (TestLatch(), TestLatch())
        let holder = Self.hold(gate, started: started, release: release)
        #expect(await started.wait())
        let order = Locked([String]())
        var waiting: [Task<Void, any Error>] = []
        for (name, line) in [("a", WorkGate.Line.other), ("b", .other), ("c", .first)] {
            waiting.append(Task { try await gate.run(in: line) { order.withLock { $0.append(name) } } })
            try await Self.waitUntil(gate, running: 1, waiting: waiting.count)
        }
        await #expect(throws: WorkGate.Full.self) { try await gate.run(in: .other) {} }
        waiting.append(Task { try await gate.run(in: .first) { order.withLock { $0.append("d") } } })
        try await Self.waitUntil(gate, running: 1, waiting: 4)
        release.open()
        for task in waiting { try await task.value }
        _ = try await holder.value
        #expect(order.withLock { $0 } == ["c", "d", "a", "b"])
    }

    @Test("the first line takes at most its turns in a row while the other waits: the other is never starved")
    func otherLineProgresses() async throws {
        let gate = WorkGate(running: 1, waiting: 10, firstTurns: 2)
        let (started, release) = (TestLatch(), TestLatch())
        let holder = Self.hold(gate, started: started, release: release)
        #expect(await started.wait())
        let order = Locked([String]())
        var waiting: [Task<Void, any Error>] = []
        let arrivals: [(String, WorkGate.Line)] = [
            ("o1", .other), ("f1", .first), ("f2", .first), ("f3", .first), ("o2", .other), ("f4", .first),
            ("f5", .first),
        ]
        for (name, line) in arrivals {
            waiting.append(Task { try await gate.run(in: line) { order.withLock { $0.append(name) } } })
            try await Self.waitUntil(gate, running: 1, waiting: waiting.count)
        }
        release.open()
        for task in waiting { try await task.value }
        _ = try await holder.value
        #expect(order.withLock { $0 } == ["f1", "f2", "o1", "f3", "f4", "o2", "f5"])
    }

    @Test("30 jobs at once through 2 running places and 28 waiting: never more than 2 at a time, all done")
    func boundedConcurrency() async throws {
        let gate = WorkGate(running: 2, waiting: 28)
        let counts = Locked((now: 0, most: 0, done: 0))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<30 {
                group.addTask {
                    try await gate.run {
                        counts.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        await Task.yield()
                        counts.withLock {
                            $0.now -= 1
                            $0.done += 1
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(counts.withLock { $0.most } <= 2)
        #expect(counts.withLock { $0.done } == 30)
        #expect(gate.load == (0, 0))
    }
}
