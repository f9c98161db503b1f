import BoxOfficeCore
import BoxOfficeText
import Foundation
import HTTPTypes
import Hummingbird

/// One note: `GET /notes/new?movie=CODE[&chartDate=YYYY-MM-DD&rank=N]` (the form; without a movie, a movie
/// search first), `POST /notes` (honouring `Idempotency-Key`), `GET /notes/{id}`, `GET/POST /notes/{id}/edit`,
/// `GET/POST /notes/{id}/delete`.
/// A new note about a film on the watchlist follows the person's preference: taken off (always), left (never), or
/// the note's page offers to take it off (ask).
/// A refused form comes back with a 400, the values as typed and the reasons; nothing is written.
/// Another user's note answers 404, exactly like a missing one.
struct NoteController<Context: DiarySessionContext>: Sendable {
    let notes: DiaryNoteService
    let movies: MovieService
    let watchlist: WatchlistService
    let site: PageSite
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("notes/new") { request, context in try await new(request, session: try context.requireSession()) }
        group.post("notes") { request, context in
            try await create(
                request, session: try context.requireSession(), input: try context.form.decode(NoteFormInput.self))
        }
        group.get("notes/{id}") { request, context in
            try await show(request, id: try Self.noteID(context), session: try context.requireSession())
        }
        group.get("notes/{id}/edit") { request, context in
            let session = try context.requireSession()
            let note = try await notes.note(id: try Self.noteID(context), for: session.user)
            let environment = DiaryPageEnvironment(request: request, site: site)
            var input = NoteFormInput(note: note)
            input.shown = NoteFormShown(input)
            return try await renderForm(
                environment, session: session, mode: .edit(note), movie: .init(note: note), input: input,
                errors: [], status: .ok)
        }
        group.post("notes/{id}/edit") { request, context in
            try await update(
                request, id: try Self.noteID(context), session: try context.requireSession(),
                input: try context.form.decode(NoteFormInput.self))
        }
        group.get("notes/{id}/delete") { request, context in
            let session = try context.requireSession()
            let note = try await notes.note(id: try Self.noteID(context), for: session.user)
            let environment = DiaryPageEnvironment(request: request, site: site)
            return try renderer.render(
                NoteDeleteViewModel(environment: environment, session: session, note: note),
                template: "diary_note_delete")
        }
        group.post("notes/{id}/delete") { request, context in
            let session = try context.requireSession()
            try await notes.deleteNote(id: try Self.noteID(context), for: session.user)
            return DiaryPageEnvironment(request: request, site: site).redirect("/notes", [("done", "deleted")])
        }
    }

    // MARK: - New

    func new(_ request: Request, session: DiarySession) async throws -> Response {
        let environment = DiaryPageEnvironment(request: request, site: site)
        let parameters = request.formParameters
        guard let code = parameters.nonEmpty("movie") else {
            return try await pick(request, environment: environment, session: session)
        }
        let movieCode = try DiaryValidation.movieCode(code)
        var chartDate = ""
        var chartRank = ""
        let dateText = parameters.nonEmpty("chartDate")
        let rankText = parameters.nonEmpty("rank")
        if dateText != nil || rankText != nil {
            guard let dateText, let rankText else {
                throw BoxOfficeError.invalid("rank", .together(with: "chartDate"))
            }
            chartDate = try DiaryValidation.watchedOn(dateText, today: environment.today, field: "chartDate").isoString
            guard let rank = Int(rankText) else {
                throw BoxOfficeError.invalid("rank", .wholeNumber(1...1000), value: rankText)
            }
            chartRank = String(try DiaryValidation.chartRank(rank))
        }
        let movie = try await movies.movie(code: movieCode)
        let input = NoteFormInput(
            movieCode: movie.code, title: movie.title, watchedOn: environment.today.isoString, chartDate: chartDate,
            chartRank: chartRank)
        return try await renderForm(
            environment, session: session, mode: .new, movie: .init(movie: movie), input: input, errors: [], status: .ok
        )
    }

    /// The movie search that starts a note when no movie is given.
    func pick(_ request: Request, environment: DiaryPageEnvironment, session: DiarySession) async throws -> Response {
        let parameters = request.formParameters
        let text = parameters.nonEmpty("q") ?? ""
        var page: MovieSearchPage?
        if !text.isEmpty {
            guard text.count <= 100 else {
                throw BoxOfficeError.invalid("q", .maximumLength(100))
            }
            let number = try NoteListParameters.positive(parameters, "page", maximum: 10_000) ?? 1
            page = try await movies.search(MovieSearchQuery(title: text, page: number, perPage: 20))
        }
        let viewModel = MoviePickViewModel(environment: environment, session: session, query: text, page: page)
        return try renderer.render(viewModel, template: "diary_note_pick")
    }

    func create(_ request: Request, session: DiarySession, input: NoteFormInput) async throws -> Response {
        let environment = DiaryPageEnvironment(request: request, site: site)
        let movie = try await movies.movie(code: try DiaryValidation.movieCode(input.movieCode))
        let saved = try await save(
            input, environment: environment, session: session, mode: .new, movie: .init(movie: movie)
        ) { checked in
            let draft = NoteDraft(
                movieCode: movie.code, title: checked.title, watchedOn: checked.watchedOn, memo: checked.memo,
                rating: checked.rating, categoryId: checked.categoryId, place: checked.place,
                chartDate: checked.chartDate, chartRank: checked.chartRank)
            // The offline queue of the page script sends a note again until it hears back; the key makes that safe.
            return try await notes.createNote(
                draft, for: session.user, idempotencyKey: request.headers[Self.idempotencyKeyHeader])
        }
        let result: NoteSaveResult
        switch saved {
        case .saved(let value): result = value
        case .refused(let form): return form
        }
        // Notes sent later from the offline queue come through here too, so "always" applies to them as well.
        let offer = try await watchlist.noteLogged(movieCode: movie.code, userID: session.user.id)
        var items: [(name: String, value: String?)] = [("done", "saved")]
        if offer { items.append(WatchlistOfferViewModel.offerItem) }
        return environment.redirect("/notes/\(result.note.id.uuidString)", items)
    }

    // MARK: - Show, edit

    func show(_ request: Request, id: UUID, session: DiarySession) async throws -> Response {
        let environment = DiaryPageEnvironment(request: request, site: site)
        let note = try await notes.note(id: id, for: session.user)
        let category: DiaryCategory?
        if let categoryId = note.categoryId {
            category = try await notes.categories(for: session.user).first { $0.id == categoryId }
        } else {
            category = nil
        }
        let sameMovie = try await notes.notes(
            NoteListQuery(filter: NoteFilter(movieCode: note.movieCode), perPage: NoteListQuery.maximumPerPage),
            for: session.user)
        let parameters = request.formParameters
        let flash = parameters.nonEmpty("done") == "saved" ? environment.strings.noteSaved : nil
        var viewModel = NoteViewModel(
            environment: environment, session: session, note: note, category: category, sameMovie: sameMovie.notes,
            flash: flash)
        switch parameters.nonEmpty(WatchlistOfferViewModel.offerItem.name) {
        case WatchlistOfferViewModel.offerItem.value:
            // Only while it still holds: the film is listed and the person still wants to be asked.
            let listed = try await watchlist.listedCodes([note.movieCode], userID: session.user.id)
            if !listed.isEmpty, try await watchlist.removalPreference(userID: session.user.id) == .ask {
                viewModel.watchlistOffer = WatchlistOfferViewModel(
                    environment: environment, session: session, note: note)
            }
        case "removed":
            viewModel.flash = WatchlistPageStrings.table(for: environment.language).takenOff
        default: break
        }
        return try renderer.render(viewModel, template: "diary_note")
    }

    func update(_ request: Request, id: UUID, session: DiarySession, input: NoteFormInput) async throws -> Response {
        let environment = DiaryPageEnvironment(request: request, site: site)
        let note = try await notes.note(id: id, for: session.user)
        // The movie and the chart it was seen on belong to the note, whatever the form says.
        let current = NoteFormInput(note: note)
        var input = input
        input.movieCode = current.movieCode
        input.chartDate = current.chartDate
        input.chartRank = current.chartRank
        // A form that says what it showed changes only what the person changed: another device may have changed
        // the rest since. The checks read the note as it is now with those changes.
        var changed = Set(NoteFormShown.Field.allCases)
        if let shown = input.shown {
            changed = shown.changedFields(input)
            var merged = NoteFormShown.merged(input, changed: changed, over: current)
            merged.shown = shown.refreshed(changed: changed, current: current)
            input = merged
        }
        let saved = try await save(
            input, environment: environment, session: session, mode: .edit(note), movie: .init(note: note)
        ) { checked in
            let changes = NoteChanges(
                title: changed.contains(.title) ? checked.title : nil,
                watchedOn: changed.contains(.watchedOn) ? checked.watchedOn : nil,
                memo: changed.contains(.memo) ? checked.memo : nil,
                rating: changed.contains(.rating) ? checked.rating.map { .set($0) } ?? .clear : .keep,
                categoryId: changed.contains(.category) ? checked.categoryId.map { .set($0) } ?? .clear : .keep,
                place: changed.contains(.place) ? checked.place.map { .set($0) } ?? .clear : .keep)
            return try await notes.updateNote(id: id, changes: changes, for: session.user)
        }
        if case .refused(let form) = saved { return form }
        return environment.redirect("/notes/\(id.uuidString)", [("done", "saved")])
    }

    /// A form's note saved, or the form again (400) with why not.
    private enum SaveOutcome {
        case saved(NoteSaveResult)
        case refused(Response)
    }

    /// Checks `input` against the person's categories and, when it passes, saves it with `write`. The form's own
    /// checks failing, or the service refusing the values as bad input, answers the form again with the reasons.
    private func save(
        _ input: NoteFormInput, environment: DiaryPageEnvironment, session: DiarySession,
        mode: NoteFormViewModel.Mode, movie: NoteFormViewModel.MovieFacts,
        write: (NoteFormInput.Checked) async throws -> NoteSaveResult
    ) async throws -> SaveOutcome {
        let categories = try await notes.categories(for: session.user)
        func refused(_ errors: [String]) async throws -> SaveOutcome {
            .refused(
                try await renderForm(
                    environment, session: session, mode: mode, movie: movie, input: input, errors: errors,
                    status: .badRequest, categories: categories))
        }
        switch input.checked(today: environment.today, categories: categories, strings: environment.strings) {
        case .failure(let errors):
            return try await refused(errors.messages)
        case .success(let checked):
            do {
                return .saved(try await write(checked))
            } catch let error as BoxOfficeError where error.isBadInput {
                return try await refused([ReasonText(environment.language).message(error)])
            }
        }
    }

    private func renderForm(
        _ environment: DiaryPageEnvironment, session: DiarySession, mode: NoteFormViewModel.Mode,
        movie: NoteFormViewModel.MovieFacts, input: NoteFormInput, errors: [String], status: HTTPResponse.Status,
        categories: [DiaryCategory]? = nil
    ) async throws -> Response {
        let user = session.user
        let resolved: [DiaryCategory]
        if let categories {
            resolved = categories
        } else {
            resolved = try await notes.categories(for: user)
        }
        let existing = try await notes.notes(
            NoteListQuery(filter: NoteFilter(movieCode: movie.code), perPage: NoteListQuery.maximumPerPage), for: user)
        let viewModel = NoteFormViewModel(
            environment: environment, session: session, mode: mode, movie: movie, input: input, categories: resolved,
            existing: existing.notes, errors: errors)
        return try renderer.render(viewModel, template: "diary_note_form", status: status)
    }

    /// `Idempotency-Key` on `POST /notes`: the same key again from the same user answers the first note's redirect.
    static var idempotencyKeyHeader: HTTPField.Name { .idempotencyKey }

    /// The `{id}` path parameter; anything but a UUID is a note that does not exist.
    static func noteID(_ context: Context) throws -> UUID {
        let text = context.parameters.get("id") ?? ""
        guard let id = UUID(uuidString: text) else {
            throw DiaryError.notFound(.note(text))
        }
        return id
    }
}

extension BoxOfficeError {
    /// A 400: the input was refused.
    var isBadInput: Bool {
        switch self {
        case .invalid: return true
        default: return false
        }
    }
}
