/// A live session as the store finds it by its cookie, with its user's diary version read in the same query: a
/// signed-in page keyed by the version (a kept notes page) needs no second read.
public struct ActiveDiarySession: Hashable, Sendable {
    public var session: DiarySession
    /// ``DiaryNoteRepository/diaryVersion(userID:)`` of the session's user, read with the session.
    public var diaryVersion: Int64

    public init(session: DiarySession, diaryVersion: Int64) {
        self.session = session
        self.diaryVersion = diaryVersion
    }
}
