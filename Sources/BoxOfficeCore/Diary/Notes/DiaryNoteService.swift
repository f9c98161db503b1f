public import Foundation

/// The diary's notes and categories: every note and category belongs to a user, and another user's objects
/// answer ``DiaryError/notFound(_:)`` exactly as missing ones do. A note copies its movie's details from KOBIS
/// (through ``DiaryMovieCatalog``) when it is created.
public struct DiaryNoteService: Sendable {
    let categoryRepository: any DiaryCategoryRepository
    let noteRepository: any DiaryNoteRepository
    let catalog: any DiaryMovieCatalog
    let digester: any SecretDigester
    let calendar: BoxOfficeCalendar
    let limits: DiaryLimits

    /// The service over the category and note tables; `catalog` supplies the movie a new note copies; `digester`
    /// turns an `Idempotency-Key` into the id of the note it names; `limits` bound what one diary keeps.
    public init(
        categories: any DiaryCategoryRepository, notes: any DiaryNoteRepository, catalog: any DiaryMovieCatalog,
        digester: any SecretDigester, calendar: BoxOfficeCalendar, limits: DiaryLimits = DiaryLimits()
    ) {
        self.categoryRepository = categories
        self.noteRepository = notes
        self.catalog = catalog
        self.digester = digester
        self.calendar = calendar
        self.limits = limits
    }

    /// Now, to the millisecond.
    var now: Date { DiaryTime.normalized(calendar.currentInstant) }

    // MARK: - Categories

    /// The user's categories in their order, with note counts.
    public func categories(for user: DiaryUser) async throws -> [DiaryCategory] {
        try await categoryRepository.categories(userID: user.id)
    }

    /// One of the user's categories; ``DiaryError/notFound(_:)`` otherwise.
    public func category(id: UUID, for user: DiaryUser) async throws -> DiaryCategory {
        guard let category = try await categoryRepository.category(id: id, userID: user.id) else {
            throw Self.categoryNotFound(id)
        }
        return category
    }

    /// Adds a category at the end. Throws ``DiaryError/Conflict/categoryNameTaken(_:)`` when the user has one with this
    /// name, ``InputRule/tooManyCategories(limit:)`` when the user has ``DiaryLimits/categories``.
    public func createCategory(name: String, visible: Bool = true, for user: DiaryUser) async throws -> DiaryCategory {
        let name = try DiaryValidation.categoryName(name)
        return try await categoryRepository.createCategory(
            id: UUID(), name: name, visible: visible, userID: user.id, createdAt: now, limit: limits.categories)
    }

    /// Renames, shows/hides or moves a category (position 0 is first; others shift).
    public func updateCategory(id: UUID, changes: CategoryChanges, for user: DiaryUser) async throws -> DiaryCategory {
        var changes = changes
        if let name = changes.name { changes.name = try DiaryValidation.categoryName(name) }
        if let position = changes.position, position < 0 {
            throw BoxOfficeError.invalid("position", .atLeast(0), value: String(position))
        }
        guard let category = try await categoryRepository.updateCategory(id: id, userID: user.id, changes: changes)
        else { throw Self.categoryNotFound(id) }
        return category
    }

    /// Deletes a category. With notes in it, `notes` must say what happens to them, else
    /// ``DiaryError/conflict(_:)``; moving them needs another of the user's categories.
    public func deleteCategory(id: UUID, notes disposition: CategoryNotesDisposition?, for user: DiaryUser) async throws
    {
        let category = try await self.category(id: id, for: user)
        let resolved: CategoryNotesDisposition
        switch disposition {
        case nil:
            guard category.noteCount == 0 else {
                throw DiaryError.conflict(.categoryHasNotes(name: category.name, count: category.noteCount))
            }
            resolved = .uncategorize
        case .move(let target)?:
            guard target != id else {
                throw BoxOfficeError.invalid("to", .moveIntoDeletedCategory, value: target.uuidString)
            }
            guard try await categoryRepository.category(id: target, userID: user.id) != nil else {
                throw BoxOfficeError.invalid("to", .unknownCategory, value: target.uuidString)
            }
            resolved = .move(to: target)
        case let other?:
            resolved = other
        }
        guard try await categoryRepository.deleteCategory(id: id, userID: user.id, notes: resolved) else {
            throw Self.categoryNotFound(id)
        }
    }

