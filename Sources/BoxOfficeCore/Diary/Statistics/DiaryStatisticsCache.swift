import Foundation
import KOBIS

/// Statistics kept per person and year for one diary version, the least recently used dropped first.
public final class DiaryStatisticsCache: Sendable {
    /// Person-years kept by default: a few hundred kilobytes at most.
    public static let defaultCapacity = 1_000

    struct Key: Hashable, Sendable {
        var userID: UUID
        var year: Int?
        var version: Int64
    }

    private struct Slot: Hashable {
        var userID: UUID
        var year: Int?
    }

    private struct State {
        var entries: [Slot: (version: Int64, statistics: DiaryStatistics, used: UInt64)] = [:]
        var clock: UInt64 = 0
    }

    private let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The statistics kept for the key's person and year, if they are of the key's version.
    func statistics(for key: Key) -> DiaryStatistics? {
        state.withLock { state in
            let slot = Slot(userID: key.userID, year: key.year)
            guard let entry = state.entries[slot], entry.version == key.version else { return nil }
            state.clock += 1
            state.entries[slot]?.used = state.clock
            return entry.statistics
        }
    }

    func keep(_ statistics: DiaryStatistics, for key: Key) {
        state.withLock { state in
            let slot = Slot(userID: key.userID, year: key.year)
            // A slower computation of an older version never replaces a newer one.
            if let kept = state.entries[slot], kept.version > key.version { return }
            state.clock += 1
            state.entries[slot] = (key.version, statistics, state.clock)
            if state.entries.count > capacity,
                let oldest = state.entries.min(by: { $0.value.used < $1.value.used })?.key
            {
                state.entries[oldest] = nil
            }
        }
    }

    /// How many person-years are kept.
    var count: Int { state.withLock { $0.entries.count } }
}
