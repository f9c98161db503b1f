public import Foundation

/// A place in a user's notes in watched order (watched day, then creation, then id), as
/// ``DiaryNoteRepository/allNotes(userID:)`` returns them: where the next chunk of
/// ``DiaryNoteRepository/notes(userID:after:limit:)`` begins.
public struct DiaryNoteCursor: Hashable, Sendable {
    public var watchedOn: CalendarDate
    public var createdAt: Date
    public var id: UUID

    public init(watchedOn: CalendarDate, createdAt: Date, id: UUID) {
        self.watchedOn = watchedOn
        self.createdAt = createdAt
        self.id = id
    }

    /// Just after `note`: pass the last note of a chunk to read the next one.
    public init(after note: DiaryNote) {
        self.init(watchedOn: note.watchedOn, createdAt: note.createdAt, id: note.id)
    }

    /// Whether `note` comes after this place in watched order (as the store compares: ids by their bytes, which
    /// is the order of their upper-case strings).
    public func precedes(_ note: DiaryNote) -> Bool {
        if note.watchedOn != watchedOn { return note.watchedOn > watchedOn }
        if note.createdAt != createdAt { return note.createdAt > createdAt }
        return note.id.uuidString > id.uuidString
    }
}