    static func categoryNotFound(_ id: UUID) -> DiaryError {
        .notFound(.category(id.uuidString))
    }

    static func noteNotFound(_ id: UUID) -> DiaryError {
        .notFound(.note(id.uuidString))
    }

    // MARK: - Notes

    /// Creates a note, copying the movie's details from KOBIS (cached). An exact duplicate (same movie, same day)
    /// is saved and reported in ``NoteSaveResult/duplicates``. A diary with ``DiaryLimits/notes`` notes takes no
    /// more: ``InputRule/tooManyNotes(limit:)``; nor one whose memo takes its memos past
    /// ``DiaryLimits/memoCharacters``: ``InputRule/tooManyMemoCharacters(limit:)``. The store decides both as it writes.
    ///
    /// With an `idempotencyKey` (1–255 visible ASCII characters, else ``BoxOfficeError/invalid(_:)``), the same key
    /// from the same user answers the note its first request made, never a second one, also when the two requests
    /// race: the note's id is derived from the user and the key (``noteID(userID:idempotencyKey:)``), so the store's
    /// primary key lets only one of two twins in, and the other reads the winner's note. Another user's same key
    /// names another note. A key whose note was deleted makes a new one.
    public func createNote(_ draft: NoteDraft, for user: DiaryUser, idempotencyKey: String? = nil) async throws
        -> NoteSaveResult
    {
        guard let idempotencyKey else { return try await insertNote(draft, id: UUID(), for: user) }
        let id = noteID(userID: user.id, idempotencyKey: try DiaryValidation.idempotencyKey(idempotencyKey))
        if let made = try await noteRepository.note(id: id, userID: user.id) {
            return try await replay(made, for: user)
        }
        do {
            return try await insertNote(draft, id: id, for: user)
        } catch {
            // A twin with the same key saved first: its note is the answer. Otherwise the error stands.
            guard let made = try? await noteRepository.note(id: id, userID: user.id) else { throw error }
            return try await replay(made, for: user)
        }
    }

    /// Whether `id` is of the kind ``noteID(userID:idempotencyKey:)`` makes (version 8). Only that makes them: an
    /// imported note never keeps one, or anyone who knew a user's id and key could take the id before them.
    public static func isMadeFromKey(_ id: UUID) -> Bool {
        id.uuid.6 >> 4 == 8
    }

