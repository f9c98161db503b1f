public import Foundation

/// Stores diary accounts.
public protocol DiaryUserRepository: Sendable {
    /// Creates the user. Throws ``DiaryError/Conflict/usernameTaken(_:)`` when `usernameKey` is taken.
    func createUser(_ user: DiaryUser, usernameKey: String, passwordHash: String) async throws
    func user(id: UUID) async throws -> DiaryUser?
    /// The user whose ``DiaryValidation/usernameKey(_:)`` is `usernameKey`, with the password hash.
    func credentials(usernameKey: String) async throws -> DiaryCredentials?
    func updatePasswordHash(userID: UUID, passwordHash: String) async throws
    /// Deletes the user and every row that is theirs (notes, categories, tokens, sessions, watchlist, alerts,
    /// webhooks and their deliveries, feed secrets, counts); `false` when there is no such user. One short
    /// transaction closes the account (nothing of it can be reached, its name is free), then the rest goes a chunk
    /// at a time (on SQLite; at once on PostgreSQL, whose readers never wait); what a failure leaves,
    /// ``finishDeletions()`` deletes.
    func deleteUser(id: UUID) async throws -> Bool
    /// Deletes what closed accounts left (a crash during ``deleteUser(id:)``); how many accounts it finished.
    func finishDeletions() async throws -> Int
}

/// Stores API tokens by the SHA-256 of their secret.
public protocol DiaryTokenRepository: Sendable {
    /// Stores a token; throws ``InputRule/tooManyTokens(limit:)`` when the user already has `limit` tokens, decided
    /// under the user's lock.
    func createToken(_ token: DiaryToken, userID: UUID, tokenHash: String, limit: Int) async throws
    /// The user's tokens, newest first.
    func tokens(userID: UUID) async throws -> [DiaryToken]
    /// Deletes the user's token; `false` when the user has no token with this id.
    func deleteToken(id: UUID, userID: UUID) async throws -> Bool
    /// Deletes every token of the user (a password change that asks for it).
    func deleteTokens(userID: UUID) async throws
    /// The token with this hash, its owner and the owner's diary version
    /// (``DiaryNoteRepository/diaryVersion(userID:)``), read together.
    func token(hash: String) async throws -> (token: DiaryToken, user: DiaryUser, diaryVersion: Int64)?
    /// Records that the token was used at `date`.
    func markTokenUsed(id: UUID, at date: Date) async throws
}

/// Stores browser sessions by the SHA-256 of their cookie value, so several instances share them.
public protocol DiarySessionRepository: Sendable {
    /// Stores a session, then ends the user's sessions past the `keeping` that expire last (those that would end
    /// soonest go first), under the user's lock.
    func createSession(_ session: DiarySession, tokenHash: String, keeping: Int) async throws
    /// The session with this hash unless it has expired at `now`, with its user's diary version, in one read.
    func activeSession(tokenHash: String, now: Date) async throws -> ActiveDiarySession?
    func extendSession(id: UUID, until expiresAt: Date) async throws
    func deleteSession(tokenHash: String) async throws
    /// Ends every session of the user (after a password change).
    func deleteSessions(userID: UUID) async throws
    /// Removes sessions that have expired at `now` (those ``session(tokenHash:now:)`` no longer finds); returns
    /// how many. Idempotent, so several instances may run it at once.
    func deleteExpiredSessions(now: Date) async throws -> Int
}

extension DiarySessionRepository {
    /// The session with this hash unless it has expired at `now`.
    public func session(tokenHash: String, now: Date) async throws -> DiarySession? {
        try await activeSession(tokenHash: tokenHash, now: now)?.session
    }
}

