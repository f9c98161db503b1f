import BoxOfficeCore
import BoxOfficeStore
import Foundation
import Testing

/// Every diary store suite, one test at a time, so they do not crowd out the rest of the run on two cores.
@Suite("Diary store", .serialized)
struct DiaryStoreTests {}

/// Diary values for store tests.
enum DiaryStoreFixtures {
    static let now = DiaryTime.normalized(Date(timeIntervalSince1970: 1_710_903_600.123))

    static func user(_ name: String) -> DiaryUser {
        DiaryUser(id: UUID(), username: name, createdAt: now)
    }

    /// Creates a user and returns it.
    static func createUser(_ name: String, in repositories: DiaryRepositories) async throws -> DiaryUser {
        let user = user(name)
        try await repositories.users.createUser(
            user, usernameKey: DiaryValidation.usernameKey(name), passwordHash: "hash-\(name)")
        return user
    }

    static func note(
        _ code: String = "20190001", title: String = "기생충", watched: String = "2024-03-01", rating: Int? = nil,
        releaseYear: Int? = 2019, createdAt: Date = now, categoryId: UUID? = nil
    ) -> DiaryNote {
        DiaryNote(
            id: UUID(), movieCode: code, title: title, watchedOn: CalendarDate(watched)!, memo: "메모, \"인용\"\n둘째 줄",
            rating: rating.flatMap { StarRating(halves: $0) }, categoryId: categoryId, place: .cinema,
            createdAt: createdAt, updatedAt: createdAt.addingTimeInterval(1.5),
            movie: MovieSnapshot(
                releaseYear: releaseYear, titleEnglish: "Parasite", genres: ["드라마", "스릴러"], nations: ["한국"],
                directors: ["봉준호"]),
            chartDate: CalendarDate("2024-02-29"), chartRank: 3)
    }
}

