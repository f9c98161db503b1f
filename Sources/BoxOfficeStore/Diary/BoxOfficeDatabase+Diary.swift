public import BoxOfficeCore

extension BoxOfficeDatabase {
    /// The diary's repositories over this store. Every instance on the same database shares users, sessions,
    /// tokens, failed-login counts, categories and notes. Statistics count notes written without a nation under
    /// the nation `movie_nations` of `nationOrigin` knows for their movie now.
    public func diaryRepositories(nationOrigin: String? = nil) -> DiaryRepositories {
        diaryRepositories(nationOrigin: nationOrigin, pageAnchors: pageAnchors)
    }

    /// The diary's repositories, with deep pages anchored by `pageAnchors` (tests space them closely), and
    /// `importChunkCommitted` called after each chunk of an import commits (tests hold an import there).
    package func diaryRepositories(
        nationOrigin: String?, pageAnchors: NotePageAnchors,
        importChunkCommitted: (@Sendable (Int) async -> Void)? = nil
    ) -> DiaryRepositories {
        DiaryRepositories(
            users: FluentDiaryUserRepository(database: database),
            tokens: FluentDiaryTokenRepository(database: database),
            sessions: FluentDiarySessionRepository(database: database),
            loginAttempts: FluentLoginAttemptRepository(database: database),
            categories: FluentDiaryCategoryRepository(database: database),
            notes: FluentDiaryNoteRepository(
                database: database, nationOrigin: nationOrigin, snapshots: { [self] in snapshotDatabase(slot: $0) },
                openSnapshots: openSnapshots, pageAnchors: pageAnchors, importChunkCommitted: importChunkCommitted))
    }
}
