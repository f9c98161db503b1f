import BoxOfficeCore
import Foundation
import Testing

@Suite("Diary service: Idempotency-Key")
struct DiaryNoteIdempotencyTests {
    @Test("a key names one note per user: a UUID of version 8 and the RFC 9562 variant, the same every time")
    func noteIDs() async throws {
        let harness = DiaryHarness()
        let minji = try await harness.user("minji")
        let joon = try await harness.user("joon")
        let service = harness.notes
        let id = service.noteID(userID: minji.id, idempotencyKey: "k-1")
        #expect(id == service.noteID(userID: minji.id, idempotencyKey: "k-1"))
        #expect(id != service.noteID(userID: minji.id, idempotencyKey: "k-2"))
        #expect(id != service.noteID(userID: joon.id, idempotencyKey: "k-1"))
        #expect(id.uuid.6 >> 4 == 8)
        #expect(id.uuid.8 >> 6 == 0b10)
    }

    @Test("the same key again answers the first note, whatever the second request says; no key, a new note each")
    func repeats() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        let draft = NoteDraft(movieCode: "20190001", watchedOn: DiaryFixtures.date("2024-03-01"), memo: "first")
        let first = try await harness.notes.createNote(draft, for: user, idempotencyKey: "offline-1")
        var other = draft
        other.memo = "second"
        let again = try await harness.notes.createNote(other, for: user, idempotencyKey: "offline-1")
        #expect(again.note == first.note)
        #expect(again.note.memo == "first")
        #expect(again.duplicates.isEmpty, "the note is not its own duplicate")
        #expect(try await harness.notes.notes(NoteListQuery(), for: user).total == 1)
        _ = try await harness.notes.createNote(draft, for: user)
        let third = try await harness.notes.createNote(draft, for: user, idempotencyKey: "offline-2")
        #expect(third.duplicates.count == 2)
        #expect(try await harness.notes.notes(NoteListQuery(), for: user).total == 3)
    }

    @Test("keys: 1 to 255 characters from ! to ~")
    func keys() throws {
        #expect(try DiaryValidation.idempotencyKey("a") == "a")
        #expect(try DiaryValidation.idempotencyKey(String(repeating: "~", count: 255)).count == 255)
        for bad in ["", "two words", "키", "tab\tkey", String(repeating: "k", count: 256)] {
            #expect(throws: BoxOfficeError.invalid("Idempotency-Key", .visibleASCII(1...255), value: bad)) {
                try DiaryValidation.idempotencyKey(bad)
            }
        }
    }
}
