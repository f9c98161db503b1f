import BoxOfficeCore
import Foundation
import Testing

@Suite("Diary service: statistics")
struct DiaryStatisticsServiceTests {
    @Test("statistics count only the user's notes, for all time or one year; a year out of range is refused")
    func statistics() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        let other = try await harness.user("jisoo")
        _ = try await harness.notes.createNote(
            NoteDraft(movieCode: "20190001", watchedOn: DiaryFixtures.date("2023-12-30")), for: user)
        _ = try await harness.notes.createNote(
            NoteDraft(movieCode: "20100003", watchedOn: DiaryFixtures.date("2024-03-01")), for: user)
        _ = try await harness.notes.createNote(
            NoteDraft(movieCode: "20100003", watchedOn: DiaryFixtures.date("2024-03-02")), for: other)

        #expect(try await harness.statistics.statistics(for: user).noteCount == 2)
        let year = try await harness.statistics.statistics(for: user, year: 2024)
        #expect(year.year == 2024)
        #expect(year.noteCount == 1)
        await #expect(throws: BoxOfficeError.self) {
            try await harness.statistics.statistics(for: user, year: 1899)
        }
    }
}
