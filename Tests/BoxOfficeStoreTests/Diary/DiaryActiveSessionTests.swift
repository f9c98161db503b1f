import BoxOfficeCore
import BoxOfficeStore
import Foundation
import Testing

extension DiaryStoreTests {
    @Suite("Diary store: a session read with its diary version")
    struct DiaryActiveSessionTests {
        @Test(
            "the session comes with its own user's current diary version, in step with every change, and not once expired",
            arguments: Backend.enabled)
        func versionWithSession(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let user = try await DiaryStoreFixtures.createUser("minji", in: repositories)
                let other = try await DiaryStoreFixtures.createUser("other", in: repositories)
                let now = DiaryStoreFixtures.now
                let session = DiarySession(
                    id: UUID(), user: user, csrfToken: "csrf", createdAt: now, expiresAt: now.addingTimeInterval(60))
                try await repositories.sessions.createSession(session, tokenHash: "mine")
                try await repositories.sessions.createSession(
                    DiarySession(
                        id: UUID(), user: other, csrfToken: "x", createdAt: now, expiresAt: now.addingTimeInterval(60)),
                    tokenHash: "theirs")

                #expect(
                    try await repositories.sessions.activeSession(tokenHash: "mine", now: now)
                        == ActiveDiarySession(session: session, diaryVersion: 0))
                let note = DiaryStoreFixtures.note()
                try await repositories.notes.createNote(note, userID: user.id)
                try await repositories.notes.createNote(DiaryStoreFixtures.note("20190002"), userID: user.id)
                let version = try await repositories.notes.diaryVersion(userID: user.id)
                #expect(version >= 2)
                #expect(
                    try await repositories.sessions.activeSession(tokenHash: "mine", now: now)?.diaryVersion == version)
                #expect(try await repositories.sessions.activeSession(tokenHash: "theirs", now: now)?.diaryVersion == 0)
                #expect(try await repositories.notes.deleteNote(id: note.id, userID: user.id))
                #expect(
                    try await repositories.sessions.activeSession(tokenHash: "mine", now: now)?.diaryVersion
                        == version + 1)
                #expect(
                    try await repositories.sessions.activeSession(tokenHash: "mine", now: now.addingTimeInterval(60))
                        == nil)
                #expect(try await repositories.sessions.activeSession(tokenHash: "nobody", now: now) == nil)
            }
        }
    }
}
