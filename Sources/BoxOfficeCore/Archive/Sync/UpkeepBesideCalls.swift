import KOBIS

/// Counts the charts a long run stores and says when enough wait for a catch-up beside its calls: the run's calls
/// mostly wait on the network, so the catch-up at its end is left with the last charts only.
final class UpkeepBesideCalls: Sendable {
    /// Charts stored between two catch-ups: a catch-up has a fixed cost of a few reads, which a handful of charts
    /// would not repay; a morning run (a few days) never reaches it.
    static let batch = 32

    /// One signal per batch; the signals of batches stored while a catch-up runs make one more catch-up.
    let batches: AsyncStream<Void>
    private let signal: AsyncStream<Void>.Continuation
    private let stored = Locked(0)

    init() {
        (batches, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Counts a stored chart.
    func chartStored() {
        let full = stored.withLock { count -> Bool in
            count += 1
            guard count >= Self.batch else { return false }
            count = 0
            return true
        }
        if full { signal.yield() }
    }

    /// No more charts come: ends ``batches`` after the signal it holds, if any.
    func finish() { signal.finish() }
}
