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

    /// The first request for `key` makes the answer; later ones wait until it lands. `kept` is the answer kept now,
    /// looked at while no request can land one: a request that missed it just before another one kept and landed it
    /// takes it then instead of making it again (a first request keeps its answer before it lands it).
    func join(_ key: Key, kept: () -> Answer?) async -> Turn {
        await withCheckedContinuation { continuation in
            let turn = waiting.withLock { waiting -> Turn? in
                guard waiting[key] != nil else {
                    if let answer = kept() { return .shared(answer) }
                    waiting[key] = []
                    return .first
                }
                waiting[key]?.append(continuation)
                return nil
            }
            if let turn { continuation.resume(returning: turn) }
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
