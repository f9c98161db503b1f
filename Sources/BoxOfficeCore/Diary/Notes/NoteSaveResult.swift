/// A saved note and the user's other notes about the same movie on the same day (an exact duplicate is
/// allowed, but worth a warning).
public struct NoteSaveResult: Sendable, Hashable {
    public var note: DiaryNote
    /// The user's other notes about the same movie on the same day.
    public var duplicates: [DiaryNote]
}
