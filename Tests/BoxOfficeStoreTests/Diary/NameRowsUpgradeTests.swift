import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit
import Testing

@testable import BoxOfficeStore

/// A store made by the schema before ``CountDiaryNameRows`` kept no count of its names' rows, and kept the rows of
/// names, films and days no note counts any more at 0: the upgrade deletes those and counts the rest in place, so the
/// bound holds from the first request after it.
@Suite("Diary names' rows: a store of the previous schema upgrades in place")
struct NameRowsUpgradeTests {
    @Test(
        "the upgrade drops the rows at 0, counts each diary's names, and the bound then holds",
        arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let previous =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
                + QuotaKeeperSchemaTests.later.dropLast()
            let old = QuotaKeeperSchemaTests.migrator(previous, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            let repositories = database.diaryRepositories()
            let notes = repositories.notes
            let minji = try await DiaryStoreFixtures.createUser("minji", in: repositories)
            let sora = try await DiaryStoreFixtures.createUser("sora", in: repositories)
            let bare = try await DiaryStoreFixtures.createUser("bare", in: repositories)
            typealias Fixture = DiaryStoreTests.DiaryNameRowsTests
            try await notes.createNote(
                Fixture.note(1, genres: ["드라마", "스릴러"], nations: ["한국"], directors: ["봉준호"]), userID: minji.id)
            try await notes.createNote(
                Fixture.note(2, watched: "2023-01-01", genres: ["드라마"]), userID: minji.id)
            try await notes.createNote(Fixture.note(3, directors: ["소라의 감독"]), userID: sora.id)
            // As the code of that schema left them: no count of names, and the rows of a deleted note's names,
            // film and day at 0.
            let sql = try database.database.requireSQL()
            try await sql.delete(from: DiaryStatCounts.schema)
                .where("dimension", .equal, SQLBind(DiaryStatCounts.Dimension.names)).run()
            for (year, dimension, item) in [
                (0, "director", "지워진 감독"), (2022, "director", "지워진 감독"), (0, "movie", "20199999"),
                (2022, "day", "2022-02-02"), (2022, "genre", "지워진 장르"),
            ] {
                try await sql.insert(into: DiaryStatCounts.schema)
                    .columns("user_id", "year", "dimension", "item", "count")
                    .values(SQLBind(minji.id), SQLBind(year), SQLBind(dimension), SQLBind(item), SQLBind(0)).run()
            }
            #expect(try await Fixture.rows(minji, of: Fixture.emptiable, onlyZero: true, on: database) == 5)

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            #expect(try await Fixture.rows(minji, of: Fixture.emptiable, onlyZero: true, on: database) == 0)
            // minji: 드라마, 스릴러, 한국, 봉준호 for all time and 2024, 드라마 for 2023; sora: one director twice.
            #expect(try await DiaryNameRows.count(userID: minji.id, on: database.database) == 9)
            #expect(try await DiaryNameRows.count(userID: sora.id, on: database.database) == 2)
            #expect(try await DiaryNameRows.count(userID: bare.id, on: database.database) == 0)
            #expect(try await notes.allNotes(userID: minji.id).count == 2)

            let limits = DiaryLimits(nameRows: 10)
            let more = Fixture.note(4, genres: ["코미디"], directors: ["봉준호"])
            try await notes.createNote(more, userID: minji.id, limits: limits)
            #expect(try await notes.note(id: more.id, userID: minji.id)?.movie.genres == [])
            #expect(try await notes.note(id: more.id, userID: minji.id)?.movie.directors == ["봉준호"])
            #expect(try await DiaryNameRows.count(userID: minji.id, on: database.database) == 9)
        }
    }
}
