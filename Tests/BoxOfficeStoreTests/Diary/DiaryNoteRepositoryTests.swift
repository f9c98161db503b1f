import BoxOfficeCore
import BoxOfficeStore
import Foundation
import Testing

extension DiaryStoreTests {
    @Suite("Diary store: categories and notes")
    struct DiaryNoteRepositoryTests {
        @Test(
            "categories: dense positions, case-insensitive names per user, reorder, counts", arguments: Backend.enabled)
        func categories(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let categories = repositories.categories
                let owner = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                let stranger = try await DiaryStoreFixtures.createUser("stranger", in: repositories)
                var made: [DiaryCategory] = []
                for name in ["스릴러", "Drama", "SF"] {
                    made.append(
                        try await categories.createCategory(
                            id: UUID(), name: name, visible: true, userID: owner.id, createdAt: DiaryStoreFixtures.now))
                }
                #expect(made.map(\.position) == [0, 1, 2])
                await #expect(throws: DiaryError.conflict(.categoryNameTaken("drama"))) {
                    try await categories.createCategory(
                        id: UUID(), name: "drama", visible: true, userID: owner.id, createdAt: DiaryStoreFixtures.now)
                }
                // The same name is fine for someone else.
                let theirs = try await categories.createCategory(
                    id: UUID(), name: "Drama", visible: true, userID: stranger.id, createdAt: DiaryStoreFixtures.now)
                #expect(theirs.position == 0)