/// Counts log-in attempts per username, shared by every instance, for throttling: an attempt takes its slot before
/// the password is checked and keeps it unless the log-in succeeds.
public protocol LoginAttemptRepository: Sendable {
    /// Counts a log-in attempt for the username at `date` if fewer than `limit` are counted after `windowStart`,
    /// deciding atomically for every task and instance on the database (concurrent attempts queue per username),
    /// so at most `limit` passwords are checked per window whatever the concurrency. Also forgets every username's
    /// attempts from before `windowStart`.
    func takeLoginSlot(usernameKey: String, at date: Date, windowStart: Date, limit: Int) async throws -> LoginSlot
    /// Gives back a slot ``takeLoginSlot(usernameKey:at:windowStart:limit:)`` took: the log-in succeeded.
    func releaseLoginSlot(id: UUID) async throws
    /// The attempts counted for the username since `since`, oldest first.
    func failedLogins(usernameKey: String, since: Date) async throws -> [Date]
    /// Forgets every username's failed logins before `date` (housekeeping); returns how many. Idempotent.
    func deleteFailedLogins(before date: Date) async throws -> Int
}

/// Browsers a person has logged in on, each known by the digest of a cookie it holds: a log-in from one of them is
/// counted apart from the username's, so a stranger's wrong guesses cannot lock the owner out of their own browser.
public protocol LoginDeviceRepository: Sendable {
    /// Remembers a browser the user logged in on, keeping the user's `keeping` most recently used.
    func rememberDevice(tokenHash: String, userID: UUID, at date: Date, keeping: Int) async throws
    /// The user a remembered browser logged in as, marking it used at `date`.
    func deviceUser(tokenHash: String, at date: Date) async throws -> UUID?
    /// Forgets every browser of the user (their password changed).
    func forgetDevices(userID: UUID) async throws
    /// Forgets every browser not used since `date` (housekeeping: its cookie has expired); returns how many.
    func forgetDevices(unusedSince date: Date) async throws -> Int
}

/// What happens to a deleted category's notes.
public enum CategoryNotesDisposition: Hashable, Sendable {
    /// The notes stay, under no category.
    case uncategorize
    /// The notes are deleted too.
    case delete
    /// The notes move to another of the user's categories.
    case move(to: UUID)
}

/// Changes to a category; `nil` leaves a field as it is.
public struct CategoryChanges: Hashable, Sendable {
    public var name: String?
    public var visible: Bool?
    /// The new place in the user's order (0 = first); others shift to make room.
    public var position: Int?

    public init(name: String? = nil, visible: Bool? = nil, position: Int? = nil) {
        self.name = name
        self.visible = visible
        self.position = position
    }
}

/// Stores categories. Every call is scoped to one user: another user's category does not exist.
public protocol DiaryCategoryRepository: Sendable {
    /// The user's categories in their order, with note counts.
    func categories(userID: UUID) async throws -> [DiaryCategory]
    func category(id: UUID, userID: UUID) async throws -> DiaryCategory?
    /// Adds a category at the end of the user's order. Throws ``DiaryError/Conflict/categoryNameTaken(_:)`` when the name is taken,
    /// ``InputRule/tooManyCategories(limit:)`` when the user already has `limit` categories.
    func createCategory(id: UUID, name: String, visible: Bool, userID: UUID, createdAt: Date, limit: Int) async throws
        -> DiaryCategory
    /// Applies `changes`; `nil` when the user has no such category. Throws ``DiaryError/Conflict/categoryNameTaken(_:)`` for a taken name.
    func updateCategory(id: UUID, userID: UUID, changes: CategoryChanges) async throws -> DiaryCategory?
    /// Deletes the category and disposes of its notes, a chunk of notes per transaction (an unknown target is refused
    /// before any moves; one another device deletes meanwhile stops the moves there, the category kept); `false`
    /// when there is no such category.
    func deleteCategory(id: UUID, userID: UUID, notes: CategoryNotesDisposition) async throws -> Bool
}

/// Notes and categories to add in one import, resolved and deduplicated by the store.
public struct DiaryImportBatch: Sendable {
    /// A category the import needs, created unless the user has one with the same name (ignoring case).
    public struct Category: Sendable, Hashable {
        public var name: String
        public var visible: Bool
        public init(name: String, visible: Bool = true) {
            self.name = name
            self.visible = visible
        }
    }

