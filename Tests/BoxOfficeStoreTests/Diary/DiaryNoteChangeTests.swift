import BoxOfficeCore
import Foundation
import Testing

@testable import BoxOfficeStore

extension DiaryStoreTests {
    /// A note's change is applied to the note as stored under the account's lock, so changes made at once all stay;
    /// a category is checked there too, so one deleted meanwhile (or another person's) is refused in words, not by the
    /// database's foreign key (a 503). Both found by a hostile review of session 42.
    @Suite("Diary store: changes applied under the lock")
    struct DiaryNoteChangeTests {
        @Test(
            "thirty changes of one note at once each see the others': thirty marks in the memo",
            arguments: Backend.enabled)
        func changesAtOnce(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let owner = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                var note = DiaryStoreFixtures.note()
                note.memo = ""
                try await repositories.notes.createNote(note, userID: owner.id)
                let notes = repositories.notes
                let id = note.id
                let saved = try await withThrowingTaskGroup(of: DiaryNote?.self) { group in
                    for _ in 0..<30 {
                        group.addTask {
                            try await notes.updateNote(id: id, userID: owner.id, limits: DiaryLimits()) {
                                var changed = $0
                                changed.memo += "x"
                                return changed
                            }
                        }
                    }
                    return try await group.reduce(into: [DiaryNote?]()) { $0.append($1) }
                }
                #expect(saved.compactMap { $0?.memo.count }.sorted() == Array(1...30))
                let stored = try #require(try await notes.note(id: note.id, userID: owner.id))
                #expect(stored.memo == String(repeating: "x", count: 30))
                // The kept count of memo characters agrees.
                #expect(try await DiaryStatCounts.memoCharacters(userID: owner.id, on: database.database) == 30)
                // A change of a note the user does not have is nil, and changes nothing.
                let stranger = try await DiaryStoreFixtures.createUser("stranger", in: repositories)
                #expect(
                    try await notes.updateNote(id: note.id, userID: stranger.id, limits: DiaryLimits()) { $0 } == nil)
            }
        }

        @Test(
            "a category deleted before the save, or another person's, is an unknown category, on create and on change",
            arguments: Backend.enabled)
        func categoryCheckedUnderTheLock(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let owner = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                let stranger = try await DiaryStoreFixtures.createUser("stranger", in: repositories)
                let gone = try await repositories.categories.createCategory(
                    id: UUID(), name: "곧 지움", visible: true, userID: owner.id, createdAt: DiaryStoreFixtures.now)
                let theirs = try await repositories.categories.createCategory(
                    id: UUID(), name: "남의 것", visible: true, userID: stranger.id, createdAt: DiaryStoreFixtures.now)
                let kept = try await repositories.categories.createCategory(
                    id: UUID(), name: "내 것", visible: true, userID: owner.id, createdAt: DiaryStoreFixtures.now)
                #expect(try await repositories.categories.deleteCategory(id: gone.id, userID: owner.id, notes: .delete))
                for category in [gone.id, theirs.id] {
                    await #expect(
                        throws: BoxOfficeError.invalid("categoryId", .unknownCategory, value: category.uuidString)
                    ) {
                        try await repositories.notes.createNote(
                            DiaryStoreFixtures.note(categoryId: category), userID: owner.id)
                    }
                }
                let note = DiaryStoreFixtures.note(categoryId: kept.id)
                try await repositories.notes.createNote(note, userID: owner.id)
                for category in [gone.id, theirs.id] {
                    await #expect(
                        throws: BoxOfficeError.invalid("categoryId", .unknownCategory, value: category.uuidString)
                    ) {
                        _ = try await repositories.notes.updateNote(
                            id: note.id, userID: owner.id, limits: DiaryLimits()
                        ) {
                            var moved = $0
                            moved.categoryId = category
                            return moved
                        }
                    }
                }
                // Nothing was written: one note, still filed under the kept category; the same category passes.
                #expect(try await repositories.notes.noteCount(userID: owner.id) == 1)
                #expect(try await repositories.notes.note(id: note.id, userID: owner.id)?.categoryId == kept.id)
                let rated = try await repositories.notes.updateNote(
                    id: note.id, userID: owner.id, limits: DiaryLimits()
                ) {
                    var rated = $0
                    rated.rating = StarRating(halves: 7)
                    return rated
                }
                #expect(rated?.categoryId == kept.id && rated?.rating == StarRating(halves: 7))
            }
        }
    }
}
