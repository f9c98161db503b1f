import BoxOfficeCore
import Foundation
import Hummingbird

/// `listNotes`, `createNote`, `getNote`, `updateNote` and `deleteNote`: the user's notes. Another user's note, or an id
/// that is not one, answers 404. The list's query is read by the pages' parser (its rules and words), already
/// checked by ``APIQueryMiddleware``. A new note about a film on the watchlist takes it off when the person's preference
/// is "always" (with "ask" or "never" it stays: an API client has no page to ask on).
struct NoteAPIHandler: Sendable {
    let notes: DiaryNoteService
    let watchlist: WatchlistService
    let calendar: BoxOfficeCalendar

    static let rules = [
        APIOperationRule(Operations.ListNotes.id, query: { query, _ in _ = try NoteListParameters(query) }),
        APIOperationRule(Operations.UpdateNote.id, body: .nullAware),
    ]

    func listNotes(_ input: Operations.ListNotes.Input) async throws -> Operations.ListNotes.Output {
        let user = try DiaryAPIUser.get()
        let query = input.query
        let parameters = try NoteListParameters(
            Parameters(typed: [
                "sort": query.sort?.rawValue, "order": query.order?.rawValue, "year": query.year,
                "releaseYear": query.releaseYear, "rating": query.rating, "minRating": query.minRating,
                "category": query.category, "movie": query.movie, "page": query.page.map(String.init),
                "perPage": query.perPage.map(String.init), "cursor": query.cursor,
            ]))
        return .ok(.init(body: .json(.init(try await notes.notes(parameters.query, for: user)))))
    }

    func createNote(_ input: Operations.CreateNote.Input) async throws -> Operations.CreateNote.Output {
        let user = try DiaryAPIUser.get()
        let new =
            switch input.body {
            case .json(let body): body
            }
        // A repeated `Idempotency-Key` answers the note its first request made, as the same 201.
        let result = try await notes.createNote(try draft(new), for: user, idempotencyKey: input.headers.idempotencyKey)
        _ = try await watchlist.noteLogged(movieCode: result.note.movieCode, userID: user.id)
        return .created(
            .init(
                headers: .init(location: "/api/v1/notes/\(result.note.id.uuidString)"),
                body: .json(
                    .init(
                        result,
                        language: .messages(
                            lang: input.query.lang?.rawValue, acceptLanguage: input.headers.acceptLanguage)))))
    }

    func getNote(_ input: Operations.GetNote.Input) async throws -> Operations.GetNote.Output {
        let user = try DiaryAPIUser.get()
        return .ok(.init(body: .json(.init(try await notes.note(id: try Self.noteID(input.path.id), for: user)))))
    }

    /// Only the fields sent change; `null` clears `rating`, `categoryId` and `place` and empties `memo`.
    func updateNote(_ input: Operations.UpdateNote.Input) async throws -> Operations.UpdateNote.Output {
        let user = try DiaryAPIUser.get()
        let id = try Self.noteID(input.path.id)
        let sent =
            switch input.body {
            case .json(let body): body
            }
        let null = APIRequestBody.nullFields
        var changes = NoteChanges()
        if null.contains("title") { throw BoxOfficeError.invalid("title", .notNull) }
        changes.title = sent.title
        if null.contains("watchedOn") { throw BoxOfficeError.invalid("watchedOn", .notNull) }
        changes.watchedOn = try sent.watchedOn.map { try DiaryValidation.watchedOn($0, today: calendar.today) }
        if sent.memo != nil || null.contains("memo") { changes.memo = try DiaryValidation.memo(sent.memo ?? "") }
        changes.rating = try .init(sent.rating, null: null.contains("rating")) { stars throws(BoxOfficeError) in
            try DiaryValidation.rating(stars: stars)
        }
        changes.categoryId = try .init(sent.categoryId, null: null.contains("categoryId"), NoteFields.categoryID)
        changes.place = try .init(sent.place, null: null.contains("place"), NoteFields.place)
        if let code = sent.movieCode {
            // Clients may send a whole note back; the movie itself never changes.
            let current = try await notes.note(id: id, for: user)
            guard code == current.movieCode else { throw BoxOfficeError.invalid("movieCode", .immutable, value: code) }
        }
        let result = try await notes.updateNote(id: id, changes: changes, for: user)
        return .ok(
            .init(
                body: .json(
                    .init(
                        result,
                        language: .messages(
                            lang: input.query.lang?.rawValue, acceptLanguage: input.headers.acceptLanguage)))))
    }

    func deleteNote(_ input: Operations.DeleteNote.Input) async throws -> Operations.DeleteNote.Output {
        let user = try DiaryAPIUser.get()
        try await notes.deleteNote(id: try Self.noteID(input.path.id), for: user)
        return .noContent(.init())
    }

    /// A new note's fields, checked in the order they are listed in the document.
    func draft(_ new: Components.Schemas.DiaryNewNote) throws(BoxOfficeError) -> NoteDraft {
        let today = calendar.today
        var draft = NoteDraft(
            movieCode: try DiaryValidation.movieCode(new.movieCode),
            watchedOn: try DiaryValidation.watchedOn(new.watchedOn, today: today))
        draft.title = new.title
        draft.memo = try DiaryValidation.memo(new.memo ?? "")
        draft.rating = try new.rating.map { stars throws(BoxOfficeError) in try DiaryValidation.rating(stars: stars) }
        draft.categoryId = try new.categoryId.map(NoteFields.categoryID)
        draft.place = try new.place.map(NoteFields.place)
        if let date = new.chartDate {
            draft.chartDate = try DiaryValidation.watchedOn(date, today: today, field: "chartDate")
        }
        draft.chartRank = try new.chartRank.map(DiaryValidation.chartRank)
        return draft
    }

    /// The `{id}` path parameter; anything but a UUID is a note that does not exist.
    static func noteID(_ text: String) throws(DiaryError) -> UUID {
        guard let id = UUID(uuidString: text) else { throw .notFound(.note(text)) }
        return id
    }
}
