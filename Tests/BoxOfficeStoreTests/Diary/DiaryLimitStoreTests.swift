import BoxOfficeCore
import Foundation
import Testing

@testable import BoxOfficeStore

extension DiaryStoreTests {
    /// What one account keeps, decided by the store under the account's lock: on a real SQLite file and on
    /// PostgreSQL when set, with writes at once as a script would send them.
    @Suite("Diary store: what one account keeps")
    struct DiaryLimitStoreTests {
        static func note(_ index: Int, watched: String = "2024-03-01") -> DiaryNote {
            var note = DiaryStoreFixtures.note(String(format: "2019%04d", index), watched: watched)
            note.id = UUID()
            return note
        }

        @Test("thirty notes saved at once into room for ten keep exactly ten", arguments: Backend.enabled)
        func notesUnderRace(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let notes = database.diaryRepositories().notes
                let repositories = database.diaryRepositories()
                let minji = try await DiaryStoreFixtures.createUser("minji", in: repositories)
                let other = try await DiaryStoreFixtures.createUser("other", in: repositories)
                try await notes.createNote(Self.note(99), userID: other.id, limits: DiaryLimits(notes: 10))
                let refusals = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for index in 0..<30 {
                        group.addTask {
                            do {
                                try await notes.createNote(
                                    Self.note(index), userID: minji.id, limits: DiaryLimits(notes: 10))
                                return false
                            } catch BoxOfficeError.invalid(let problem) {
                                #expect(problem == InputProblem(nil, .tooManyNotes(limit: 10)))
                                return true
                            }
                        }
                    }
                    return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
                #expect(refusals == 20)
                #expect(try await notes.noteCount(userID: minji.id) == 10)
                #expect(try await notes.allNotes(userID: minji.id).count == 10)
                #expect(try await notes.noteCount(userID: other.id) == 1, "another person's notes count apart")
                // Deleting one makes room for one.
                let first = try #require(try await notes.allNotes(userID: minji.id).first)
                #expect(try await notes.deleteNote(id: first.id, userID: minji.id))
                try await notes.createNote(Self.note(50), userID: minji.id, limits: DiaryLimits(notes: 10))
                #expect(try await notes.noteCount(userID: minji.id) == 10)
            }
        }

        @Test(
            "an import past the notes' limit adds nothing, its categories included; one that fits, duplicates aside, is kept",
            arguments: Backend.enabled)
        func importPastLimit(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let notes = repositories.notes
                let minji = try await DiaryStoreFixtures.createUser("minji", in: repositories)
                let had = [Self.note(1), Self.note(2)]
                for note in had { try await notes.createNote(note, userID: minji.id, limits: DiaryLimits(notes: 5)) }
                let versionBefore = try await notes.diaryVersion(userID: minji.id)
                let limits = DiaryLimits(notes: 5)
                let tooMany = DiaryImportBatch(
                    categories: [.init(name: "새 분류")],
                    notes: (3...6).map { .init(line: $0, note: Self.note($0), categoryName: "새 분류") })
                await #expect(
                    throws: BoxOfficeError.invalid(nil, .importPastNoteLimit(notes: 2, adding: 4, limit: 5))
                ) {
                    try await notes.importBatch(tooMany, userID: minji.id, limits: limits)
                }
                #expect(try await notes.noteCount(userID: minji.id) == 2)
                #expect(try await repositories.categories.categories(userID: minji.id).isEmpty)
                #expect(try await notes.diaryVersion(userID: minji.id) == versionBefore)

