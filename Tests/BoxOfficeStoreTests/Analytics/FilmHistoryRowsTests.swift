import BoxOfficeCore
import BoxOfficeStore
import BoxOfficeTestSupport
import Testing

/// On PostgreSQL the films' histories are decoded by PostgresNIO, by position and type; SQLite's go through SQLKit,
/// by column name. The same charts must give the same histories either way.
@Suite("Films' histories: PostgreSQL's own decoding reads what SQLite's does")
struct FilmHistoryRowsTests {
    @Test(
        "the same charts give the same histories on both stores",
        .enabled(if: TestPostgres.isRequested, TestPostgres.skipMessage))
    func sameOnBoth() async throws {
        var read: [Backend: [String: FilmHistory]] = [:]
        for backend in [Backend.sqlite, .postgres] {
            try await TestStore.with(backend) { database, _ in
                var random = SplitMix64(seed: 29)
                let cast = FilmRecordStoreTests.cast(using: &random)
                try await FilmRecordStoreTests.saveEveryDay(cast: cast, using: &random, on: database)
                // A weekend too, and a film's blank open date.
                let later = FilmRecordStoreTests.first.adding(days: 14)
                let friday = later.adding(days: 5 - later.isoWeekday)
                var weekend = FilmRecordStoreTests.chart(
                    .weekend, DateRange(start: friday, end: friday.adding(days: 2)), cast: cast, using: &random,
                    fetchedAt: Fixtures.fetchedAt)
                try #require(!weekend.entries.isEmpty)
                weekend.entries[0].openDate = nil
                try await database.chartRepository(origin: FilmRecordStoreTests.origin).save(weekend)
                // And the whole week's and the weekdays' charts, read as the film's other weekly rows.
                for (kind, last) in [(ChartKind.week, 6), (.weekdays, 3)] {
                    let monday = friday.adding(days: -4)
                    try await database.chartRepository(origin: FilmRecordStoreTests.origin).save(
                        FilmRecordStoreTests.chart(
                            kind, DateRange(start: monday, end: monday.adding(days: last)), cast: cast, using: &random,
                            fetchedAt: Fixtures.fetchedAt))
                }
                read[backend] = try await database.filmRunRepository(origin: FilmRecordStoreTests.origin)
                    .filmHistories(movieCodes: FilmRecordStoreTests.films, source: .kobis)
            }
        }
        let sqlite = try #require(read[.sqlite])
        #expect(sqlite.values.contains { !$0.daily.isEmpty } && sqlite.values.contains { !$0.weekends.isEmpty })
        #expect(sqlite.values.contains { $0.weekends.contains { $0.openDate == nil } })
        #expect(sqlite.values.contains { $0.weeks.contains { $0.end.days(to: $0.start) == -6 } })
        #expect(sqlite.values.contains { $0.weeks.contains { $0.end.days(to: $0.start) == -3 } })
        #expect(read[.postgres] == sqlite)
    }
}
