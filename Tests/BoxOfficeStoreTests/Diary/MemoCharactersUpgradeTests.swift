import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit
import Testing

@testable import BoxOfficeStore

/// A store made by the schema before ``CountDiaryMemoCharacters`` kept no count of memo characters: the upgrade
/// counts every diary's memos in place, so the limit holds from the first request after it.
@Suite("Diary memo characters: a store of the previous schema upgrades in place")
struct MemoCharactersUpgradeTests {
    @Test("the upgrade counts each diary's memos, and the limit then holds", arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let previous =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
                + QuotaKeeperSchemaTests.later.dropLast(2)
            let old = QuotaKeeperSchemaTests.migrator(previous, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            let repositories = database.diaryRepositories()
            let minji = try await DiaryStoreFixtures.createUser("minji", in: repositories)
            let sora = try await DiaryStoreFixtures.createUser("sora", in: repositories)
            let bare = try await DiaryStoreFixtures.createUser("bare", in: repositories)
            let memos = ["가나다라마바사아자차", "한 줄 🎬 감상", "", "Parasite, again\nsecond line"]
            for (index, memo) in memos.enumerated() {
                var note = DiaryStoreFixtures.note(String(format: "2019%04d", index))
                note.memo = memo
                try await repositories.notes.createNote(note, userID: minji.id)
            }
            var theirs = DiaryStoreFixtures.note("20190100")
            theirs.memo = "소라의 메모"
            try await repositories.notes.createNote(theirs, userID: sora.id)
            // As the code of that schema stored them: no row of memo characters.
            try await database.database.requireSQL().delete(from: DiaryStatCounts.schema)
                .where("dimension", .equal, SQLBind(DiaryStatCounts.Dimension.memo)).run()

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            let expected = memos.reduce(0) { $0 + $1.unicodeScalars.count }
            #expect(try await DiaryStatCounts.memoCharacters(userID: minji.id, on: database.database) == expected)
            #expect(try await DiaryStatCounts.memoCharacters(userID: sora.id, on: database.database) == 6)
            #expect(try await DiaryStatCounts.memoCharacters(userID: bare.id, on: database.database) == 0)
            #expect(try await repositories.notes.allNotes(userID: minji.id).map(\.memo).sorted() == memos.sorted())

            var more = DiaryStoreFixtures.note("20190200")
            more.memo = "넘는다"
            await #expect(throws: BoxOfficeError.invalid("memo", .tooManyMemoCharacters(limit: expected + 2))) {
                try await repositories.notes.createNote(
                    more, userID: minji.id, limits: DiaryLimits(memoCharacters: expected + 2))
            }
            more.memo = "둘!"
            try await repositories.notes.createNote(
                more, userID: minji.id, limits: DiaryLimits(memoCharacters: expected + 2))
        }
    }
}