                let moved = try #require(
                    try await categories.updateCategory(
                        id: made[2].id, userID: owner.id,
                        changes: CategoryChanges(name: "공상과학", visible: false, position: 0)))
                #expect(moved == DiaryCategory(id: made[2].id, name: "공상과학", visible: false, position: 0))
                #expect(try await categories.categories(userID: owner.id).map(\.name) == ["공상과학", "스릴러", "Drama"])
                #expect(try await categories.categories(userID: owner.id).map(\.position) == [0, 1, 2])
                _ = try await categories.updateCategory(
                    id: made[0].id, userID: owner.id, changes: CategoryChanges(position: 99))
                #expect(try await categories.categories(userID: owner.id).map(\.name) == ["공상과학", "Drama", "스릴러"])
                await #expect(throws: DiaryError.self) {
                    try await categories.updateCategory(
                        id: made[0].id, userID: owner.id, changes: CategoryChanges(name: "DRAMA"))
                }
                #expect(
                    try await categories.updateCategory(
                        id: made[0].id, userID: stranger.id, changes: CategoryChanges(name: "x")) == nil)
                #expect(try await categories.category(id: made[0].id, userID: stranger.id) == nil)
                #expect(
                    try await categories.deleteCategory(id: made[0].id, userID: stranger.id, notes: .delete) == false)

                try await repositories.notes.createNote(
                    DiaryStoreFixtures.note(categoryId: made[1].id), userID: owner.id)
                try await repositories.notes.createNote(
                    DiaryStoreFixtures.note(watched: "2024-03-02", categoryId: made[1].id), userID: owner.id)
                #expect(try await categories.category(id: made[1].id, userID: owner.id)?.noteCount == 2)
                #expect(try await categories.categories(userID: owner.id).map(\.noteCount) == [0, 2, 0])
            }
        }

        @Test(
            "deleting a category moves, uncategorizes or deletes its notes, and closes the gap",
            arguments: Backend.enabled)
        func deleteCategory(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let user = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                var ids: [UUID] = []
                for name in ["a", "b", "c"] {
                    ids.append(
                        try await repositories.categories.createCategory(
                            id: UUID(), name: name, visible: true, userID: user.id, createdAt: DiaryStoreFixtures.now
                        ).id)
                }
                let note = DiaryStoreFixtures.note(categoryId: ids[0])
                try await repositories.notes.createNote(note, userID: user.id)
                #expect(
                    try await repositories.categories.deleteCategory(
                        id: ids[0], userID: user.id, notes: .move(to: ids[2])))
                #expect(try await repositories.notes.note(id: note.id, userID: user.id)?.categoryId == ids[2])
                #expect(try await repositories.categories.categories(userID: user.id).map(\.position) == [0, 1])
                #expect(
                    try await repositories.categories.deleteCategory(id: ids[2], userID: user.id, notes: .uncategorize))
                #expect(try await repositories.notes.note(id: note.id, userID: user.id)?.categoryId == nil)
                try await repositories.notes.createNote(
                    DiaryStoreFixtures.note(watched: "2024-01-01", categoryId: ids[1]), userID: user.id)
                #expect(try await repositories.categories.deleteCategory(id: ids[1], userID: user.id, notes: .delete))
                #expect(try await repositories.notes.allNotes(userID: user.id).map(\.id) == [note.id])
            }
        }

        @Test("a note round-trips with every field; another user's note does not exist", arguments: Backend.enabled)
        func notes(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let notes = repositories.notes
                let owner = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                let stranger = try await DiaryStoreFixtures.createUser("stranger", in: repositories)
                var note = DiaryStoreFixtures.note(rating: 9)
                try await notes.createNote(note, userID: owner.id)
                #expect(try await notes.note(id: note.id, userID: owner.id) == note)
                #expect(try await notes.note(id: note.id, userID: stranger.id) == nil)

                note.memo = ""
                note.rating = nil
                note.place = nil
                note.title = "제목 바꿈"
                note.movie = MovieSnapshot()
                note.chartDate = nil
                note.chartRank = nil
                #expect(try await notes.updateNote(note, userID: stranger.id) == false)
                #expect(try await notes.updateNote(note, userID: owner.id) == true)
                #expect(try await notes.note(id: note.id, userID: owner.id) == note)
                #expect(try await notes.notes(userID: owner.id, key: note.duplicateKey).map(\.id) == [note.id])
                #expect(try await notes.notes(userID: stranger.id, key: note.duplicateKey).isEmpty)
                #expect(try await notes.deleteNote(id: note.id, userID: stranger.id) == false)
                #expect(try await notes.deleteNote(id: note.id, userID: owner.id) == true)
                #expect(try await notes.note(id: note.id, userID: owner.id) == nil)
            }
        }

        @Test("lists sort, filter and page in the store exactly as the domain orders them", arguments: Backend.enabled)
        func listing(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let owner = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                let stranger = try await DiaryStoreFixtures.createUser("stranger", in: repositories)
                let category = try await repositories.categories.createCategory(
                    id: UUID(), name: "c", visible: true, userID: owner.id, createdAt: DiaryStoreFixtures.now)
                let titles = ["가을", "apple", "Banana", "가나", "zebra", "Ärger", "123", "가을"]
                var all: [DiaryNote] = []
                for index in 0..<40 {
                    let note = DiaryStoreFixtures.note(
                        "M\(index % 7)", title: titles[index % titles.count],
                        watched: String(format: "%04d-%02d-%02d", 2022 + index % 3, 1 + index % 12, 1 + index % 5),
                        rating: index % 4 == 0 ? nil : 1 + index % 10,
                        releaseYear: index % 5 == 0 ? nil : 2000 + index % 6,
                        createdAt: DiaryStoreFixtures.now.addingTimeInterval(Double(index % 9) * 0.001),
                        categoryId: index % 3 == 0 ? category.id : nil)
                    try await repositories.notes.createNote(note, userID: owner.id)
                    all.append(note)
                }
                try await repositories.notes.createNote(DiaryStoreFixtures.note(), userID: stranger.id)

                for field in NoteSort.Field.allCases {
                    for ascending in [true, false] {
                        let sort = NoteSort(field, ascending: ascending)
                        let expected = all.sorted(by: sort.areInIncreasingOrder).map(\.id)
                        var paged: [UUID] = []
                        for page in 1...4 {
                            let result = try await repositories.notes.notes(
                                userID: owner.id, query: NoteListQuery(sort: sort, page: page, perPage: 12))
                            #expect(result.total == 40)
                            paged += result.notes.map(\.id)
                        }
                        #expect(paged == expected, "\(field) \(ascending ? "asc" : "desc")")
                    }
                }

                let filters: [NoteFilter] = [
                    NoteFilter(year: 2023), NoteFilter(releaseYear: 2003), NoteFilter(rating: StarRating(halves: 6)),
                    NoteFilter(minRating: StarRating(halves: 8)), NoteFilter(category: .category(category.id)),
                    NoteFilter(category: .uncategorized), NoteFilter(movieCode: "M3"),
                    NoteFilter(year: 2024, minRating: StarRating(halves: 2), category: .uncategorized),
                ]
                for filter in filters {
                    let expected = all.filter(filter.matches).sorted(by: NoteSort().areInIncreasingOrder).map(\.id)
                    let result = try await repositories.notes.notes(
                        userID: owner.id, query: NoteListQuery(filter: filter, perPage: 200))
                    #expect(!expected.isEmpty)
                    #expect(result.notes.map(\.id) == expected, "\(filter)")
                    #expect(result.total == expected.count)
                }
                let chronological = try await repositories.notes.allNotes(userID: owner.id)
                #expect(chronological.count == 40)
                #expect(chronological.map(\.watchedOn) == chronological.map(\.watchedOn).sorted())
            }
        }

        @Test(
            "a movie with more notes than are ordered in memory is paged in SQL, in the domain's order",
            arguments: Backend.enabled)
        func manyNotesOfOneMovie(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let owner = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                let start = try #require(CalendarDate(year: 2020, month: 1, day: 1))
                let titles = ["가을", "apple", "Banana", "가나"]
                var notes: [DiaryNote] = []
                // One more than the in-memory path takes, each a day apart, with ratings, years and titles that tie.
                for index in 0..<(501) {
                    var note = DiaryStoreFixtures.note(
                        "M1", title: titles[index % titles.count], watched: start.adding(days: index).isoString,
                        rating: index % 4 == 0 ? nil : 1 + index % 10, releaseYear: index % 5 == 0 ? nil : 2019,
                        // To the millisecond, as every stored instant is (a cursor carries it back).
                        createdAt: DiaryTime.normalized(
                            DiaryStoreFixtures.now.addingTimeInterval(Double(index % 9) * 0.001)))
                    note.id = UUID()
                    notes.append(note)
                }
                let batch = DiaryImportBatch(
                    categories: [], notes: notes.enumerated().map { .init(line: $0 + 2, note: $1, categoryName: nil) })
                _ = try await repositories.notes.importBatch(batch, userID: owner.id, limits: DiaryLimits())
                try await repositories.notes.createNote(DiaryStoreFixtures.note("M2"), userID: owner.id)
                let filter = NoteFilter(movieCode: "M1")
                for field in NoteSort.Field.allCases {
                    for ascending in [true, false] {
                        let sort = NoteSort(field, ascending: ascending)
                        let expected = notes.sorted(by: sort.areInIncreasingOrder).map(\.id)
                        var byCursor: [UUID] = []
                        var cursor: NoteCursor?
                        repeat {
                            let page = try await repositories.notes.notes(
                                userID: owner.id,
                                query: NoteListQuery(filter: filter, sort: sort, perPage: 200, cursor: cursor))
                            #expect(page.total == 501)
                            byCursor += page.notes.map(\.id)
                            cursor = page.nextCursor
                        } while cursor != nil
                        #expect(byCursor == expected, "\(field) \(ascending ? "asc" : "desc") by cursor")
                        let third = try await repositories.notes.notes(
                            userID: owner.id, query: NoteListQuery(filter: filter, sort: sort, page: 3, perPage: 200))
                        #expect(third.notes.map(\.id) == Array(expected[400...]), "\(field) page 3")
                    }
                }
            }
        }

        @Test(
            "an import creates categories, keeps free ids, skips what the user has, in one transaction",
            arguments: Backend.enabled)
        func importBatch(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let owner = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                let stranger = try await DiaryStoreFixtures.createUser("stranger", in: repositories)
                let existing = DiaryStoreFixtures.note(watched: "2024-01-01")
                try await repositories.notes.createNote(existing, userID: owner.id)
                let strangers = DiaryStoreFixtures.note(watched: "2020-01-01")
                try await repositories.notes.createNote(strangers, userID: stranger.id)
                _ = try await repositories.categories.createCategory(
                    id: UUID(), name: "Drama", visible: true, userID: owner.id, createdAt: DiaryStoreFixtures.now)

                let fresh = DiaryStoreFixtures.note("20200001", watched: "2024-02-02")
                var sameID = DiaryStoreFixtures.note("20200002", watched: "2024-02-03")
                sameID.id = existing.id
                let sameKey = DiaryStoreFixtures.note(watched: "2024-01-01")
                var takenID = DiaryStoreFixtures.note("20200003", watched: "2024-02-04")
                takenID.id = strangers.id
                let batch = DiaryImportBatch(
                    categories: [.init(name: "drama"), .init(name: "새 카테고리", visible: false)],
                    notes: [
                        .init(line: 2, note: fresh, categoryName: "DRAMA"),
                        .init(line: 3, note: sameID, categoryName: nil),
                        .init(line: 4, note: sameKey, categoryName: nil),
                        .init(line: 5, note: takenID, categoryName: "새 카테고리"),
                        // Two viewings of one movie on one day in the same file are both kept.
                        .init(
                            line: 6, note: DiaryStoreFixtures.note("20200009", watched: "2024-02-05"), categoryName: nil
                        ),
                        .init(
                            line: 7, note: DiaryStoreFixtures.note("20200009", watched: "2024-02-05"), categoryName: nil
                        ),
                    ])
                let outcome = try await repositories.notes.importBatch(batch, userID: owner.id)
                #expect(outcome.duplicateLines == [3, 4])
                #expect(outcome.categoriesCreated == ["새 카테고리"])
                #expect(outcome.inserted.count == 4)
                #expect(outcome.inserted[0].id == fresh.id)
                #expect(outcome.inserted[1].id != strangers.id)
                let categories = try await repositories.categories.categories(userID: owner.id)
                #expect(categories.map(\.name) == ["Drama", "새 카테고리"])
                #expect(categories.map(\.visible) == [true, false])
                #expect(
                    try await repositories.notes.note(id: fresh.id, userID: owner.id)?.categoryId == categories[0].id)
                #expect(try await repositories.notes.note(id: strangers.id, userID: stranger.id) == strangers)
                #expect(try await repositories.notes.allNotes(userID: owner.id).count == 5)
            }
        }

        @Test("a failing import leaves nothing behind", arguments: Backend.enabled)
        func importIsAtomic(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let owner = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                let stranger = try await DiaryStoreFixtures.createUser("stranger", in: repositories)
                // More notes than the store writes at a time: the chunks before the failing one are taken back too.
                var notes = (0..<2_450).map { index in
                    DiaryImportBatch.Note(
                        line: index + 2, note: DiaryStoreFixtures.note("M\(index)", watched: "2024-01-01"),
                        categoryName: "새")
                }
                // The store's CHECK constraint refuses an impossible chart rank in the last INSERT.
                notes[2_449].note.chartRank = 5000
                await #expect(throws: BoxOfficeError.self) {
                    try await repositories.notes.importBatch(
                        DiaryImportBatch(categories: [.init(name: "새")], notes: notes), userID: owner.id)
                }
                // Each chunk was committed, then taken back: the counts read as an empty diary's again.
                #expect(try await database.rowCount(of: "diary_notes") == 0)
                #expect(try await database.rowCount(of: "diary_categories") == 0)
                #expect(try await database.rowCount(of: "diary_year_first_notes") == 0)
                #expect(try await repositories.notes.noteCount(userID: owner.id) == 0)
                let empty = try await repositories.notes.statisticsCounts(userID: stranger.id, year: nil)
                #expect(try await repositories.notes.statisticsCounts(userID: owner.id, year: nil) == empty)
                let year = try await repositories.notes.statisticsCounts(userID: owner.id, year: 2024)
                #expect(year == (try await repositories.notes.statisticsCounts(userID: stranger.id, year: 2024)))
                // Clients that sync by version learn that the diary moved.
                #expect(try await repositories.notes.diaryVersion(userID: owner.id) > 0)
            }
        }
    }
}
