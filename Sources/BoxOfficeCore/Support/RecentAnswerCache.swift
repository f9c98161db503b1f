import KOBIS

/// Keeps the last answer to a question that costs a scan of the store, for at most `lifetime` of real time: asked
/// again when the key changes (callers put this instance's own changes in it) or the answer grows old.
public final class RecentAnswerCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var key: Key
        var value: Value
        var taken: ContinuousClock.Instant
    }

    private let entry = Locked<Entry?>(nil)
    private let flight = SingleFlight<Key, Value>()
    private let lifetime: Duration

    /// - Parameter lifetime: how long an answer stands for what other instances may have changed meanwhile.
    public init(lifetime: Duration = .seconds(1)) {
        self.lifetime = lifetime
    }

    /// The answer kept for `key` while it is younger than the lifetime, else `compute`'s, kept from now on; callers
    /// that miss while it runs wait for it.
    public func value(for key: Key, compute: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let kept = kept(for: key, at: ContinuousClock.now) { return kept }
        return try await flight.run(key) { [self] in
            let taken = ContinuousClock.now
            // A caller that missed just as the run before this one ended finds its answer here.
            if let kept = kept(for: key, at: taken) { return kept }
            let value = try await compute()
            entry.withLock { entry in
                if let current = entry, current.taken > taken { return }
                entry = Entry(key: key, value: value, taken: taken)
            }
            return value
        }
    }

    private func kept(for key: Key, at instant: ContinuousClock.Instant) -> Value? {
        entry.withLock { entry -> Value? in
            guard let entry, entry.key == key, entry.taken <= instant, instant - entry.taken < lifetime else {
                return nil
            }
            return entry.value
        }
    }
}
