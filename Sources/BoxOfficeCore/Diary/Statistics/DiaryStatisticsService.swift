import Foundation
import KOBIS

/// The diary's statistics: counts, ratings, genres and a year in review, from the counts the store keeps.
///
/// Work per person is bounded: concurrent requests for the same person, year and diary version share one
/// computation, and its result is kept (in memory, for up to ``DiaryStatisticsCache/defaultCapacity`` person-years)
/// until the person's diary version changes. The version is read from the store on every request, so a change made
/// through any instance is seen at once.
public struct DiaryStatisticsService: Sendable {
    let notes: any DiaryNoteRepository
    let cache: DiaryStatisticsCache
    let flights = SingleFlight<DiaryStatisticsCache.Key, DiaryStatistics>()

    /// The service over the note table, keeping up to `capacity` results.
    public init(notes: any DiaryNoteRepository, capacity: Int = DiaryStatisticsCache.defaultCapacity) {
        self.notes = notes
        cache = DiaryStatisticsCache(capacity: capacity)
    }

    /// The user's statistics, for all time or for the notes watched in `year` (with a year in review).
    public func statistics(for user: DiaryUser, year: Int? = nil) async throws -> DiaryStatistics {
        if let year, !(1900...9999).contains(year) {
            throw BoxOfficeError.invalid("year", .year(1900...9999), value: String(year))
        }
        let version = try await notes.diaryVersion(userID: user.id)
        let key = DiaryStatisticsCache.Key(userID: user.id, year: year, version: version)
        if let kept = cache.statistics(for: key) { return kept }
        return try await flights.run(key) { [notes, cache] in
            let statistics = DiaryStatistics(counts: try await notes.statisticsCounts(userID: user.id, year: year))
            cache.keep(statistics, for: key)
            return statistics
        }
    }
}
