import Foundation
import KOBIS

/// The diary's statistics: counts, ratings, genres and a year in review, from the counts the store keeps.
///
/// Work per person is bounded: concurrent requests for the same person, year and diary version share one
/// computation, and its result is kept (in memory, for up to ``DiaryStatisticsMemory/defaultCapacity`` person-years)
/// until the person's diary version changes. The version is read from the store on every request, so a change made
/// through any instance is seen at once.
public struct DiaryStatisticsService: Sendable {
    let notes: any DiaryNoteRepository
    let memory: DiaryStatisticsMemory
    let flights = SingleFlight<DiaryStatisticsMemory.Key, DiaryStatistics>()

    /// The service over the note table, keeping up to `capacity` results.
    public init(notes: any DiaryNoteRepository, capacity: Int = DiaryStatisticsMemory.defaultCapacity) {
        self.notes = notes
        memory = DiaryStatisticsMemory(capacity: capacity)
    }

    /// The user's statistics, for all time or for the notes watched in `year` (with a year in review).
    public func statistics(for user: DiaryUser, year: Int? = nil) async throws -> DiaryStatistics {
        if let year, !(1900...9999).contains(year) {
            throw BoxOfficeError.invalid("year", .year(1900...9999), value: String(year))
        }
        let version = try await notes.diaryVersion(userID: user.id)
        let key = DiaryStatisticsMemory.Key(userID: user.id, year: year, version: version)
        if let kept = memory.statistics(for: key) { return kept }
        return try await flights.run(key) { [notes, memory] in
            let statistics = DiaryStatistics(counts: try await notes.statisticsCounts(userID: user.id, year: year))
            memory.keep(statistics, for: key)
            return statistics
        }
    }
}

/// Statistics kept per person and year for one diary version, the least recently used dropped first.
public final class DiaryStatisticsMemory: Sendable {
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
