import KOBIS

/// Requests for one answer that arrive while it is being made wait for it instead of each making it again: the first
/// makes it, and the others get it when it can be shared (it was kept), or make their own when not (an error, an
/// answer for one person), as they would have without waiting.
final class AnswerFlights<Key: Hashable & Sendable, Answer: Sendable>: Sendable {
    /// What a request does: make the answer (then ``land(_:with:)`` it), or take the one shared.
    enum Turn: Sendable {
        case first
        /// The answer the first request made, or `nil`: make your own.
        case shared(Answer?)
    }

    private let waiting = Locked<[Key: [CheckedContinuation<Turn, Never>]]>([:])

    init() {}

    /// The first request for `key` makes the answer; later ones wait until it lands.
    func join(_ key: Key) async -> Turn {
        await withCheckedContinuation { continuation in
            let first = waiting.withLock { waiting -> Bool in
                guard waiting[key] != nil else {
                    waiting[key] = []
                    return true
                }
                waiting[key]?.append(continuation)
                return false
            }
            if first { continuation.resume(returning: .first) }
        }
    }

    /// Ends the first request's turn: the requests waiting get `answer` (`nil`: they make their own). The first must
    /// call it however its work ends, or they wait for good.
    func land(_ key: Key, with answer: Answer?) {
        let waiters = waiting.withLock { $0.removeValue(forKey: key) ?? [] }
        for waiter in waiters { waiter.resume(returning: .shared(answer)) }
    }

    /// How many requests wait for an answer now.
    var waitingCount: Int {
        waiting.withLock { $0.values.reduce(0) { $0 + $1.count } }
    }
}
