import KOBIS
import Testing

@Suite struct LockedTests {
    @Test func concurrentIncrementsFromATaskGroupReachTheExactTotal() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    for _ in 0..<1_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.withLock { $0 } == 16_000)
    }

    @Test func withLockReturnsTheBodysResultAndRethrowsItsError() {
        struct Refused: Error {}
        let names = Locked(["a"])
        let count = names.withLock { names in
            names.append("b")
            return names.count
        }
        #expect(count == 2)
        #expect(throws: Refused.self) { try names.withLock { _ in throw Refused() } }
        #expect(names.withLock { $0 } == ["a", "b"])
    }
}
