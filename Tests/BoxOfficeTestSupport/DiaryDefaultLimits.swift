public import BoxOfficeCore
public import Foundation

// The stores' writes with the limits an account has by default, for tests about something else.

extension DiaryNoteRepository {
    public func createNote(_ note: DiaryNote, userID: UUID) async throws {
        try await createNote(note, userID: userID, limits: DiaryLimits())
    }

    public func updateNote(_ note: DiaryNote, userID: UUID) async throws -> Bool {
        try await updateNote(note, userID: userID, limits: DiaryLimits())
    }

    /// Replaces a stored note with `note` (same id), whatever it holds now; `false` when the user has no such note.
    public func updateNote(_ note: DiaryNote, userID: UUID, limits: DiaryLimits) async throws -> Bool {
        try await updateNote(id: note.id, userID: userID, limits: limits) { _ in note } != nil
    }

    public func importBatch(_ batch: DiaryImportBatch, userID: UUID) async throws -> DiaryImportOutcome {
        try await importBatch(batch, userID: userID, limits: DiaryLimits())
    }
}

extension DiaryCategoryRepository {
    public func createCategory(id: UUID, name: String, visible: Bool, userID: UUID, createdAt: Date) async throws
        -> DiaryCategory
    {
        try await createCategory(
            id: id, name: name, visible: visible, userID: userID, createdAt: createdAt, limit: DiaryLimits().categories)
    }
}

extension DiaryTokenRepository {
    public func createToken(_ token: DiaryToken, userID: UUID, tokenHash: String) async throws {
        try await createToken(token, userID: userID, tokenHash: tokenHash, limit: DiaryLimits().tokens)
    }
}

extension DiarySessionRepository {
    public func createSession(_ session: DiarySession, tokenHash: String) async throws {
        try await createSession(session, tokenHash: tokenHash, keeping: DiaryLimits().sessions)
    }
}