extension DiaryStoreTests {
    @Suite("Diary store: accounts, tokens, sessions, failed logins")
    struct DiaryAccountRepositoryTests {
        @Test("usernames are unique ignoring case; credentials and password changes", arguments: Backend.enabled)
        func users(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let user = try await DiaryStoreFixtures.createUser("MinJi", in: repositories)
                await #expect(throws: DiaryError.conflict(.usernameTaken("minji"))) {
                    try await repositories.users.createUser(
                        DiaryStoreFixtures.user("minji"), usernameKey: "minji", passwordHash: "x")
                }
                #expect(try await repositories.users.user(id: user.id) == user)
                let credentials = try #require(try await repositories.users.credentials(usernameKey: "minji"))
                #expect(credentials.user == user)
                #expect(credentials.passwordHash == "hash-MinJi")
                try await repositories.users.updatePasswordHash(userID: user.id, passwordHash: "new")
                #expect(try await repositories.users.credentials(usernameKey: "minji")?.passwordHash == "new")
                #expect(try await repositories.users.credentials(usernameKey: "nobody") == nil)
                #expect(try await database.rowCount(of: "diary_users") == 1)
            }
        }

        @Test("API tokens are found by digest, listed and revoked per user", arguments: Backend.enabled)
        func tokens(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let owner = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                let stranger = try await DiaryStoreFixtures.createUser("stranger", in: repositories)
                let older = DiaryToken(id: UUID(), name: "old", createdAt: DiaryStoreFixtures.now)
                let newer = DiaryToken(
                    id: UUID(), name: "new", createdAt: DiaryStoreFixtures.now.addingTimeInterval(60))
                try await repositories.tokens.createToken(older, userID: owner.id, tokenHash: "digest-old")
                try await repositories.tokens.createToken(newer, userID: owner.id, tokenHash: "digest-new")
                #expect(try await repositories.tokens.tokens(userID: owner.id).map(\.name) == ["new", "old"])
                #expect(try await repositories.tokens.tokens(userID: stranger.id).isEmpty)
                let found = try #require(try await repositories.tokens.token(hash: "digest-old"))
                #expect(found.token == older)
                #expect(found.user == owner)
                #expect(found.diaryVersion == (try await repositories.notes.diaryVersion(userID: owner.id)))
                try await repositories.tokens.markTokenUsed(
                    id: older.id, at: DiaryStoreFixtures.now.addingTimeInterval(5))
                #expect(
                    try await repositories.tokens.token(hash: "digest-old")?.token.lastUsedAt
                        == DiaryStoreFixtures.now.addingTimeInterval(5))
                #expect(try await repositories.tokens.deleteToken(id: older.id, userID: stranger.id) == false)
                #expect(try await repositories.tokens.deleteToken(id: older.id, userID: owner.id) == true)
                #expect(try await repositories.tokens.token(hash: "digest-old") == nil)
                #expect(try await repositories.tokens.deleteToken(id: older.id, userID: owner.id) == false)
            }
        }

        @Test("sessions are shared by every instance on the database, and expire", arguments: Backend.enabled)
        func sessions(backend: Backend) async throws {
            try await TestStore.with(backend) { database, store in
                let repositories = database.diaryRepositories()
                let user = try await DiaryStoreFixtures.createUser("minji", in: repositories)
                let now = DiaryStoreFixtures.now
                let session = DiarySession(
                    id: UUID(), user: user, csrfToken: "csrf", createdAt: now, expiresAt: now.addingTimeInterval(3600))
                try await repositories.sessions.createSession(session, tokenHash: "cookie-digest")

                let other = try store.open()
                do {
                    let shared = other.diaryRepositories()
                    #expect(try await shared.sessions.session(tokenHash: "cookie-digest", now: now) == session)
                    #expect(
                        try await shared.sessions.session(tokenHash: "cookie-digest", now: now.addingTimeInterval(3600))
                            == nil)
                    try await shared.sessions.extendSession(id: session.id, until: now.addingTimeInterval(7200))
                } catch {
                    await other.shutdown()
                    throw error
                }
                await other.shutdown()
                #expect(
                    try await repositories.sessions.session(
                        tokenHash: "cookie-digest", now: now.addingTimeInterval(3600))?
                        .expiresAt == now.addingTimeInterval(7200))
                try await repositories.sessions.deleteSession(tokenHash: "cookie-digest")
                #expect(try await repositories.sessions.session(tokenHash: "cookie-digest", now: now) == nil)

                for (index, lifetime) in [10.0, 20, 7200].enumerated() {
                    try await repositories.sessions.createSession(
                        DiarySession(
                            id: UUID(), user: user, csrfToken: "c", createdAt: now,
                            expiresAt: now.addingTimeInterval(lifetime)),
                        tokenHash: "s\(index)")
                }
                #expect(try await repositories.sessions.deleteExpiredSessions(now: now.addingTimeInterval(30)) == 2)
                #expect(try await repositories.sessions.session(tokenHash: "s2", now: now) != nil)
                try await repositories.sessions.deleteSessions(userID: user.id)
                #expect(try await database.rowCount(of: "diary_sessions") == 0)
            }
        }

        @Test(
            "log-in slots are counted across instances, refused past the limit, given back and forgotten after the window",
            arguments: Backend.enabled)
        func loginSlots(backend: Backend) async throws {
            try await TestStore.with(backend) { database, store in
                let attempts = database.diaryRepositories().loginAttempts
                let now = DiaryStoreFixtures.now
                let window = now.addingTimeInterval(-900)
                var ids: [UUID] = []
                for minute in 0..<3 {
                    let slot = try await attempts.takeLoginSlot(
                        usernameKey: "minji", at: now.addingTimeInterval(Double(minute) * 60), windowStart: window,
                        limit: 3)
                    guard case .taken(let id) = slot else {
                        Issue.record("slot \(minute) refused")
                        return
                    }
                    ids.append(id)
                }
                _ = try await attempts.takeLoginSlot(usernameKey: "jisoo", at: now, windowStart: window, limit: 3)
                let other = try store.open()
                let refused = try await other.diaryRepositories().loginAttempts.takeLoginSlot(
                    usernameKey: "minji", at: now.addingTimeInterval(180), windowStart: window, limit: 3)
                await other.shutdown()
                #expect(refused == .refused(attempts: [now, now.addingTimeInterval(60), now.addingTimeInterval(120)]))
                // A success gives its slot back: the next attempt fits.
                try await attempts.releaseLoginSlot(id: ids[2])
                let again = try await attempts.takeLoginSlot(
                    usernameKey: "minji", at: now.addingTimeInterval(200), windowStart: window, limit: 3)
                guard case .taken = again else {
                    Issue.record("the slot given back was not taken again")
                    return
                }
                // A later attempt forgets every username's attempts from before its window.
                _ = try await attempts.takeLoginSlot(
                    usernameKey: "minji", at: now.addingTimeInterval(1000), windowStart: now.addingTimeInterval(100),
                    limit: 3)
                #expect(try await attempts.failedLogins(usernameKey: "minji", since: .distantPast).count == 2)
                #expect(try await attempts.failedLogins(usernameKey: "jisoo", since: .distantPast).isEmpty)
            }
        }

        @Test(
            "30 simultaneous attempts for one username on two instances take exactly the limit's slots",
            arguments: Backend.enabled)
        func simultaneousSlots(backend: Backend) async throws {
            try await TestStore.with(backend) { database, store in
                let other = try store.open()
                let now = DiaryStoreFixtures.now
                let stores = [database.diaryRepositories().loginAttempts, other.diaryRepositories().loginAttempts]
                let taken = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for index in 0..<30 {
                        let attempts = stores[index % 2]
                        group.addTask {
                            let slot = try await attempts.takeLoginSlot(
                                usernameKey: "racer", at: now, windowStart: now.addingTimeInterval(-900), limit: 5)
                            if case .taken = slot { return true }
                            return false
                        }
                    }
                    return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
                await other.shutdown()
                #expect(taken == 5)
                #expect(try await database.rowCount(of: "diary_login_attempts") == 5)
            }
        }

        @Test("purging deletes expired sessions and old failed logins, and only those", arguments: Backend.enabled)
        func purge(backend: Backend) async throws {
            try await TestStore.with(backend) { database, store in
                let repositories = database.diaryRepositories()
                let user = try await DiaryStoreFixtures.createUser("minji", in: repositories)
                let now = DiaryStoreFixtures.now
                for (hash, expiry) in [("gone-1", -3600.0), ("gone-2", 0), ("live-1", 1), ("live-2", 86_400)] {
                    try await repositories.sessions.createSession(
                        DiarySession(
                            id: UUID(), user: user, csrfToken: "c", createdAt: now.addingTimeInterval(-86_400),
                            expiresAt: now.addingTimeInterval(expiry)),
                        tokenHash: hash)
                }
                let attempts = repositories.loginAttempts
                for (key, age) in [("a", 3600.0), ("b", 901), ("a", 899), ("c", 1)] {
                    _ = try await attempts.takeLoginSlot(
                        usernameKey: key, at: now.addingTimeInterval(-age), windowStart: .distantPast, limit: 100)
                }
                #expect(try await repositories.sessions.deleteExpiredSessions(now: now) == 2)
                #expect(try await attempts.deleteFailedLogins(before: now.addingTimeInterval(-900)) == 2)
                // Another instance purging the same moment finds nothing left: purging is idempotent.
                let other = try store.open()
                let again = other.diaryRepositories()
                let repeated = (
                    try await again.sessions.deleteExpiredSessions(now: now),
                    try await again.loginAttempts.deleteFailedLogins(before: now.addingTimeInterval(-900))
                )
                await other.shutdown()
                #expect(repeated == (0, 0))
                #expect(try await database.rowCount(of: "diary_sessions") == 2)
                for hash in ["live-1", "live-2"] {
                    #expect(try await repositories.sessions.session(tokenHash: hash, now: now) != nil, "\(hash)")
                }
                #expect(try await attempts.failedLogins(usernameKey: "a", since: .distantPast).count == 1)
                #expect(try await attempts.failedLogins(usernameKey: "b", since: .distantPast).isEmpty)
                #expect(try await attempts.failedLogins(usernameKey: "c", since: .distantPast).count == 1)
            }
        }

        @Test("the diary migration reverts and applies again cleanly", arguments: Backend.enabled)
        func revertAndMigrate(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let user = try await DiaryStoreFixtures.createUser("minji", in: repositories)
                _ = try await repositories.categories.createCategory(
                    id: UUID(), name: "a", visible: true, userID: user.id, createdAt: DiaryStoreFixtures.now)
                try await repositories.notes.createNote(DiaryStoreFixtures.note(), userID: user.id)
                try await database.revertAll()
                try await database.migrate()
                #expect(try await database.rowCount(of: "diary_notes") == 0)
                #expect(try await repositories.users.credentials(usernameKey: "minji") == nil)
            }
        }
    }
}
