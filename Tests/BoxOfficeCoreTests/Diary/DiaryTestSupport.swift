import BoxOfficeApp
import BoxOfficeCore
import Crypto
import Foundation
import KOBIS

/// The diary's store in memory: the repositories' contract without a database, for service logic tests.
actor InMemoryDiaryStore: DiaryUserRepository, DiaryTokenRepository, DiarySessionRepository, LoginAttemptRepository,
    LoginDeviceRepository, DiaryCategoryRepository, DiaryNoteRepository
{
    private var users: [UUID: (user: DiaryUser, key: String, hash: String)] = [:]
    private var tokenRows: [UUID: (token: DiaryToken, userID: UUID, hash: String)] = [:]
    private var sessionRows: [UUID: (session: DiarySession, hash: String)] = [:]
    private var failures: [(id: UUID, key: String, date: Date)] = []
    private var deviceRows: [String: (userID: UUID, usedAt: Date)] = [:]
    private var categoryRows: [UUID: (category: DiaryCategory, userID: UUID)] = [:]
    private var noteRows: [UUID: (note: DiaryNote, userID: UUID)] = [:]
    private(set) var importBatches = 0
    /// How many times statistics were read from the store.
    private(set) var statisticsReads = 0
    private var versions: [UUID: Int64] = [:]

    private func bump(_ userID: UUID) { versions[userID, default: 0] += 1 }

    nonisolated var repositories: DiaryRepositories {
        DiaryRepositories(users: self, tokens: self, sessions: self, loginAttempts: self, categories: self, notes: self)
    }

    // Users
    func createUser(_ user: DiaryUser, usernameKey: String, passwordHash: String) async throws {
        if users.values.contains(where: { $0.key == usernameKey }) {
            throw DiaryError.conflict(.usernameTaken(user.username))
        }
        users[user.id] = (user, usernameKey, passwordHash)
    }
    func user(id: UUID) async throws -> DiaryUser? { users[id]?.user }
    func credentials(usernameKey: String) async throws -> DiaryCredentials? {
        users.values.first { $0.key == usernameKey }.map { DiaryCredentials(user: $0.user, passwordHash: $0.hash) }
    }
    func updatePasswordHash(userID: UUID, passwordHash: String) async throws { users[userID]?.hash = passwordHash }
    func deleteUser(id: UUID) async throws -> Bool {
        guard users.removeValue(forKey: id) != nil else { return false }
        tokenRows = tokenRows.filter { $0.value.userID != id }
        sessionRows = sessionRows.filter { $0.value.session.user.id != id }
        categoryRows = categoryRows.filter { $0.value.userID != id }
        noteRows = noteRows.filter { $0.value.userID != id }
        return true
    }
    func finishDeletions() async throws -> Int { 0 }

    // Tokens
    func createToken(_ token: DiaryToken, userID: UUID, tokenHash: String, limit: Int) async throws {
        guard tokenRows.values.count(where: { $0.userID == userID }) < limit else {
            throw BoxOfficeError.invalid(nil, .tooManyTokens(limit: limit))
        }
        tokenRows[token.id] = (token, userID, tokenHash)
    }
    func tokens(userID: UUID) async throws -> [DiaryToken] {
        tokenRows.values.filter { $0.userID == userID }.map(\.token).sorted { $0.createdAt > $1.createdAt }
    }
    func deleteToken(id: UUID, userID: UUID) async throws -> Bool {
        guard tokenRows[id]?.userID == userID else { return false }
        tokenRows[id] = nil
        return true
    }
    func deleteTokens(userID: UUID) async throws { tokenRows = tokenRows.filter { $0.value.userID != userID } }
    func token(hash: String) async throws -> (token: DiaryToken, user: DiaryUser, diaryVersion: Int64)? {
        guard let row = tokenRows.values.first(where: { $0.hash == hash }), let user = users[row.userID]?.user else {
            return nil
        }
        return (row.token, user, versions[user.id] ?? 0)
    }
    func markTokenUsed(id: UUID, at date: Date) async throws { tokenRows[id]?.token.lastUsedAt = date }
    var storedTokenHashes: [String] { tokenRows.values.map(\.hash) }

    // Sessions
    func createSession(_ session: DiarySession, tokenHash: String, keeping: Int) async throws {
        sessionRows[session.id] = (session, tokenHash)
        let mine = sessionRows.values.map(\.session).filter { $0.user.id == session.user.id }
            .sorted { ($0.expiresAt, $1.id.uuidString) > ($1.expiresAt, $0.id.uuidString) }
        for old in mine.dropFirst(max(keeping, 1)) { sessionRows[old.id] = nil }
    }
    func activeSession(tokenHash: String, now: Date) async throws -> ActiveDiarySession? {
        guard
            let session = sessionRows.values.first(where: { $0.hash == tokenHash && $0.session.expiresAt > now })?
                .session
        else { return nil }
        return ActiveDiarySession(session: session, diaryVersion: versions[session.user.id] ?? 0)
    }
    func extendSession(id: UUID, until expiresAt: Date) async throws { sessionRows[id]?.session.expiresAt = expiresAt }
    func deleteSession(tokenHash: String) async throws {
        sessionRows = sessionRows.filter { $0.value.hash != tokenHash }
    }
    func deleteSessions(userID: UUID) async throws {
        sessionRows = sessionRows.filter { $0.value.session.user.id != userID }
    }
    func deleteExpiredSessions(now: Date) async throws -> Int {
        let before = sessionRows.count
        sessionRows = sessionRows.filter { $0.value.session.expiresAt > now }
        return before - sessionRows.count
    }

    // Browsers logged in on
    func rememberDevice(tokenHash: String, userID: UUID, at date: Date, keeping: Int) async throws {
        deviceRows[tokenHash] = (userID, date)
        let theirs = deviceRows.filter { $0.value.userID == userID }.sorted { $0.value.usedAt > $1.value.usedAt }
        for (hash, _) in theirs.dropFirst(max(keeping, 1)) { deviceRows[hash] = nil }
    }
    func deviceUser(tokenHash: String, at date: Date) async throws -> UUID? {
        deviceRows[tokenHash]?.usedAt = date
        return deviceRows[tokenHash]?.userID
    }
    func forgetDevices(userID: UUID) async throws { deviceRows = deviceRows.filter { $0.value.userID != userID } }
    func forgetDevices(unusedSince date: Date) async throws -> Int {
        let before = deviceRows.count
        deviceRows = deviceRows.filter { $0.value.usedAt >= date }
        return before - deviceRows.count
    }
    var deviceCount: Int { deviceRows.count }

    // Login attempts
    func takeLoginSlot(usernameKey: String, at date: Date, windowStart: Date, limit: Int) async throws -> LoginSlot {
        let counted = failures.filter { $0.key == usernameKey && $0.date > windowStart }
        guard counted.count < limit else { return .refused(attempts: counted.map(\.date).sorted()) }
        let id = UUID()
        failures.append((id, usernameKey, date))
        failures.removeAll { $0.key == usernameKey && $0.date <= windowStart }
        return .taken(id: id)
    }
    func releaseLoginSlot(id: UUID) async throws { failures.removeAll { $0.id == id } }
    /// Attempts counted now, of every name.
    var loginAttemptCount: Int { failures.count }
    func failedLogins(usernameKey: String, since: Date) async throws -> [Date] {
        failures.filter { $0.key == usernameKey && $0.date > since }.map(\.date).sorted()
    }
    func deleteFailedLogins(before date: Date) async throws -> Int {
        let before = failures.count
        failures.removeAll { $0.date < date }
        return before - failures.count
    }

    // Categories
    func categories(userID: UUID) async throws -> [DiaryCategory] {
        categoryRows.values.filter { $0.userID == userID }.map { row in
            var category = row.category
            category.noteCount =
                noteRows.values.filter { $0.userID == userID && $0.note.categoryId == category.id }.count
            return category
        }.sorted { $0.position < $1.position }
    }
    func category(id: UUID, userID: UUID) async throws -> DiaryCategory? {
        try await categories(userID: userID).first { $0.id == id }
    }
    func createCategory(id: UUID, name: String, visible: Bool, userID: UUID, createdAt: Date, limit: Int) async throws
        -> DiaryCategory
    {
        let mine = try await categories(userID: userID)
        if mine.contains(where: { $0.name.lowercased() == name.lowercased() }) {
            throw DiaryError.conflict(.categoryNameTaken(name))
        }
        guard mine.count < limit else { throw BoxOfficeError.invalid(nil, .tooManyCategories(limit: limit)) }
        let category = DiaryCategory(id: id, name: name, visible: visible, position: mine.count)
        categoryRows[id] = (category, userID)
        bump(userID)
        return category
    }
    func updateCategory(id: UUID, userID: UUID, changes: CategoryChanges) async throws -> DiaryCategory? {
        guard categoryRows[id]?.userID == userID else { return nil }
        bump(userID)
        if let name = changes.name { categoryRows[id]?.category.name = name }
        if let visible = changes.visible { categoryRows[id]?.category.visible = visible }
        return try await category(id: id, userID: userID)
    }
    func deleteCategory(id: UUID, userID: UUID, notes: CategoryNotesDisposition) async throws -> Bool {
        guard categoryRows[id]?.userID == userID else { return false }
        bump(userID)
        for (noteID, row) in noteRows where row.userID == userID && row.note.categoryId == id {
            switch notes {
            case .uncategorize: noteRows[noteID]?.note.categoryId = nil
            case .delete: noteRows[noteID] = nil
            case .move(let target): noteRows[noteID]?.note.categoryId = target
            }
        }
        categoryRows[id] = nil
        return true
    }

    // Notes
    func createNote(_ note: DiaryNote, userID: UUID, limits: DiaryLimits) async throws {
        guard try await noteCount(userID: userID) < limits.notes else {
            throw BoxOfficeError.invalid(nil, .tooManyNotes(limit: limits.notes))
        }
        try checkMemoRoom(adding: note, removing: nil, limit: limits.memoCharacters, userID: userID)
        noteRows[note.id] = (note, userID)
        bump(userID)
    }
    func noteCount(userID: UUID) async throws -> Int { noteRows.values.count { $0.userID == userID } }
    func note(id: UUID, userID: UUID) async throws -> DiaryNote? {
        noteRows[id].flatMap { $0.userID == userID ? $0.note : nil }
    }
    func updateNote(
        id: UUID, userID: UUID, limits: DiaryLimits, change: @escaping @Sendable (DiaryNote) throws -> DiaryNote
    ) async throws -> DiaryNote? {
        guard let old = noteRows[id], old.userID == userID else { return nil }
        var note = try change(old.note)
        note.id = id
        if let category = note.categoryId, category != old.note.categoryId,
            categoryRows[category]?.userID != userID
        {
            throw BoxOfficeError.invalid("categoryId", .unknownCategory, value: category.uuidString)
        }
        try checkMemoRoom(adding: note, removing: old.note, limit: limits.memoCharacters, userID: userID)
        noteRows[id] = (note, userID)
        bump(userID)
        return note
    }
    /// The store's rule: a memo that grows the diary's memos past `limit` characters together is refused.
    private func checkMemoRoom(adding note: DiaryNote, removing old: DiaryNote?, limit: Int, userID: UUID) throws {
        let growth = note.memo.unicodeScalars.count - (old?.memo.unicodeScalars.count ?? 0)
        let held = noteRows.values.filter { $0.userID == userID }.reduce(0) { $0 + $1.note.memo.unicodeScalars.count }
        guard growth <= 0 || held + growth <= limit else {
            throw BoxOfficeError.invalid("memo", .tooManyMemoCharacters(limit: limit))
        }
    }
    func deleteNote(id: UUID, userID: UUID) async throws -> Bool {
        guard noteRows[id]?.userID == userID else { return false }
        noteRows[id] = nil
        bump(userID)
        return true
    }
    func notes(userID: UUID, query: NoteListQuery) async throws -> NotePage {
        let all = noteRows.values.filter { $0.userID == userID && query.filter.matches($0.note) }.map(\.note)
            .sorted(by: query.sort.areInIncreasingOrder)
        let rest = query.cursor.map { cursor in all.filter(cursor.precedes) } ?? Array(all.dropFirst(query.offset))
        let shown = Array(rest.prefix(query.perPage))
        return NotePage(
            notes: shown, total: all.count, page: query.page, perPage: query.perPage,
            nextCursor: rest.count > query.perPage ? shown.last.map { NoteCursor(after: $0, sort: query.sort) } : nil)
    }
    func allNotes(userID: UUID) async throws -> [DiaryNote] {
        noteRows.values.filter { $0.userID == userID }.map(\.note)
            .sorted {
                ($0.watchedOn, $0.createdAt.timeIntervalSince1970) < ($1.watchedOn, $1.createdAt.timeIntervalSince1970)
            }
    }
    func notes(userID: UUID, after cursor: DiaryNoteCursor?, limit: Int) async throws -> [DiaryNote] {
        let all = noteRows.values.filter { $0.userID == userID }.map(\.note)
            .sorted { DiaryNoteCursor(after: $0).precedes($1) }
        return Array(all.filter { cursor?.precedes($0) ?? true }.prefix(limit))
    }
    func diaryVersion(userID: UUID) async throws -> Int64 { versions[userID] ?? 0 }
    func statisticsCounts(userID: UUID, year: Int?) async throws -> DiaryStatisticsCounts {
        statisticsReads += 1
        return DiaryStatisticsCounts(notes: try await allNotes(userID: userID), year: year)
    }
    func notes(userID: UUID, key: DiaryNoteKey) async throws -> [DiaryNote] {
        try await allNotes(userID: userID).filter { $0.duplicateKey == key }
    }
    func importBatch(_ batch: DiaryImportBatch, userID: UUID, limits: DiaryLimits) async throws
        -> DiaryImportOutcome
    {
        importBatches += 1
        let existing = try await allNotes(userID: userID)
        let ids = Set(existing.map(\.id))
        let keys = Set(existing.map(\.duplicateKey))
        let adding = batch.notes.count { !ids.contains($0.note.id) && !keys.contains($0.note.duplicateKey) }
        guard existing.count + adding <= limits.notes else {
            throw BoxOfficeError.invalid(
                nil, .importPastNoteLimit(notes: existing.count, adding: adding, limit: limits.notes))
        }
        var names: [String: UUID] = [:]
        for category in try await categories(userID: userID) { names[category.name.lowercased()] = category.id }
        let newCategories = Set(batch.categories.map { $0.name.lowercased() }).subtracting(names.keys)
        guard names.count + newCategories.count <= limits.categories else {
            throw BoxOfficeError.invalid(nil, .tooManyCategories(limit: limits.categories))
        }
        bump(userID)
        var created: [String] = []
        for category in batch.categories where names[category.name.lowercased()] == nil {
            let made = try await createCategory(
                id: UUID(), name: category.name, visible: category.visible, userID: userID, createdAt: Date(),
                limit: limits.categories)
            names[category.name.lowercased()] = made.id
            created.append(category.name)
        }
        var inserted: [DiaryNote] = []
        var duplicates: [Int] = []
        for entry in batch.notes {
            if ids.contains(entry.note.id) || keys.contains(entry.note.duplicateKey) {
                duplicates.append(entry.line)
                continue
            }
            var note = entry.note
            if noteRows[note.id] != nil { note.id = UUID() }
            note.categoryId = entry.categoryName.flatMap { names[$0.lowercased()] }
            noteRows[note.id] = (note, userID)
            inserted.append(note)
        }
        return DiaryImportOutcome(inserted: inserted, duplicateLines: duplicates, categoriesCreated: created)
    }
}

