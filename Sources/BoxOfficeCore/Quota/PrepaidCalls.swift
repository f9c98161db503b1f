import KOBIS

/// Background calls counted in the ledger before they are made, a block at a time, and not made yet: a sync's
/// workers take one each instead of each waiting for a store write before every call.
final class PrepaidCalls: Sendable {
    struct Key: Hashable, Sendable {
        var day: CalendarDate
        var purpose: KOBISCallPurpose
    }

    private struct State {
        var left: [Key: Int] = [:]
        var refilling: [Key: Task<Int, any Error>] = [:]
    }

    /// A take that leaves this many or fewer starts the next block's count, so the calls after it need not wait.
    let low: Int
    private let state = Locked(State())

    init(low: Int) {
        self.low = low
    }

    /// Takes one call counted for `key`: false when none is left; `refill` when the next block should be counted.
    func take(_ key: Key) -> (taken: Bool, refill: Bool) {
        state.withLock { state in
            guard let count = state.left[key], count > 0 else { return (false, false) }
            // Emptied, a day's key goes: the map holds only what is left.
            state.left[key] = count > 1 ? count - 1 : nil
            return (true, count - 1 <= low && state.refilling[key] == nil)
        }
    }

    /// Counts calls for `key` with `count` (which answers how many it counted), or joins the count already
    /// running: one store write at a time for a key. The task is unstructured so a caller can start it and go on
    /// to its call; it ends with the write.
    func refill(_ key: Key, with count: @escaping @Sendable () async throws -> Int) -> Task<Int, any Error> {
        state.withLock { state in
            if let running = state.refilling[key] { return running }
            let task = Task {
                do {
                    let calls = try await count()
                    self.state.withLock {
                        $0.left[key, default: 0] += calls
                        $0.refilling[key] = nil
                    }
                    return calls
                } catch {
                    self.state.withLock { $0.refilling[key] = nil }
                    throw error
                }
            }
            state.refilling[key] = task
            return task
        }
    }

    /// Waits for the counts of `purpose` running, then removes and returns what is left, by day: calls counted and
    /// never to be made.
    func settle(_ purpose: KOBISCallPurpose) async -> [Key: Int] {
        let running = state.withLock { $0.refilling.filter { $0.key.purpose == purpose }.map(\.value) }
        for task in running { _ = try? await task.value }
        return state.withLock { state in
            let left = state.left.filter { $0.key.purpose == purpose && $0.value > 0 }
            for key in left.keys { state.left[key] = nil }
            return left
        }
    }
}
