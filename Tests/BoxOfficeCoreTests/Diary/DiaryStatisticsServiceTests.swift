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

    @Test("results are kept per person and year until the diary version changes")
    func kept() async throws {
        let harness = DiaryHarness()
        let statistics = harness.statistics
        let user = try await harness.user()
        let other = try await harness.user("jisoo")
        _ = try await harness.notes.createNote(
            NoteDraft(movieCode: "20190001", watchedOn: DiaryFixtures.date("2024-03-01")), for: user)

        #expect(try await statistics.statistics(for: user).noteCount == 1)
        #expect(try await statistics.statistics(for: user).noteCount == 1)
        #expect(await harness.store.statisticsReads == 1)
        #expect(try await statistics.statistics(for: user, year: 2024).noteCount == 1)
        #expect(try await statistics.statistics(for: other).noteCount == 0)
        #expect(await harness.store.statisticsReads == 3)

        // Another person's change leaves this person's figures kept; their own change does not.
        _ = try await harness.notes.createNote(
            NoteDraft(movieCode: "20190001", watchedOn: DiaryFixtures.date("2024-03-02")), for: other)
        #expect(try await statistics.statistics(for: user).noteCount == 1)
        #expect(await harness.store.statisticsReads == 3)
        _ = try await harness.notes.createNote(
            NoteDraft(movieCode: "20100003", watchedOn: DiaryFixtures.date("2024-03-03")), for: user)
        #expect(try await statistics.statistics(for: user).noteCount == 2)
        #expect(try await statistics.statistics(for: user, year: 2024).noteCount == 2)
        #expect(await harness.store.statisticsReads == 5)
    }

    @Test("the memory keeps at most its capacity, dropping the least recently used")
    func bounded() async throws {
        let harness = DiaryHarness()
        let statistics = DiaryStatisticsService(notes: harness.store, capacity: 2)
        let user = try await harness.user()
        for year in [2021, 2022, 2021, 2023] { _ = try await statistics.statistics(for: user, year: year) }
        #expect(await harness.store.statisticsReads == 3)
        // 2022 was dropped (2021 was used after it); 2021 and 2023 are kept.
        _ = try await statistics.statistics(for: user, year: 2021)
        _ = try await statistics.statistics(for: user, year: 2023)
        #expect(await harness.store.statisticsReads == 3)
        _ = try await statistics.statistics(for: user, year: 2022)
        #expect(await harness.store.statisticsReads == 4)
    }
}