/// A fast stand-in for bcrypt.
struct PlainHasher: PasswordHasher {
    func hash(_ password: String) async throws -> String { "plain:" + password }
    func verify(_ password: String, against hash: String?) async throws -> Bool { hash == "plain:" + password }
}

/// ``PlainHasher`` whose checks of `holding` wait, while ``hold()`` is in force, until ``release()``.
final class HeldHasher: PasswordHasher, Sendable {
    private let holding: String
    private let state = Locked((held: false, waiters: [CheckedContinuation<Void, Never>]()))

    init(holding: String) { self.holding = holding }

    /// Checks waiting now.
    var waiting: Int { state.withLock { $0.waiters.count } }

    func hold() { state.withLock { $0.held = true } }

    func release() {
        let waiters = state.withLock { state in
            state.held = false
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func hash(_ password: String) async throws -> String { "plain:" + password }

    func verify(_ password: String, against hash: String?) async throws -> Bool {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let go = state.withLock { state in
                let wait = state.held && password == holding
                if wait { state.waiters.append(waiter) }
                return !wait
            }
            if go { waiter.resume() }
        }
        return hash == "plain:" + password
    }
}

/// A movie catalog with fixed movies that counts searches, and can be made to fail.
final class StubCatalog: DiaryMovieCatalog, Sendable {
    private let movies: [Movie]
    private let state = Locked((queries: [MovieSearchQuery](), failure: BoxOfficeError?.none))

