import KOBIS

/// Counts the places each asker (``Asker/current``) holds in a line everyone shares and lets one hold at most
/// ``perAsker``, so one client cannot fill the line for the rest. Nobody in particular is not bounded here.
public final class AskerPlaces: Sendable {
    /// The asker already held every place it may.
    public struct Full: Error, Sendable, Equatable {}

    /// Places held by each asker now (only askers holding one are listed).
    private let held = Locked<[String: Int]>([:])
    /// How many places, running or waiting, one asker may hold.
    public let perAsker: Int

    /// At most `perAsker` places (at least 1) for each asker.
    public init(perAsker: Int) {
        self.perAsker = max(1, perAsker)
    }

    /// Runs `work` holding one of the current asker's places, given back when it ends.
    ///
    /// - Throws: ``Full`` at once, without running `work`, when the asker holds ``perAsker`` places; or what `work`
    ///   throws.
    public func run<Result: Sendable>(_ work: () async throws -> Result) async throws -> Result {
        guard let asker = Asker.current else { return try await work() }
        let admitted = held.withLock { [perAsker] held in
            guard held[asker, default: 0] < perAsker else { return false }
            held[asker, default: 0] += 1
            return true
        }
        guard admitted else { throw Full() }
        defer {
            held.withLock { held in
                let left = held[asker, default: 1] - 1
                held[asker] = left > 0 ? left : nil
            }
        }
        return try await work()
    }

    /// Places held now by `asker`.
    public func held(by asker: String) -> Int {
        held.withLock { $0[asker, default: 0] }
    }
}
