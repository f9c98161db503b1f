import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit
import Testing

@testable import BoxOfficeStore

extension DiaryStoreTests {
    /// The diary version, kept statistics and sort keys arrive in a database made by the schema before them.
    @Suite("Diary store: upgrade to kept statistics and sort keys")
    struct DiaryScaleSchemaTests {
        static func previousSchema() -> [any Migration] {
            QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
        }

        /// How titles were keyed before: lower case, NFC.
        static func oldTitleKey(_ title: String) -> String { title.precomposedStringWithCanonicalMapping.lowercased() }

        @Test("existing diaries get their counts, versions and new title keys in place", arguments: Backend.enabled)
        func upgrade(backend: Backend) async throws {
            try await TestStore.with(backend, migrate: false) { database, _ in
                let old = QuotaKeeperSchemaTests.migrator(Self.previousSchema(), on: database)
                try await old.setupIfNeeded().get()
                try await old.prepareBatch().get()
                let sql = try database.database.requireSQL()
                var notesByUser: [UUID: [DiaryNote]] = [:]
                var random = RandomDiary(seed: 0xB0_0C)
                for name in ["first", "second"] {
                    // The old way: the users table had no diary_version, notes had old title keys.
                    let id = try await LegacyDiaryRows.user(name, on: sql)
                    var notes: [DiaryNote] = []
                    for index in 0..<(name == "first" ? 2_300 : 40) {
                        var note = random.note()
                        note.title = DiaryNoteListOrderTests.titles[index % DiaryNoteListOrderTests.titles.count]
                        var values = try DiaryNoteModel.insertValues(note, userID: id)
                        values[5] = SQLBind(Self.oldTitleKey(note.title))
                        try await sql.insert(into: DiaryNoteModel.schema).columns(DiaryNoteModel.insertColumns)
                            .values(values).run()
                        notes.append(note)
                    }
                    notesByUser[id] = notes
                }

                try await database.migrate()
                #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
                let repositories = database.diaryRepositories()
                for (userID, written) in notesByUser {
                    let stored = try await repositories.notes.allNotes(userID: userID)
                    #expect(stored.count == written.count)
                    #expect(try await repositories.notes.diaryVersion(userID: userID) == 0)
                    for year in [nil, 2021, 2022, 2023] {
                        #expect(
                            DiaryStatistics(
                                counts: try await repositories.notes.statisticsCounts(userID: userID, year: year))
                                == DiaryStatistics(notes: stored, year: year))
                    }
                    let titleOrder = try await repositories.notes.notes(
                        userID: userID, query: NoteListQuery(sort: NoteSort(.title), perPage: 200))
                    #expect(
                        titleOrder.notes.map(\.id)
                            == Array(stored.sorted(by: NoteSort(.title).areInIncreasingOrder).prefix(200)).map(\.id))
                }
                let keys = try await sql.select().column("title").column("title_key").from(DiaryNoteModel.schema).all()
                #expect(
                    try keys.allSatisfy {
                        try $0.decode(column: "title_key", as: String.self)
                            == NoteSort.titleKey(try $0.decode(column: "title", as: String.self))
                    })
            }
        }
    }
}
