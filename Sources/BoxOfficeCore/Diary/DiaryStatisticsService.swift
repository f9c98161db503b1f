/// The diary's statistics: counts, ratings, genres and a year in review, computed from a user's notes.
public struct DiaryStatisticsService: Sendable {
    let notes: any DiaryNoteRepository

    /// The service over the note table.
    public init(notes: any DiaryNoteRepository) {
        self.notes = notes
    }

    /// The user's statistics, for all time or for the notes watched in `year` (with a year in review).
    public func statistics(for user: DiaryUser, year: Int? = nil) async throws -> DiaryStatistics {
        if let year, !(1900...9999).contains(year) {
            throw BoxOfficeError.invalid("year", .year(1900...9999), value: String(year))
        }
        return DiaryStatistics(notes: try await notes.allNotes(userID: user.id), year: year)
    }
}