    init(_ movies: [Movie]) { self.movies = movies }

    var searches: Int { state.withLock { $0.queries.count } }
    var searchedQueries: [MovieSearchQuery] { state.withLock { $0.queries } }
    func fail(with error: BoxOfficeError?) { state.withLock { $0.failure = error } }

    func movie(code: String) async throws -> Movie {
        guard let movie = movies.first(where: { $0.code == code }) else {
            throw BoxOfficeError.notFound(.movie(code: code))
        }
        return movie
    }

    func search(_ query: MovieSearchQuery) async throws -> MovieSearchPage {
        let failure = state.withLock { state -> BoxOfficeError? in
            state.queries.append(query)
            return state.failure
        }
        if let failure { throw failure }
        let wanted = (query.title ?? "").lowercased().replacingOccurrences(of: " ", with: "")
        let hits = movies.filter { movie in
            let titles = [movie.title, movie.titleEnglish].map {
                $0.lowercased().replacingOccurrences(of: " ", with: "")
            }
            guard titles.contains(where: { $0.contains(wanted) }) else { return false }
            if let year = query.year { return movie.openDate?.year == year }
            return true
        }
        return MovieSearchPage(
            totalCount: hits.count, page: 1, perPage: query.perPage,
            movies: hits.map {
                MovieSummary(
                    code: $0.code, title: $0.title, titleEnglish: $0.titleEnglish, productionYear: $0.productionYear,
                    openDate: $0.openDate, nations: $0.nations, genres: $0.genres, directors: $0.directors.map(\.name))
            })
    }
}

enum DiaryFixtures {
    /// 2024-03-20 12:00 in Seoul.
    static let now = seoul(2024, 3, 20, 12)
    static let today = CalendarDate(year: 2024, month: 3, day: 20)!

