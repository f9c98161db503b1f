import BoxOfficeCore
import Foundation
import Hummingbird

/// `GET /notes`: the user's notes, overall or in one category (`?category=ID|none`), sorted
/// (`sort=created|watchedOn|releaseYear|title|rating`, `order=asc|desc`), filtered (`year`, `rating`) and paged.
/// The parameters are the API's (`GET /api/v1/notes`); another user's category answers 404. Pages are kept until
/// the diary changes (``DiaryPageCache``).
struct NotesController<Context: DiarySessionContext>: Sendable {
    static var perPage: Int { NoteListViewModel.defaultPerPage }

    let notes: DiaryNoteService
    let site: PageSite
    let renderer: PageRenderer
    let cache: DiaryPageCache

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("notes") { request, context in
            try await list(request, session: try context.requireSession(), diaryVersion: context.diaryVersion)
        }
    }

    /// `diaryVersion`: the version read with the session, if it was.
    func list(_ request: Request, session: DiarySession, diaryVersion: Int64? = nil) async throws -> Response {
        let environment = DiaryPageEnvironment(request: request, site: site)
        let parameters = request.formParameters
        var query = try NoteListParameters(parameters).query
        if parameters.nonEmpty("perPage") == nil { query.perPage = Self.perPage }
        let user = session.user
        // Read before the notes (with the session, or now): a change made meanwhile raises the version past this one,
        // so a page kept under it is never shown for the changed diary.
        let version: Int64
        if let diaryVersion { version = diaryVersion } else { version = try await notes.diaryVersion(for: user) }
        let key = cache.key(for: request, session: session, language: environment.language, diaryVersion: version)
        if let body = cache.page(for: key) { return ResponseBuilders.html(body) }
        async let pageResult = notes.notes(query, for: user)
        async let categoriesResult = notes.categories(for: user)
        let page = try await pageResult
        let categories = try await categoriesResult
        var hasAnyNote = page.total > 0
        if !hasAnyNote, query.filter != .none {
            hasAnyNote = try await notes.notes(NoteListQuery(perPage: 1), for: user).total > 0
        }
        let flash: String?
        switch parameters.nonEmpty("done") {
        case "deleted": flash = environment.strings.noteDeleted
        default: flash = nil
        }
        let viewModel = NoteListViewModel(
            environment: environment, session: session, query: query, page: page, categories: categories,
            hasAnyNote: hasAnyNote, flash: flash)
        let body = try renderer.renderBody(viewModel, template: "diary_notes")
        cache.keep(body, for: key)
        return ResponseBuilders.html(body)
    }
}
