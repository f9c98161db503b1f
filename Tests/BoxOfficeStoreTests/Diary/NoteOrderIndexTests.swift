import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit
import Testing

@testable import BoxOfficeStore

/// Every list order reads a page from an index, on SQLite without sorting anything (its plans are fixed: no
/// statistics), so a page of a 100,000-note diary costs what a page of a small one does, on the one connection
/// everyone shares. The three orders whose ties run against them had none until `AddDiaryNoteAscendingSortIndexes`.
@Suite("Diary store: an index for every list order")
struct NoteOrderIndexTests {
    /// The ORDER BY the repository writes for `field` in a direction (``FluentDiaryNoteRepository``).
    static func order(_ field: NoteSort.Field, ascending: Bool) -> String {
        let direction = ascending ? "ASC" : "DESC"
        let primary =
            switch field {
            case .created: "created_at"
            case .watchedOn: "watched_on"
            case .releaseYear: "COALESCE(release_year, \(ascending ? 10_000 : 0))"
            case .title: "title_key"
            case .rating: "COALESCE(rating_halves, \(ascending ? 11 : 0))"
            }
        var order = "\(primary) \(direction)"
        if field != .watchedOn { order += ", watched_on DESC" }
        if field != .created { order += ", created_at DESC" }
        return order + ", id ASC"
    }

    static func plan(_ order: String, user: UUID, on sql: any SQLDatabase) async throws -> [String] {
        let query: SQLQueryString =
            "EXPLAIN QUERY PLAN SELECT id FROM diary_notes WHERE user_id = \(bind: user) ORDER BY \(unsafeRaw: order)"
        return try await sql.raw(query + " LIMIT 51").all().map { try $0.decode(column: "detail", as: String.self) }
    }

    @Test("on SQLite, each of the ten orders reads its index and sorts nothing")
    func everyOrderIndexed() async throws {
        try await TestStore.with(.sqlite) { database, _ in
            let sql = try database.database.requireSQL()
            for field in NoteSort.Field.allCases {
                for ascending in [true, false] {
                    let plan = try await Self.plan(Self.order(field, ascending: ascending), user: UUID(), on: sql)
                    let name = "\(field) \(ascending ? "asc" : "desc")"
                    #expect(plan.contains { $0.contains("idx_diary_notes_sort") }, "\(name) reads an index: \(plan)")
                    #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(name) sorts nothing: \(plan)")
                }
            }
        }
    }

    @Test("a store made before the indexes upgrades in place, its lists in the same order", arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let previous =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
                + QuotaKeeperSchemaTests.later.prefix { !($0 is AddDiaryNoteAscendingSortIndexes) }
            let old = QuotaKeeperSchemaTests.migrator(previous, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            let repositories = database.diaryRepositories()
            let owner = try await DiaryStoreFixtures.createUser("owner", in: repositories)
            var notes: [DiaryNote] = []
            for index in 0..<12 {
                var note = DiaryStoreFixtures.note(
                    "M\(index % 3)", title: ["가을", "apple", "Banana"][index % 3],
                    watched: String(format: "2024-01-%02d", 1 + index % 5),
                    createdAt: DiaryTime.normalized(DiaryStoreFixtures.now.addingTimeInterval(Double(index % 4))))
                note.id = UUID()
                try await repositories.notes.createNote(note, userID: owner.id)
                notes.append(note)
            }

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            let sql = try database.database.requireSQL()
            let names =
                sql.dialect.name == "postgresql"
                ? try await sql.raw("SELECT indexname AS name FROM pg_indexes WHERE tablename = 'diary_notes'").all()
                : try await sql.raw("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'diary_notes'")
                    .all()
            let indexes = Set(try names.map { try $0.decode(column: "name", as: String.self) })
            for index in AddDiaryNoteAscendingSortIndexes.indexes { #expect(indexes.contains(index.name)) }
            for (field, ascending) in [(NoteSort.Field.created, true), (.watchedOn, true), (.title, false)] {
                let sort = NoteSort(field, ascending: ascending)
                let page = try await repositories.notes.notes(
                    userID: owner.id, query: NoteListQuery(sort: sort, perPage: 50))
                #expect(page.notes.map(\.id) == notes.sorted(by: sort.areInIncreasingOrder).map(\.id), "\(field)")
            }
        }
    }
}
