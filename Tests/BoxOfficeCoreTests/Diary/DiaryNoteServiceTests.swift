import BoxOfficeCore
import Foundation
import Testing

@Suite("Diary service: notes and categories")
struct DiaryNoteServiceTests {
    @Test("a note copies the movie from KOBIS; an exact duplicate is saved with a warning, a rewatch without")
    func createNote() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        let first = try await harness.notes.createNote(
            NoteDraft(
                movieCode: "20190001", watchedOn: DiaryFixtures.date("2024-03-01"), rating: StarRating(stars: 4.5)),
            for: user)
        #expect(first.note.title == "기생충")
        #expect(first.note.movie.genres == ["드라마", "스릴러"])
        #expect(first.note.movie.releaseYear == 2019)
        #expect(first.warnings.isEmpty)
        let duplicate = try await harness.notes.createNote(
            NoteDraft(movieCode: "20190001", title: "기생충 (다시)", watchedOn: DiaryFixtures.date("2024-03-01")), for: user)
        #expect(duplicate.duplicates.map(\.id) == [first.note.id])
        #expect(duplicate.warnings == ["You already have a note about 기생충 (다시) watched on 2024-03-01."])
        let rewatch = try await harness.notes.createNote(
            NoteDraft(movieCode: "20190001", watchedOn: DiaryFixtures.date("2024-03-02")), for: user)
        #expect(rewatch.warnings.isEmpty)
    }

    @Test("bad notes are refused before anything is stored")
    func badNotes() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        let other = try await harness.user("jisoo")
        let theirs = try await harness.notes.createCategory(name: "남의 것", for: other)
        let cases: [(NoteDraft, String)] = [
            (
                NoteDraft(movieCode: "00000000", watchedOn: DiaryFixtures.today),
                "movieCode: KOBIS has no movie with code 00000000."
            ),
            (NoteDraft(movieCode: "20190001", title: " ", watchedOn: DiaryFixtures.today), "title must not be empty."),
            (NoteDraft(movieCode: "20190001", watchedOn: DiaryFixtures.today.adding(days: 1)), "is in the future"),
            (
                NoteDraft(
                    movieCode: "20190001", watchedOn: DiaryFixtures.today, memo: String(repeating: "x", count: 10_001)),
                "memo must be at most"
            ),
            (
                NoteDraft(movieCode: "20190001", watchedOn: DiaryFixtures.today, categoryId: theirs.id),
                "you have no category"
            ),
        ]
        for (draft, expected) in cases {
            do {
                _ = try await harness.notes.createNote(draft, for: user)
                Issue.record("accepted \(draft)")
            } catch let error as BoxOfficeError {
                #expect(error.message.contains(expected), "\(error.message)")
            }
        }
        #expect(try await harness.notes.notes(NoteListQuery(), for: user).total == 0)
    }

    @Test("another user's notes and categories do not exist")
    func scoping() async throws {
        let harness = DiaryHarness()
        let owner = try await harness.user()
        let stranger = try await harness.user("jisoo")
        let note = try await harness.notes.createNote(
            NoteDraft(movieCode: "20190001", watchedOn: DiaryFixtures.today), for: owner
        ).note
        let category = try await harness.notes.createCategory(name: "스릴러", for: owner)
        await #expect(throws: DiaryError.notFound(.note(note.id.uuidString))) {
            try await harness.notes.note(id: note.id, for: stranger)
        }
        await #expect(throws: DiaryError.notFound(.note(note.id.uuidString))) {
            try await harness.notes.updateNote(id: note.id, changes: NoteChanges(memo: "mine"), for: stranger)
        }
        await #expect(throws: DiaryError.notFound(.note(note.id.uuidString))) {
            try await harness.notes.deleteNote(id: note.id, for: stranger)
        }
        await #expect(throws: DiaryError.notFound(.category(category.id.uuidString))) {
            try await harness.notes.deleteCategory(id: category.id, notes: .delete, for: stranger)
        }
        #expect(try await harness.notes.notes(NoteListQuery(), for: stranger).total == 0)
        #expect(try await harness.notes.note(id: note.id, for: owner).memo == "")
    }

    @Test("deleting a category with notes needs a decision")
    func deleteCategory() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        let thriller = try await harness.notes.createCategory(name: "스릴러", for: user)
        let drama = try await harness.notes.createCategory(name: "드라마", for: user)
        var draft = NoteDraft(movieCode: "20190001", watchedOn: DiaryFixtures.today)
        draft.categoryId = thriller.id
        let note = try await harness.notes.createNote(draft, for: user).note
        await #expect(throws: DiaryError.conflict(.categoryHasNotes(name: "스릴러", count: 1))) {
            try await harness.notes.deleteCategory(id: thriller.id, notes: nil, for: user)
        }
        await #expect(throws: BoxOfficeError.self) {
            try await harness.notes.deleteCategory(id: thriller.id, notes: .move(to: thriller.id), for: user)
        }
        try await harness.notes.deleteCategory(id: thriller.id, notes: .move(to: drama.id), for: user)
        #expect(try await harness.notes.note(id: note.id, for: user).categoryId == drama.id)
        try await harness.notes.deleteCategory(id: drama.id, notes: .uncategorize, for: user)
        #expect(try await harness.notes.note(id: note.id, for: user).categoryId == nil)
    }
}
