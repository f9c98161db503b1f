import BoxOfficeCore
import BoxOfficeStore
import Foundation
import Testing

extension DiaryStoreTests {
    @Suite("Diary store: diary version and chunked reads")
    struct DiaryVersionTests {
        @Test(
            "the diary version rises with every kind of write, only the writer's, never on reads",
            arguments: Backend.enabled)
        func version(backend: Backend) async throws {
            try await TestStore.with(backend) { database, store in
                let repositories = database.diaryRepositories()
                let notes = repositories.notes
                let categories = repositories.categories
                let user = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                let other = try await DiaryStoreFixtures.createUser("other", in: repositories)
                #expect(try await notes.diaryVersion(userID: user.id) == 0)
                #expect(try await notes.diaryVersion(userID: UUID()) == 0)

                var seen: [Int64] = [0]
                func expectRaised(_ what: Comment) async throws {
                    let version = try await notes.diaryVersion(userID: user.id)
                    #expect(version > seen.last!, what)
                    seen.append(version)
                }
                func expectUnchanged(_ what: Comment) async throws {
                    #expect(try await notes.diaryVersion(userID: user.id) == seen.last!, what)
                }

                let category = try await categories.createCategory(
                    id: UUID(), name: "극장", visible: true, userID: user.id, createdAt: DiaryStoreFixtures.now)
                try await expectRaised("category created")
                _ = try await categories.updateCategory(
                    id: category.id, userID: user.id, changes: CategoryChanges(name: "극장에서"))
                try await expectRaised("category renamed")
                _ = try await categories.updateCategory(
                    id: category.id, userID: user.id, changes: CategoryChanges(visible: false))
                try await expectRaised("category hidden")
                let second = try await categories.createCategory(
                    id: UUID(), name: "집", visible: true, userID: user.id, createdAt: DiaryStoreFixtures.now)
                try await expectRaised("second category")
                _ = try await categories.updateCategory(
                    id: second.id, userID: user.id, changes: CategoryChanges(position: 0))
                try await expectRaised("category moved")

                var note = DiaryStoreFixtures.note(categoryId: category.id)
                try await notes.createNote(note, userID: user.id)
                try await expectRaised("note created")
                note.rating = StarRating(halves: 7)
                #expect(try await notes.updateNote(note, userID: user.id))
                try await expectRaised("note changed")

                // Reads and failed writes leave it alone.
                _ = try await notes.note(id: note.id, userID: user.id)
                _ = try await notes.notes(userID: user.id, query: NoteListQuery())
                _ = try await notes.allNotes(userID: user.id)
                _ = try await notes.notes(userID: user.id, after: nil, limit: 10)
                _ = try await categories.categories(userID: user.id)
                _ = try await notes.notes(userID: user.id, key: note.duplicateKey)
                #expect(try await notes.updateNote(DiaryStoreFixtures.note(), userID: user.id) == false)
                #expect(try await notes.deleteNote(id: UUID(), userID: user.id) == false)
                #expect(try await notes.updateNote(note, userID: other.id) == false)
                try await expectUnchanged("reads and writes to missing notes")

                _ = try await notes.importBatch(
                    DiaryImportBatch(
                        categories: [DiaryImportBatch.Category(name: "새 분류")],
                        notes: [
                            DiaryImportBatch.Note(
                                line: 2, note: DiaryStoreFixtures.note("20200002", watched: "2024-04-01"),
                                categoryName: "새 분류")
                        ]), userID: user.id)
                try await expectRaised("import")
                #expect(try await notes.deleteNote(id: note.id, userID: user.id))
                try await expectRaised("note deleted")
                #expect(try await categories.deleteCategory(id: second.id, userID: user.id, notes: .uncategorize))
                try await expectRaised("category deleted")

                // The other user's diary did not change.
                #expect(try await notes.diaryVersion(userID: other.id) == 0)
                // Every instance on the database reads the same number.
                let elsewhere = try store.open()
                let version = try await elsewhere.diaryRepositories().notes.diaryVersion(userID: user.id)
                await elsewhere.shutdown()
                #expect(version == seen.last!)
            }
        }

        @Test(
            "chunks in watched order return every note once, ties on day and creation included",
            arguments: Backend.enabled)
        func chunks(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let user = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                let stranger = try await DiaryStoreFixtures.createUser("stranger", in: repositories)
                var batch: [DiaryImportBatch.Note] = []
                for index in 0..<23 {
                    // Four days, three creation times: many notes share both.
                    let note = DiaryStoreFixtures.note(
                        String(format: "2019%04d", index), watched: "2024-03-0\(index % 4 + 1)",
                        createdAt: DiaryStoreFixtures.now.addingTimeInterval(Double(index % 3)))
                    batch.append(DiaryImportBatch.Note(line: index, note: note, categoryName: nil))
                }
                _ = try await repositories.notes.importBatch(
                    DiaryImportBatch(categories: [], notes: batch), userID: user.id)
                try await repositories.notes.createNote(DiaryStoreFixtures.note(), userID: stranger.id)

                let all = try await repositories.notes.allNotes(userID: user.id)
                #expect(all.count == 23)
                for size in [1, 4, 23, 50] {
                    var read: [DiaryNote] = []
                    var cursor: DiaryNoteCursor?
                    while true {
                        let chunk = try await repositories.notes.notes(userID: user.id, after: cursor, limit: size)
                        read += chunk
                        guard chunk.count == size, let last = chunk.last else { break }
                        cursor = DiaryNoteCursor(after: last)
                    }
                    #expect(read.map(\.id) == all.map(\.id), "chunks of \(size)")
                    // The store's order is the cursor's.
                    #expect(zip(read, read.dropFirst()).allSatisfy { DiaryNoteCursor(after: $0).precedes($1) })
                }
            }
        }
    }
}