    /// The id of the note that `idempotencyKey` makes for the user: a UUID (version 8, RFC 9562) of the SHA-256 of
    /// both, so every request with that key names the same note.
    public func noteID(userID: UUID, idempotencyKey: String) -> UUID {
        let hex = digester.digest("diary-note-idempotency\u{0}\(userID.uuidString)\u{0}\(idempotencyKey)")
        var bytes = [UInt8](repeating: 0, count: 16)
        var index = hex.startIndex
        for position in 0..<16 {
            let next = hex.index(index, offsetBy: 2)
            bytes[position] = UInt8(hex[index..<next], radix: 16) ?? 0
            index = next
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// The answer to a repeated key: the note it made, with the user's other notes of that movie and day.
    private func replay(_ note: DiaryNote, for user: DiaryUser) async throws -> NoteSaveResult {
        let duplicates = try await noteRepository.notes(userID: user.id, key: note.duplicateKey).filter {
            $0.id != note.id
        }
        return NoteSaveResult(note: note, duplicates: duplicates)
    }

    private func insertNote(_ draft: NoteDraft, id: UUID, for user: DiaryUser) async throws -> NoteSaveResult {
        let today = calendar.today
        let movieCode = try DiaryValidation.movieCode(draft.movieCode)
        var givenTitle: String?
        if let title = draft.title { givenTitle = try DiaryValidation.title(title) }
        try DiaryValidation.watchedOn(draft.watchedOn, today: today)
        let memo = try DiaryValidation.memo(draft.memo)
        if let date = draft.chartDate { try DiaryValidation.watchedOn(date, today: today, field: "chartDate") }
        if let rank = draft.chartRank { _ = try DiaryValidation.chartRank(rank) }
        if let categoryId = draft.categoryId { try await requireCategory(categoryId, for: user) }
        let movie: Movie
        do {
            movie = try await catalog.movie(code: movieCode)
        } catch BoxOfficeError.notFound {
            throw BoxOfficeError.invalid("movieCode", .unknownMovie, value: movieCode)
        }
        let title = try givenTitle ?? DiaryValidation.title(movie.title)
        let now = self.now
        let note = DiaryNote(
            id: id, movieCode: movieCode, title: title,
            watchedOn: draft.watchedOn, memo: memo, rating: draft.rating, categoryId: draft.categoryId,
            place: draft.place,
            createdAt: now, updatedAt: now, movie: MovieSnapshot(movie), chartDate: draft.chartDate,
            chartRank: draft.chartRank)
        let duplicates = try await noteRepository.notes(userID: user.id, key: note.duplicateKey)
        try await noteRepository.createNote(note, userID: user.id, limits: limits)
        return NoteSaveResult(note: note, duplicates: duplicates)
    }

    /// One of the user's notes; ``DiaryError/notFound(_:)`` otherwise.
    public func note(id: UUID, for user: DiaryUser) async throws -> DiaryNote {
        guard let note = try await noteRepository.note(id: id, userID: user.id) else { throw Self.noteNotFound(id) }
        return note
    }

    /// Changes a note; reports other notes about the same movie on the (new) day. Only the fields `changes` names
    /// change: they are applied to the note as stored when the change is saved, so another device's change to
    /// another field meanwhile stays.
    public func updateNote(id: UUID, changes: NoteChanges, for user: DiaryUser) async throws -> NoteSaveResult {
        _ = try await self.note(id: id, for: user)
        let title = try changes.title.map { title throws(BoxOfficeError) in try DiaryValidation.title(title) }
        if let date = changes.watchedOn { try DiaryValidation.watchedOn(date, today: calendar.today) }
        let memo = try changes.memo.map { memo throws(BoxOfficeError) in try DiaryValidation.memo(memo) }
        if case .set(let categoryId) = changes.categoryId { try await requireCategory(categoryId, for: user) }
        let now = self.now
        let saved = try await noteRepository.updateNote(id: id, userID: user.id, limits: limits) { stored in
            var note = stored
            if let title { note.title = title }
            if let date = changes.watchedOn { note.watchedOn = date }
            if let memo { note.memo = memo }
            note.rating = changes.rating.applied(to: note.rating)
            note.categoryId = changes.categoryId.applied(to: note.categoryId)
            note.place = changes.place.applied(to: note.place)
            note.updatedAt = max(now, note.createdAt)
            return note
        }
        guard let note = saved else { throw Self.noteNotFound(id) }
        let duplicates = try await noteRepository.notes(userID: user.id, key: note.duplicateKey).filter {
            $0.id != id
        }
        return NoteSaveResult(note: note, duplicates: duplicates)
    }

    /// Deletes one of the user's notes; ``DiaryError/notFound(_:)`` when the user has no such note.
    public func deleteNote(id: UUID, for user: DiaryUser) async throws {
        guard try await noteRepository.deleteNote(id: id, userID: user.id) else { throw Self.noteNotFound(id) }
    }

    /// A page of the user's notes.
    public func notes(_ query: NoteListQuery, for user: DiaryUser) async throws -> NotePage {
        if case .category(let id)? = query.filter.category { _ = try await category(id: id, for: user) }
        return try await noteRepository.notes(userID: user.id, query: query)
    }

    /// The user's other notes about `movieCode` on `watchedOn` (to warn before saving a duplicate).
    public func duplicates(movieCode: String, watchedOn: CalendarDate, excluding id: UUID? = nil, for user: DiaryUser)
        async throws -> [DiaryNote]
    {
        try await noteRepository.notes(
            userID: user.id, key: DiaryNoteKey(movieCode: movieCode, watchedOn: watchedOn)
        )
        .filter { $0.id != id }
    }

    private func requireCategory(_ id: UUID, for user: DiaryUser) async throws {
        guard try await categoryRepository.category(id: id, userID: user.id) != nil else {
            throw BoxOfficeError.invalid("categoryId", .unknownCategory, value: id.uuidString)
        }
    }
}