    static func date(_ text: String) -> CalendarDate { CalendarDate(text)! }

    static func movie(
        _ code: String, _ title: String, english: String = "", opened: String?, nations: [String] = ["한국"],
        genres: [String] = ["드라마"], directors: [String] = ["감독"]
    ) -> Movie {
        let openDate = opened.flatMap { CalendarDate($0) }
        return Movie(
            code: code, title: title, titleEnglish: english, productionYear: openDate?.year, openDate: openDate,
            nations: nations, genres: genres, directors: directors.map { MoviePerson(name: $0) }, source: .sample,
            fetchedAt: now)
    }

    static let catalog: [Movie] = [
        movie(
            "20190001", "기생충", english: "Parasite", opened: "2019-05-30", genres: ["드라마", "스릴러"], directors: ["봉준호"]),
        movie(
            "20230002", "듄: 파트2", english: "Dune: Part Two", opened: "2024-02-28", nations: ["미국"], genres: ["SF"],
            directors: ["드니 빌뇌브"]),
        movie(
            "20100003", "아저씨", english: "The Man from Nowhere", opened: "2010-08-04", genres: ["액션"], directors: ["이정범"]
        ),
        // Two films share a title in different years.
        movie("19980004", "8월의 크리스마스", english: "Christmas in August", opened: "1998-01-24", directors: ["허진호"]),
        movie(
            "20210005", "Alien", english: "Alien", opened: "2021-06-01", nations: ["미국"], genres: ["SF"],
            directors: ["A"]),
        movie(
            "19790006", "Alien", english: "Alien", opened: "1979-09-01", nations: ["미국"], genres: ["SF"],
            directors: ["B"]),
        // Opened in Korea a year after its festival year.
        movie("20200007", "미나리", english: "Minari", opened: "2021-03-03", nations: ["미국"], directors: ["정이삭"]),
    ]

