import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// The user's notes: `GET/POST /api/v1/notes`, `GET/PATCH/DELETE /api/v1/notes/{id}`, and
/// `GET /api/v1/notes/export?format=csv|json|letterboxd`, `POST /api/v1/notes/import?format=…` (the file is the body).
struct NoteAPIController<Context: DiaryAuthenticatedContext>: Sendable {
    let diary: DiaryNoteService
    let transfer: DiaryTransferService
    let calendar: BoxOfficeCalendar

    /// Largest import file.
    static var importSizeLimit: Int { 16 << 20 }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("notes") { request, context in
            let parameters = try NoteListParameters(request.formParameters)
            return try ResponseBuilders.json(try await diary.notes(parameters.query, for: try context.user()))
        }
        group.post("notes") { request, context in try await create(request, user: try context.user()) }
        group.get("notes/export") { request, context in try await export(request, user: try context.user()) }
        group.post("notes/import") { request, context in try await importFile(request, user: try context.user()) }
        group.get("notes/{id}") { _, context in
            try ResponseBuilders.json(try await diary.note(id: try Self.noteID(context), for: try context.user()))
        }
        group.patch("notes/{id}") { request, context in
            try await update(request, id: try Self.noteID(context), user: try context.user())
        }
        group.delete("notes/{id}") { _, context in
            try await diary.deleteNote(id: try Self.noteID(context), for: try context.user())
            return Response(status: .noContent)
        }
    }

    func create(_ request: Request, user: DiaryUser) async throws -> Response {
        let body = try await JSONBody.read(request)
        let today = calendar.today
        var draft = NoteDraft(
            movieCode: try DiaryValidation.movieCode(try body.requiredString("movieCode")),
            watchedOn: try NoteBodyFields.watchedOn(try body.requiredString("watchedOn"), today: today))
        draft.title = try body.string("title")
        draft.memo = try DiaryValidation.memo(try body.string("memo") ?? "")
        if case .set(let rating) = try body.change("rating", NoteBodyFields.rating) { draft.rating = rating }
        if case .set(let id) = try body.change("categoryId", NoteBodyFields.categoryID) { draft.categoryId = id }
        if case .set(let place) = try body.change("place", NoteBodyFields.place) { draft.place = place }
        if let text = try body.string("chartDate") {
            draft.chartDate = try DiaryValidation.watchedOn(text, today: today, field: "chartDate")
        }
        if let rank = try body.integer("chartRank") { draft.chartRank = try DiaryValidation.chartRank(rank) }
        let result = try await diary.createNote(draft, for: user)
        var response = try ResponseBuilders.json(
            SavedNoteBody(result, language: Language(apiRequest: request)), status: .created)
        response.headers[.location] = "/api/v1/notes/\(result.note.id.uuidString)"
        return response
    }

    func update(_ request: Request, id: UUID, user: DiaryUser) async throws -> Response {
        let body = try await JSONBody.read(request)
        let today = calendar.today
        var changes = NoteChanges()
        if body.has("title") {
            guard let title = try body.string("title") else {
                throw BoxOfficeError.invalid("title", .notNull)
            }
            changes.title = title
        }
        if body.has("watchedOn") {
            guard let text = try body.string("watchedOn") else {
                throw BoxOfficeError.invalid("watchedOn", .notNull)
            }
            changes.watchedOn = try NoteBodyFields.watchedOn(text, today: today)
        }
        if body.has("memo") { changes.memo = try DiaryValidation.memo(try body.string("memo") ?? "") }
        changes.rating = try body.change("rating", NoteBodyFields.rating)
        changes.categoryId = try body.change("categoryId", NoteBodyFields.categoryID)
        changes.place = try body.change("place", NoteBodyFields.place)
        if let code = try body.string("movieCode") {
            // Clients may send a whole note back; the movie itself never changes.
            let current = try await diary.note(id: id, for: user)
            guard code == current.movieCode else {
                throw BoxOfficeError.invalid("movieCode", .immutable, value: code)
            }
        }
        let result = try await diary.updateNote(id: id, changes: changes, for: user)
        return try ResponseBuilders.json(SavedNoteBody(result, language: Language(apiRequest: request)))
    }

    func export(_ request: Request, user: DiaryUser) async throws -> Response {
        let format = try DiaryFileFormat(parameter: request.formParameters.nonEmpty("format"))
        let export = try await transfer.export(format, for: user)
        return Response(
            status: .ok,
            headers: [
                .contentType: export.contentType,
                .contentDisposition: "attachment; filename=\"\(export.fileName)\"",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: export.data)))
    }

    func importFile(_ request: Request, user: DiaryUser) async throws -> Response {
        let format = try DiaryFileFormat(parameter: request.formParameters.nonEmpty("format"))
        let data = try await RequestBodyReader.data(request, limit: Self.importSizeLimit)
        guard !data.isEmpty else {
            throw BoxOfficeError.invalid(nil, .emptyBody)
        }
        let report = try await transfer.importFile(data, format: format, for: user)
        return try ResponseBuilders.json(ImportReportBody(report, language: Language(apiRequest: request)))
    }

    /// The `{id}` path parameter; anything but a UUID is a note that does not exist.
    static func noteID(_ context: Context) throws -> UUID {
        let text = context.parameters.get("id") ?? ""
        guard let id = UUID(uuidString: text) else {
            throw DiaryError.notFound(.note(text))
        }
        return id
    }
}

/// A saved note's JSON with `"warnings"` (e.g. an exact duplicate) added.
struct SavedNoteBody: Encodable {
    var note: DiaryNote
    var warnings: [String]

    init(_ result: NoteSaveResult, language: Language) {
        note = result.note
        warnings = ReasonText(language).warnings(result)
    }

    enum CodingKeys: String, CodingKey { case warnings }

    func encode(to encoder: any Encoder) throws {
        try note.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(warnings, forKey: .warnings)
    }
}
