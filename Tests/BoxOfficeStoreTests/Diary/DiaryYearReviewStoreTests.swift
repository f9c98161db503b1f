import BoxOfficeCore
import BoxOfficeTestSupport
import FluentKit
import Foundation
import KOBIS
import SQLKit
import Testing

@testable import BoxOfficeStore

extension DiaryStoreTests {
    /// The year in review from kept rows (`diary_year_first_notes`), nations learned later reaching kept statistics
    /// on every instance, and the upgrade that fills the first notes of existing diaries.
    @Suite("Diary store: the year in review kept, nations learned later, upgrade")
    struct DiaryYearReviewStoreTests {
        /// `count` notes of 2022 over `count / 3` movies (so most are rewatched, under changing titles), a fifth of
        /// them rated five stars, every other with a rating of its own.
        static func diary(_ count: Int, seed: UInt64) -> [DiaryNote] {
            var random = RandomDiary(seed: seed)
            return (0..<count).map { index in
                var note = random.note()
                note.watchedOn = CalendarDate(year: 2022, month: random.int(in: 1...12), day: random.int(in: 1...28))!
                note.movieCode = String(format: "3000%04d", random.int(in: 1...max(1, count / 3)))
                note.title = "\(note.title) \(index)"
                note.rating = StarRating(halves: index % 5 == 0 ? 10 : random.int(in: 1...9))
                note.movie.nations = ["한국"]
                return note
            }
        }

        /// The stored first notes of `userID` are, for each year and movie of `notes`, the earliest note (by watched
        /// day, creation, id) and its title, and nothing else.
        static func expectFirstNotes(
            in database: BoxOfficeDatabase, userID: UUID, notes: [DiaryNote],
            sourceLocation: SourceLocation = #_sourceLocation
        ) async throws {
            var expected: [String: (UUID, String)] = [:]
            let ordered = notes.sorted {
                ($0.watchedOn, $0.createdAt, $0.id.uuidString) < ($1.watchedOn, $1.createdAt, $1.id.uuidString)
            }
            for note in ordered where expected["\(note.watchedOn.year) \(note.movieCode)"] == nil {
                expected["\(note.watchedOn.year) \(note.movieCode)"] = (note.id, note.title)
            }
            var stored: [String: (UUID, String)] = [:]
            for row in try await database.database.requireSQL().select()
                .columns("year", "movie_code", "note_id", "title").from(DiaryYearFirstNotes.schema)
                .where("user_id", .equal, SQLBind(userID)).all()
            {
                stored[
                    "\(try row.decode(column: "year", as: Int.self)) \(try row.decode(column: "movie_code", as: String.self))"
                ] = (try row.decode(column: "note_id", as: UUID.self), try row.decode(column: "title", as: String.self))
            }
            #expect(stored.count == expected.count, sourceLocation: sourceLocation)
            for (movie, first) in expected {
                #expect(stored[movie]?.0 == first.0, "\(movie)", sourceLocation: sourceLocation)
                #expect(stored[movie]?.1 == first.1, "\(movie)", sourceLocation: sourceLocation)
            }
        }

        @Test(
            "a year's statistics take as many queries with 3,000 notes as with 30, and equal the reference",
            arguments: Backend.enabled)
        func queriesDoNotGrow(backend: Backend) async throws {
            try await TestStore.with(backend) { database, store in
                let repositories = database.diaryRepositories(nationOrigin: "sample")
                var queries: [Int] = []
                let counter = QueryCounter()
                let counted = try BoxOfficeDatabase(location: store.location, logger: counter.logger)
                do {
                    for (size, seed) in [(30, UInt64(1)), (3_000, 2)] {
                        let user = try await DiaryStoreFixtures.createUser("owner\(size)", in: repositories)
                        let notes = Self.diary(size, seed: seed)
                        _ = try await repositories.notes.importBatch(
                            DiaryImportBatch(
                                categories: [],
                                notes: notes.enumerated().map { .init(line: $0, note: $1, categoryName: nil) }),
                            userID: user.id)
                        let stored = try await repositories.notes.allNotes(userID: user.id)
                        let reader = counted.diaryRepositories(nationOrigin: "sample").notes
                        counter.reset()
                        let counts = try await reader.statisticsCounts(userID: user.id, year: 2022)
                        queries.append(counter.queries)
                        let kept = DiaryStatistics(counts: counts)
                        #expect(kept == DiaryStatistics(notes: stored, year: 2022))
                        // At 3,000 notes more than 500 rewatched movies: more than one chunk of any IN list.
                        #expect((kept.review?.rewatchedMovies ?? 0) > size / 5)
                        #expect(
                            kept.review?.rewatched.count
                                == min(kept.review?.rewatchedMovies ?? 0, DiaryYearInReview.rewatchedShown))
                        try await Self.expectFirstNotes(in: database, userID: user.id, notes: stored)
                    }
                } catch {
                    await counted.shutdown()
                    throw error
                }
                await counted.shutdown()
                #expect(queries[0] > 0, "the counter sees the store's queries")
                #expect(queries[0] == queries[1], "queries at 30 and at 3,000 notes: \(queries)")
            }
        }

