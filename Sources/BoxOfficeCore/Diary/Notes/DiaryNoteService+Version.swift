import Foundation

extension DiaryNoteService {
    /// The user's diary version (``DiaryNoteRepository/diaryVersion(userID:)``): anything derived from the notes and
    /// categories, such as a rendered page, may be kept until it changes, on every instance.
    public func diaryVersion(for user: DiaryUser) async throws -> Int64 {
        try await noteRepository.diaryVersion(userID: user.id)
    }
}
