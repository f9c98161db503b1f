/// A user's notes as they stood at one instant, read chunk by chunk
/// (``DiaryNoteRepository/withNoteSnapshot(userID:_:)``).
public protocol DiaryNoteSnapshot: Sendable {
    /// Up to `limit` notes after `cursor` in watched order, as ``DiaryNoteRepository/notes(userID:after:limit:)``
    /// reads them, from the snapshot.
    func notes(after cursor: DiaryNoteCursor?, limit: Int) async throws -> [DiaryNote]
}