        @Test(
            "a nation stored through another instance refreshes the statistics kept here, and only for those it changes",
            arguments: Backend.enabled)
        func nationLearnedElsewhere(backend: Backend) async throws {
            try await TestStore.with(backend) { database, store in
                let repositories = database.diaryRepositories(nationOrigin: "sample")
                let here = DiaryStatisticsService(notes: repositories.notes)
                let owner = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                let neighbour = try await DiaryStoreFixtures.createUser("neighbour", in: repositories)
                var unknown = DiaryStoreFixtures.note("20990001", watched: "2024-05-01")
                unknown.movie.nations = []
                try await repositories.notes.createNote(unknown, userID: owner.id)
                // The neighbour's note of the same movie has its nation: its figures do not move.
                try await repositories.notes.createNote(
                    DiaryStoreFixtures.note("20990001", watched: "2024-05-02"), userID: neighbour.id)
                for year in [nil, 2024] {
                    #expect(try await here.statistics(for: owner, year: year).korean.unknown == 1)
                }
                let ownerVersion = try await repositories.notes.diaryVersion(userID: owner.id)
                let neighbourVersion = try await repositories.notes.diaryVersion(userID: neighbour.id)

                let other = try store.open()
                do {
                    try await other.archiveRepository(origin: "sample").saveRepresentativeNations([
                        "20990001": "프랑스", "20990002": "일본",
                    ])
                } catch {
                    await other.shutdown()
                    throw error
                }
                await other.shutdown()
                #expect(try await repositories.notes.diaryVersion(userID: owner.id) > ownerVersion)
                #expect(try await repositories.notes.diaryVersion(userID: neighbour.id) == neighbourVersion)
                for year in [nil, 2024] {
                    let statistics = try await here.statistics(for: owner, year: year)
                    #expect(statistics.korean == DiaryNationShare(korean: 0, foreign: 1, unknown: 0))
                    #expect(statistics.perNation == [DiaryNamedCount(name: "프랑스", count: 1)])
                }

                // The same nation again changes nothing; a corrected one does.
                let learned = try await repositories.notes.diaryVersion(userID: owner.id)
                try await database.archiveRepository(origin: "sample").saveRepresentativeNations(["20990001": "프랑스"])
                #expect(try await repositories.notes.diaryVersion(userID: owner.id) == learned)
                try await database.archiveRepository(origin: "sample").saveRepresentativeNations(["20990001": "한국"])
                #expect(try await repositories.notes.diaryVersion(userID: owner.id) > learned)
                #expect(
                    try await here.statistics(for: owner).korean == DiaryNationShare(korean: 1, foreign: 0, unknown: 0))
            }
        }

        @Test(
            "a database made by the previous schema gets the first notes of its diaries in place",
            arguments: Backend.enabled)
        func upgrade(backend: Backend) async throws {
            try await TestStore.with(backend, migrate: false) { database, _ in
                // The schema before this one, its diaries written before their counts were (so that migration counts
                // them, as an upgrade from further back does).
                let beforeCounts = QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
                let previous =
                    beforeCounts + Array(QuotaKeeperSchemaTests.later.prefix { !($0 is CreateDiaryYearFirstNotes) })
                let first = QuotaKeeperSchemaTests.migrator(beforeCounts, on: database)
                try await first.setupIfNeeded().get()
                try await first.prepareBatch().get()
                let sql = try database.database.requireSQL()
                var written: [UUID: [DiaryNote]] = [:]
                for (name, size) in [("first", 2_300), ("second", 40), ("empty", 0)] {
                    let id = try await LegacyDiaryRows.user(name, on: sql)
                    var notes = Self.diary(size, seed: UInt64(size))
                    for index in notes.indices {
                        let watched = notes[index].watchedOn
                        notes[index].watchedOn = CalendarDate(
                            year: 2021 + index % 3, month: watched.month, day: watched.day)!
                    }
                    try await LegacyDiaryRows.notes(notes, userID: id, on: sql)
                    written[id] = notes
                }
                let old = QuotaKeeperSchemaTests.migrator(previous, on: database)
                try await old.prepareBatch().get()
                await #expect(throws: (any Error).self) { try await database.rowCount(of: DiaryYearFirstNotes.schema) }

                try await database.migrate()
                #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
                let repositories = database.diaryRepositories()
                var movieYears = 0
                for (userID, notes) in written {
                    let stored = try await repositories.notes.allNotes(userID: userID)
                    #expect(stored.count == notes.count)
                    movieYears += Set(stored.map { "\($0.watchedOn.year) \($0.movieCode)" }).count
                    for year in [2021, 2022, 2023] {
                        #expect(
                            DiaryStatistics(
                                counts: try await repositories.notes.statisticsCounts(userID: userID, year: year))
                                == DiaryStatistics(notes: stored, year: year))
                    }
                }
                #expect(try await database.rowCount(of: DiaryYearFirstNotes.schema) == movieYears)
            }
        }
    }
}
