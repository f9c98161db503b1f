public import Foundation

/// A change to an optional field: leave it, set it, or clear it.
public enum NoteFieldChange<Value: Sendable & Hashable>: Sendable, Hashable {
    case keep
    case set(Value)
    case clear

    func applied(to value: Value?) -> Value? {
        switch self {
        case .keep: return value
        case .set(let new): return new
        case .clear: return nil
        }
    }
}

/// A note to create. Values are already parsed (see ``DiaryValidation``); the service checks them again.
public struct NoteDraft: Sendable, Hashable {
    /// The KOBIS movie code; the movie's details are looked up when the note is created.
    public var movieCode: String
    /// `nil` takes the movie's title from KOBIS.
    public var title: String?
    public var watchedOn: CalendarDate
    public var memo: String
    public var rating: StarRating?
    public var categoryId: UUID?
    public var place: DiaryPlace?
    /// The chart the note was started from (a chart row), if any.
    public var chartDate: CalendarDate?
    public var chartRank: Int?

    public init(
        movieCode: String, title: String? = nil, watchedOn: CalendarDate, memo: String = "", rating: StarRating? = nil,
        categoryId: UUID? = nil, place: DiaryPlace? = nil, chartDate: CalendarDate? = nil, chartRank: Int? = nil
    ) {
        self.movieCode = movieCode
        self.title = title
        self.watchedOn = watchedOn
        self.memo = memo
        self.rating = rating
        self.categoryId = categoryId
        self.place = place
        self.chartDate = chartDate
        self.chartRank = chartRank
    }
}

/// Changes to a note; `nil` / ``NoteFieldChange/keep`` leave a field as it is. The movie never changes.
public struct NoteChanges: Sendable, Hashable {
    public var title: String?
    public var watchedOn: CalendarDate?
    public var memo: String?
    public var rating: NoteFieldChange<StarRating>
    public var categoryId: NoteFieldChange<UUID>
    public var place: NoteFieldChange<DiaryPlace>

    public init(
        title: String? = nil, watchedOn: CalendarDate? = nil, memo: String? = nil,
        rating: NoteFieldChange<StarRating> = .keep,
        categoryId: NoteFieldChange<UUID> = .keep, place: NoteFieldChange<DiaryPlace> = .keep
    ) {
        self.title = title
        self.watchedOn = watchedOn
        self.memo = memo
        self.rating = rating
        self.categoryId = categoryId
        self.place = place
    }
}

/// A saved note and the user's other notes about the same movie on the same day (an exact duplicate is
/// allowed, but worth a warning).
public struct NoteSaveResult: Sendable, Hashable {
    public var note: DiaryNote
    /// The user's other notes about the same movie on the same day.
    public var duplicates: [DiaryNote]
}

extension DiaryService {
    // MARK: - Categories

    /// The user's categories in their order, with note counts.
    public func categories(for user: DiaryUser) async throws -> [DiaryCategory] {
        try await repositories.categories.categories(userID: user.id)
    }

    /// One of the user's categories; ``DiaryError/notFound(_:)`` otherwise.
    public func category(id: UUID, for user: DiaryUser) async throws -> DiaryCategory {
        guard let category = try await repositories.categories.category(id: id, userID: user.id) else {
            throw Self.categoryNotFound(id)
        }
        return category
    }

    /// Adds a category at the end. Throws ``DiaryError/Conflict/categoryNameTaken(_:)`` when the user has one with this name.
    public func createCategory(name: String, visible: Bool = true, for user: DiaryUser) async throws -> DiaryCategory {
        let name = try DiaryValidation.categoryName(name)
        return try await repositories.categories.createCategory(
            id: UUID(), name: name, visible: visible, userID: user.id, createdAt: now)
    }