    /// A note to add, filed under the category named `categoryName` (or none).
    public struct Note: Sendable, Hashable {
        /// Where it came from in the file (for the report).
        public var line: Int
        /// `note.categoryId` is ignored; the category is named instead.
        public var note: DiaryNote
        public var categoryName: String?
        public init(line: Int, note: DiaryNote, categoryName: String?) {
            self.line = line
            self.note = note
            self.categoryName = categoryName
        }
    }

    /// Categories to create when missing, in order.
    public var categories: [Category]
    public var notes: [Note]

    public init(categories: [Category], notes: [Note]) {
        self.categories = categories
        self.notes = notes
    }
}

/// What an import batch changed.
public struct DiaryImportOutcome: Sendable, Hashable {
    /// The notes added.
    public var inserted: [DiaryNote]
    /// Lines of notes not added because the user already had a note with the same id, or with the same movie
    /// and watched day before the import began.
    public var duplicateLines: [Int]
    /// Names of the categories created.
    public var categoriesCreated: [String]

    public init(inserted: [DiaryNote], duplicateLines: [Int], categoriesCreated: [String]) {
        self.inserted = inserted
        self.duplicateLines = duplicateLines
        self.categoriesCreated = categoriesCreated
    }
}

/// Stores notes. Every call is scoped to one user: another user's note does not exist.
public protocol DiaryNoteRepository: Sendable {
    /// Adds a note. Its category, if any, must be one of the user's, checked under the user's lock
    /// (``InputRule/unknownCategory``). Throws
    /// ``InputRule/tooManyNotes(limit:)`` when the user already has ``DiaryLimits/notes`` notes, and
    /// ``InputRule/tooManyMemoCharacters(limit:)`` when its memo would take the diary's past
    /// ``DiaryLimits/memoCharacters``, decided under the user's lock.
    func createNote(_ note: DiaryNote, userID: UUID, limits: DiaryLimits) async throws
    /// How many notes the user has.
    func noteCount(userID: UUID) async throws -> Int
    func note(id: UUID, userID: UUID) async throws -> DiaryNote?
    /// Applies `change` to the note as stored now, under the user's lock, and stores what it returns (its id is kept):
    /// the note as saved, or `nil` when the user has no such note. So a change another request made meanwhile is kept
    /// (`change` sees it). A category the note did not have before must be one of the user's then
    /// (``InputRule/unknownCategory``). A longer memo that would take the diary's memos past
    /// ``DiaryLimits/memoCharacters`` throws ``InputRule/tooManyMemoCharacters(limit:)`` (a shorter one always
    /// passes).
    func updateNote(
        id: UUID, userID: UUID, limits: DiaryLimits, change: @escaping @Sendable (DiaryNote) throws -> DiaryNote
    ) async throws -> DiaryNote?
    func deleteNote(id: UUID, userID: UUID) async throws -> Bool
    /// One page of the user's notes.
    func notes(userID: UUID, query: NoteListQuery) async throws -> NotePage
    /// Every note of the user, oldest watched first (for exports and statistics).
    func allNotes(userID: UUID) async throws -> [DiaryNote]
    /// Up to `limit` of the user's notes in the order of ``allNotes(userID:)`` (watched day, then creation, then
    /// id), starting just after `cursor` (from the start when `nil`). Each chunk is one indexed seek, so a whole
    /// diary can be read chunk by chunk (streamed exports) at the same cost per chunk whatever its size. A chunk
    /// shorter than `limit` is the last one.
    func notes(userID: UUID, after cursor: DiaryNoteCursor?, limit: Int) async throws -> [DiaryNote]
    /// Runs `body` with the user's notes as they stood when its first chunk was read: notes written, changed or
    /// deleted meanwhile are not seen, so a long export neither repeats nor drops a note, and writers are not held
    /// up. The snapshot ends when `body` returns.
    func withNoteSnapshot<Result: Sendable>(
        userID: UUID, _ body: @escaping @Sendable (any DiaryNoteSnapshot) async throws -> Result
    ) async throws -> Result
    /// The user's diary version: a number stored with the account that grows, in the same transaction, with
    /// every change to the user's notes or categories (notes created, changed, deleted or imported; categories
    /// created, renamed, moved, shown or hidden, deleted), and never on reads. Every instance on the same database
    /// sees the same number, so anything derived from the diary (statistics, rendered pages) may be kept until it
    /// changes. 0 for a user without changes or an unknown user.
    func diaryVersion(userID: UUID) async throws -> Int64
    /// What the user's statistics are made from, for all time or for the notes watched in `year`. A store keeps
    /// these counts up to date as notes change, so the cost does not grow with the diary; nations the movie
    /// archive learned after a note was written count for notes whose movie had none then.
    func statisticsCounts(userID: UUID, year: Int?) async throws -> DiaryStatisticsCounts
    /// The user's notes about `key.movieCode` watched on `key.watchedOn`.
    func notes(userID: UUID, key: DiaryNoteKey) async throws -> [DiaryNote]
    /// Adds an import's categories and notes, a chunk of notes per transaction (so a big import never holds the
    /// store for long): all or nothing, as a failure takes back the chunks before it (a crash part-way leaves them,
    /// and importing again skips them). Skips notes whose id the user already has, or whose movie and day the user
    /// had noted apart from this batch. Adds nothing, and throws
    /// ``InputRule/importPastNoteLimit(notes:adding:limit:)``, ``InputRule/importPastMemoLimit(characters:adding:limit:)``
    /// or ``InputRule/tooManyCategories(limit:)``, when
    /// what it adds would take the user past `limits`.
    func importBatch(_ batch: DiaryImportBatch, userID: UUID, limits: DiaryLimits) async throws -> DiaryImportOutcome
}

