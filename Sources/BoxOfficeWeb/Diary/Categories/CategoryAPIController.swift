import BoxOfficeCore
import Foundation
import Hummingbird

/// The user's categories: `GET/POST /api/v1/categories`, `PATCH/DELETE /api/v1/categories/{id}`.
///
/// `DELETE` takes `?notes=uncategorize` (keep the notes, without a category), `?notes=delete` (delete them too)
/// or `?notes=move&to={category id}`; a category with notes and no `notes` parameter answers 409.
struct CategoryAPIController<Context: DiaryAuthenticatedContext>: Sendable {
    let diary: DiaryNoteService

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("categories") { _, context in
            try ResponseBuilders.json(CategoryListBody(categories: try await diary.categories(for: try context.user())))
        }
        group.post("categories") { request, context in try await create(request, user: try context.user()) }
        group.patch("categories/{id}") { request, context in
            try await update(request, id: try Self.categoryID(context), user: try context.user())
        }
        group.delete("categories/{id}") { request, context in
            try await delete(request, id: try Self.categoryID(context), user: try context.user())
        }
    }

    func create(_ request: Request, user: DiaryUser) async throws -> Response {
        let body = try await JSONBody.read(request)
        let category = try await diary.createCategory(
            name: try body.requiredString("name"), visible: try body.bool("visible") ?? true, for: user)
        var response = try ResponseBuilders.json(category, status: .created)
        response.headers[.location] = "/api/v1/categories/\(category.id.uuidString)"
        return response
    }

    func update(_ request: Request, id: UUID, user: DiaryUser) async throws -> Response {
        let body = try await JSONBody.read(request)
        let changes = CategoryChanges(
            name: try body.string("name"), visible: try body.bool("visible"), position: try body.integer("position"))
        guard changes != CategoryChanges() else {
            throw BoxOfficeError.invalid(nil, .nothingToChange(["name", "visible", "position"]))
        }
        return try ResponseBuilders.json(try await diary.updateCategory(id: id, changes: changes, for: user))
    }

    func delete(_ request: Request, id: UUID, user: DiaryUser) async throws -> Response {
        let query = request.formParameters
        if let text = query.nonEmpty("to"), UUID(uuidString: text) == nil {
            throw BoxOfficeError.invalid("to", .uuid, value: text)
        }
        var disposition: CategoryNotesDisposition?
        switch query.nonEmpty("notes")?.lowercased() {
        case nil: disposition = nil
        case "uncategorize": disposition = .uncategorize
        case "delete": disposition = .delete
        case "move":
            guard let text = query.nonEmpty("to") else {
                throw BoxOfficeError.invalid("to", .required)
            }
            guard let target = UUID(uuidString: text) else {
                throw BoxOfficeError.invalid("to", .uuid, value: text)
            }
            disposition = .move(to: target)
        case let other?:
            throw BoxOfficeError.invalid("notes", .oneOf(["uncategorize", "delete", "move"]), value: other)
        }
        try await diary.deleteCategory(id: id, notes: disposition, for: user)
        return Response(status: .noContent)
    }

    /// The `{id}` path parameter; anything but a UUID is a category that does not exist.
    static func categoryID(_ context: Context) throws -> UUID {
        let text = context.parameters.get("id") ?? ""
        guard let id = UUID(uuidString: text) else {
            throw DiaryError.notFound(.category(text))
        }
        return id
    }
}

/// `{"categories": [{"id", "name", "visible", "position", "noteCount"}]}`.
struct CategoryListBody: Encodable {
    var categories: [DiaryCategory]
}