    /// Renames, shows/hides or moves a category (position 0 is first; others shift).
    public func updateCategory(id: UUID, changes: CategoryChanges, for user: DiaryUser) async throws -> DiaryCategory {
        var changes = changes
        if let name = changes.name { changes.name = try DiaryValidation.categoryName(name) }
        if let position = changes.position, position < 0 {
            throw BoxOfficeError.invalid("position", .atLeast(0), value: String(position))
        }
        guard let category = try await repositories.categories.updateCategory(id: id, userID: user.id, changes: changes)
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
            guard try await repositories.categories.category(id: target, userID: user.id) != nil else {
                throw BoxOfficeError.invalid("to", .unknownCategory, value: target.uuidString)
            }
            resolved = .move(to: target)
        case let other?:
            resolved = other
        }
        guard try await repositories.categories.deleteCategory(id: id, userID: user.id, notes: resolved) else {
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
    /// is saved and reported in ``NoteSaveResult/duplicates``.
    public func createNote(_ draft: NoteDraft, for user: DiaryUser) async throws -> NoteSaveResult {
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
            id: UUID(), movieCode: movieCode, title: title,
            watchedOn: draft.watchedOn, memo: memo, rating: draft.rating, categoryId: draft.categoryId,
            place: draft.place,
            createdAt: now, updatedAt: now, movie: MovieSnapshot(movie), chartDate: draft.chartDate,
            chartRank: draft.chartRank)
        let duplicates = try await repositories.notes.notes(userID: user.id, key: note.duplicateKey)
        try await repositories.notes.createNote(note, userID: user.id)
        return NoteSaveResult(note: note, duplicates: duplicates)
    }

    /// One of the user's notes; ``DiaryError/notFound(_:)`` otherwise.
    public func note(id: UUID, for user: DiaryUser) async throws -> DiaryNote {
        guard let note = try await repositories.notes.note(id: id, userID: user.id) else { throw Self.noteNotFound(id) }
        return note
    }

    /// Changes a note; reports other notes about the same movie on the (new) day.
    public func updateNote(id: UUID, changes: NoteChanges, for user: DiaryUser) async throws -> NoteSaveResult {
        var note = try await self.note(id: id, for: user)
        let today = calendar.today
        if let title = changes.title { note.title = try DiaryValidation.title(title) }
        if let date = changes.watchedOn {
            try DiaryValidation.watchedOn(date, today: today)
            note.watchedOn = date
        }
        if let memo = changes.memo { note.memo = try DiaryValidation.memo(memo) }
        note.rating = changes.rating.applied(to: note.rating)
        if case .set(let categoryId) = changes.categoryId { try await requireCategory(categoryId, for: user) }
        note.categoryId = changes.categoryId.applied(to: note.categoryId)
        note.place = changes.place.applied(to: note.place)
        note.updatedAt = max(now, note.createdAt)
        guard try await repositories.notes.updateNote(note, userID: user.id) else { throw Self.noteNotFound(id) }
        let duplicates = try await repositories.notes.notes(userID: user.id, key: note.duplicateKey).filter {
            $0.id != id
        }
        return NoteSaveResult(note: note, duplicates: duplicates)
    }

    /// Deletes one of the user's notes; ``DiaryError/notFound(_:)`` when the user has no such note.
    public func deleteNote(id: UUID, for user: DiaryUser) async throws {
        guard try await repositories.notes.deleteNote(id: id, userID: user.id) else { throw Self.noteNotFound(id) }
    }

    /// A page of the user's notes.
    public func notes(_ query: NoteListQuery, for user: DiaryUser) async throws -> NotePage {
        if case .category(let id)? = query.filter.category { _ = try await category(id: id, for: user) }
        return try await repositories.notes.notes(userID: user.id, query: query)
    }

    /// The user's other notes about `movieCode` on `watchedOn` (to warn before saving a duplicate).
    public func duplicates(movieCode: String, watchedOn: CalendarDate, excluding id: UUID? = nil, for user: DiaryUser)
        async throws -> [DiaryNote]
    {
        try await repositories.notes.notes(
            userID: user.id, key: DiaryNoteKey(movieCode: movieCode, watchedOn: watchedOn)
        )
        .filter { $0.id != id }
    }

    // MARK: - Statistics

    /// The user's statistics, for all time or for the notes watched in `year` (with a year in review).
    public func statistics(for user: DiaryUser, year: Int? = nil) async throws -> DiaryStatistics {
        if let year, !(1900...9999).contains(year) {
            throw BoxOfficeError.invalid("year", .year(1900...9999), value: String(year))
        }
        return DiaryStatistics(notes: try await repositories.notes.allNotes(userID: user.id), year: year)
    }

    private func requireCategory(_ id: UUID, for user: DiaryUser) async throws {
        guard try await repositories.categories.category(id: id, userID: user.id) != nil else {
            throw BoxOfficeError.invalid("categoryId", .unknownCategory, value: id.uuidString)
        }
    }
}