extension DiaryNoteRepository {
    /// A store without snapshots reads the notes as they are at each chunk.
    public func withNoteSnapshot<Result: Sendable>(
        userID: UUID, _ body: @escaping @Sendable (any DiaryNoteSnapshot) async throws -> Result
    ) async throws -> Result {
        try await body(LiveNotes(repository: self, userID: userID))
    }
}

/// The notes of ``DiaryNoteRepository/withNoteSnapshot(userID:_:)`` for a store without snapshots.
private struct LiveNotes<Repository: DiaryNoteRepository>: DiaryNoteSnapshot {
    let repository: Repository
    let userID: UUID

    func notes(after cursor: DiaryNoteCursor?, limit: Int) async throws -> [DiaryNote] {
        try await repository.notes(userID: userID, after: cursor, limit: limit)
    }
}

/// Every diary repository, as the store provides them.
public struct DiaryRepositories: Sendable {
    public var users: any DiaryUserRepository
    public var tokens: any DiaryTokenRepository
    public var sessions: any DiarySessionRepository
    public var loginAttempts: any LoginAttemptRepository
    public var categories: any DiaryCategoryRepository
    public var notes: any DiaryNoteRepository

    public init(
        users: any DiaryUserRepository, tokens: any DiaryTokenRepository, sessions: any DiarySessionRepository,
        loginAttempts: any LoginAttemptRepository, categories: any DiaryCategoryRepository,
        notes: any DiaryNoteRepository
    ) {
        self.users = users
        self.tokens = tokens
        self.sessions = sessions
        self.loginAttempts = loginAttempts
        self.categories = categories
        self.notes = notes
    }
}

/// Where the diary looks movies up: ``MovieService`` (cached KOBIS), or a stand-in in tests.
public protocol DiaryMovieCatalog: Sendable {
    /// The movie with `code`; throws ``BoxOfficeError/notFound(_:)`` for unknown codes.
    func movie(code: String) async throws -> Movie
    func search(_ query: MovieSearchQuery) async throws -> MovieSearchPage
}

extension MovieService: DiaryMovieCatalog {}

/// Hashes and checks passwords (bcrypt in the web app). Implementations run the slow work off the caller's
/// executor.
public protocol PasswordHasher: Sendable {
    func hash(_ password: String) async throws -> String
    /// Whether `password` matches `hash`. With `nil` (no such user) it spends the same time and answers `false`,
    /// so response times do not reveal which usernames exist.
    func verify(_ password: String, against hash: String?) async throws -> Bool
}