    static func note(
        _ code: String = "20190001", _ title: String = "기생충", watched: String = "2024-03-01", rating: Double? = nil,
        memo: String = "", createdAt: Date = now, movie: MovieSnapshot = MovieSnapshot(), place: DiaryPlace? = nil
    ) -> DiaryNote {
        DiaryNote(
            id: UUID(), movieCode: code, title: title, watchedOn: date(watched), memo: memo,
            rating: rating.flatMap { StarRating(stars: $0) }, place: place, createdAt: createdAt, movie: movie)
    }
}

/// The diary's services over one in-memory store and the stub catalog at a movable clock.
struct DiaryHarness {
    let store = InMemoryDiaryStore()
    let catalog = StubCatalog(DiaryFixtures.catalog)
    let clock = TestClock(DiaryFixtures.now)
    var accountSettings = DiaryAccountService.Settings()
    var transferSettings = DiaryTransferService.Settings()
    var limits = DiaryLimits()

    var calendar: BoxOfficeCalendar { BoxOfficeCalendar(now: clock.function) }

    var accounts: DiaryAccountService { accounts(hasher: PlainHasher()) }

    func accounts(hasher: any PasswordHasher) -> DiaryAccountService {
        DiaryAccountService(
            users: store, tokens: store, sessions: store, loginAttempts: store, devices: store, hasher: hasher,
            digester: TestSecretDigester(), calendar: calendar, settings: accountSettings, limits: limits)
    }

    var notes: DiaryNoteService {
        DiaryNoteService(
            categories: store, notes: store, catalog: catalog, digester: TestSecretDigester(), calendar: calendar,
            limits: limits)
    }

    var transfer: DiaryTransferService {
        DiaryTransferService(
            categories: store, notes: store, catalog: catalog, calendar: calendar, settings: transferSettings,
            limits: limits)
    }

    var statistics: DiaryStatisticsService { DiaryStatisticsService(notes: store) }

    func user(_ name: String = "minji") async throws -> DiaryUser {
        try await accounts.signUp(username: name, password: "correct horse")
    }
}

/// SHA-256 from swift-crypto, as the app digests secrets.
struct TestSecretDigester: SecretDigester {
    func digest(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