                // The same two notes again (by id, and by movie and day) do not count against the limit.
                var sameDay = Self.note(2)
                sameDay.id = UUID()
                let fits = DiaryImportBatch(
                    categories: [],
                    notes: [
                        .init(line: 1, note: had[0], categoryName: nil),
                        .init(line: 2, note: sameDay, categoryName: nil),
                    ]
                        + (3...5).map { .init(line: $0, note: Self.note($0), categoryName: nil) })
                let outcome = try await notes.importBatch(fits, userID: minji.id, limits: limits)
                #expect(outcome.inserted.count == 3)
                #expect(outcome.duplicateLines == [1, 2])
                #expect(try await notes.noteCount(userID: minji.id) == 5)
            }
        }

        @Test(
            "memos stop at their characters together: at once, on edits and imports; the kept count is the notes' own",
            arguments: Backend.enabled)
        func memoCharacters(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let notes = repositories.notes
                let minji = try await DiaryStoreFixtures.createUser("minji", in: repositories)
                let other = try await DiaryStoreFixtures.createUser("other", in: repositories)
                let limits = DiaryLimits(memoCharacters: 100)
                func note(_ index: Int, memo: String) -> DiaryNote {
                    var note = Self.note(index)
                    note.memo = memo
                    return note
                }
                func held(_ user: DiaryUser) async throws -> Int {
                    try await notes.allNotes(userID: user.id).reduce(0) { $0 + $1.memo.unicodeScalars.count }
                }
                // Ten characters of Korean (30 bytes) each, thirty at once into room for 100 characters.
                let ten = "가나다라마바사아자차"
                try await notes.createNote(note(99, memo: ten + ten), userID: other.id, limits: limits)
                let refusals = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for index in 0..<30 {
                        group.addTask {
                            do {
                                try await notes.createNote(note(index, memo: ten), userID: minji.id, limits: limits)
                                return false
                            } catch BoxOfficeError.invalid(let problem) {
                                #expect(problem == InputProblem("memo", .tooManyMemoCharacters(limit: 100)))
                                return true
                            }
                        }
                    }
                    return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
                #expect(refusals == 20)
                #expect(try await held(minji) == 100)
                #expect(try await held(other) == 20, "another person's memos count apart")
                // A note without a memo still fits.
                try await notes.createNote(note(40, memo: ""), userID: minji.id, limits: limits)

                // Full: an edit that lengthens a memo is refused; one that keeps or shortens it passes.
                var first = try #require(try await notes.allNotes(userID: minji.id).first { $0.memo == ten })
                first.memo = ten + "카"
                await #expect(throws: BoxOfficeError.invalid("memo", .tooManyMemoCharacters(limit: 100))) {
                    try await notes.updateNote(first, userID: minji.id, limits: limits)
                }
                first.memo = "카타파하거너더러머버"
                #expect(try await notes.updateNote(first, userID: minji.id, limits: limits))
                first.memo = "짧다"
                #expect(try await notes.updateNote(first, userID: minji.id, limits: limits))
                #expect(try await held(minji) == 92)

                // An import whose new memos pass the limit adds nothing; duplicates do not count.
                let nine = "아홉글자짜리메모다"
                let tooMuch = DiaryImportBatch(
                    categories: [],
                    notes: [
                        .init(line: 1, note: first, categoryName: nil),
                        .init(line: 2, note: note(50, memo: nine), categoryName: nil),
                        .init(line: 3, note: note(51, memo: ""), categoryName: nil),
                    ])
                await #expect(
                    throws: BoxOfficeError.invalid(
                        nil, .importPastMemoLimit(characters: 92, adding: 9, limit: 100))
                ) {
                    try await notes.importBatch(tooMuch, userID: minji.id, limits: limits)
                }
                #expect(try await notes.noteCount(userID: minji.id) == 11)
                let fits = DiaryImportBatch(
                    categories: [], notes: [.init(line: 1, note: note(50, memo: "여덟글자짜리메"), categoryName: nil)])
                #expect(try await notes.importBatch(fits, userID: minji.id, limits: limits).inserted.count == 1)
                #expect(try await held(minji) == 99)

                // Deleting a note makes room; the kept count is the notes' own, recounted by the migration's SQL.
                #expect(try await notes.deleteNote(id: first.id, userID: minji.id))
                try await notes.createNote(note(60, memo: "셋이다"), userID: minji.id, limits: limits)
                for user in [minji, other] {
                    let kept = try await DiaryStatCounts.memoCharacters(userID: user.id, on: database.database)
                    #expect(kept == (try await held(user)))
                }
                #expect(try await held(minji) == 100)
                try await CountDiaryMemoCharacters().prepare(on: database.database)
                #expect(try await DiaryStatCounts.memoCharacters(userID: minji.id, on: database.database) == 100)
            }
        }

        @Test("categories stop at their limit, by form and by import", arguments: Backend.enabled)
        func categories(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let categories = repositories.categories
                let minji = try await DiaryStoreFixtures.createUser("minji", in: repositories)
                let now = DiaryStoreFixtures.now
                for name in ["하나", "둘"] {
                    _ = try await categories.createCategory(
                        id: UUID(), name: name, visible: true, userID: minji.id, createdAt: now, limit: 2)
                }
                await #expect(throws: BoxOfficeError.invalid(nil, .tooManyCategories(limit: 2))) {
                    try await categories.createCategory(
                        id: UUID(), name: "셋", visible: true, userID: minji.id, createdAt: now, limit: 2)
                }
                // A taken name is still a conflict, not a limit.
                await #expect(throws: DiaryError.conflict(.categoryNameTaken("하나"))) {
                    try await categories.createCategory(
                        id: UUID(), name: "하나", visible: true, userID: minji.id, createdAt: now, limit: 2)
                }
                let batch = DiaryImportBatch(
                    categories: [.init(name: "하나"), .init(name: "셋")],
                    notes: [.init(line: 1, note: Self.note(1), categoryName: "셋")])
                await #expect(throws: BoxOfficeError.invalid(nil, .tooManyCategories(limit: 2))) {
                    try await repositories.notes.importBatch(
                        batch, userID: minji.id, limits: DiaryLimits(categories: 2))
                }
                #expect(try await repositories.notes.noteCount(userID: minji.id) == 0)
                #expect(try await categories.categories(userID: minji.id).map(\.name) == ["하나", "둘"])
            }
        }

        @Test("twelve tokens made at once into room for five keep five", arguments: Backend.enabled)
        func tokensUnderRace(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let tokens = repositories.tokens
                let minji = try await DiaryStoreFixtures.createUser("minji", in: repositories)
                let made = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for index in 0..<12 {
                        group.addTask {
                            let token = DiaryToken(id: UUID(), name: "t\(index)", createdAt: DiaryStoreFixtures.now)
                            do {
                                try await tokens.createToken(token, userID: minji.id, tokenHash: "h\(index)", limit: 5)
                                return true
                            } catch BoxOfficeError.invalid(let problem) {
                                #expect(problem == InputProblem(nil, .tooManyTokens(limit: 5)))
                                return false
                            }
                        }
                    }
                    return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
                #expect(made == 5)
                #expect(try await tokens.tokens(userID: minji.id).count == 5)
            }
        }

        @Test(
            "a sign-in past the sessions' limit ends the one that would end soonest, not another person's",
            arguments: Backend.enabled)
        func sessions(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let sessions = repositories.sessions
                let minji = try await DiaryStoreFixtures.createUser("minji", in: repositories)
                let other = try await DiaryStoreFixtures.createUser("other", in: repositories)
                let now = DiaryStoreFixtures.now
                func session(_ user: DiaryUser, expiringIn seconds: Double) -> DiarySession {
                    DiarySession(
                        id: UUID(), user: user, csrfToken: "c", createdAt: now,
                        expiresAt: now.addingTimeInterval(seconds))
                }
                try await sessions.createSession(session(other, expiringIn: 10), tokenHash: "theirs", keeping: 2)
                // The second ends soonest (a session in use is extended, so it was used least lately).
                try await sessions.createSession(session(minji, expiringIn: 300), tokenHash: "a", keeping: 2)
                try await sessions.createSession(session(minji, expiringIn: 100), tokenHash: "b", keeping: 2)
                try await sessions.createSession(session(minji, expiringIn: 200), tokenHash: "c", keeping: 2)
                #expect(try await sessions.activeSession(tokenHash: "a", now: now) != nil)
                #expect(try await sessions.activeSession(tokenHash: "b", now: now) == nil)
                #expect(try await sessions.activeSession(tokenHash: "c", now: now) != nil)
                #expect(try await sessions.activeSession(tokenHash: "theirs", now: now) != nil)
            }
        }
    }
}
