import BoxOfficeCore
import Foundation
import Hummingbird

/// `listCategories`, `createCategory`, `updateCategory` and `deleteCategory`: the user's categories. Another user's
/// category, or an id that is not one, answers 404.
struct CategoryAPIHandler: Sendable {
    let notes: DiaryNoteService

    static let rules = [
        APIOperationRule(
            Operations.DeleteCategory.id,
            query: { query, _ in
                _ = try CategoryDeleteParameters(notes: query.nonEmpty("notes"), to: query.nonEmpty("to"))
            })
    ]

    func listCategories(_: Operations.ListCategories.Input) async throws -> Operations.ListCategories.Output {
        let categories = try await notes.categories(for: try DiaryAPIUser.get())
        return .ok(.init(body: .json(.init(categories: categories.map(Components.Schemas.DiaryCategory.init)))))
    }

    func createCategory(_ input: Operations.CreateCategory.Input) async throws -> Operations.CreateCategory.Output {
        let user = try DiaryAPIUser.get()
        let new =
            switch input.body {
            case .json(let body): body
            }
        let category = try await notes.createCategory(name: new.name, visible: new.visible ?? true, for: user)
        return .created(
            .init(
                headers: .init(location: "/api/v1/categories/\(category.id.uuidString)"),
                body: .json(.init(category))))
    }

    func updateCategory(_ input: Operations.UpdateCategory.Input) async throws -> Operations.UpdateCategory.Output {
        let user = try DiaryAPIUser.get()
        let id = try Self.categoryID(input.path.id)
        let sent =
            switch input.body {
            case .json(let body): body
            }
        // `null` is the same as leaving a field out.
        let changes = CategoryChanges(name: sent.name, visible: sent.visible, position: sent.position)
        guard changes != CategoryChanges() else {
            throw BoxOfficeError.invalid(nil, .nothingToChange(["name", "visible", "position"]))
        }
        return .ok(.init(body: .json(.init(try await notes.updateCategory(id: id, changes: changes, for: user)))))
    }

    func deleteCategory(_ input: Operations.DeleteCategory.Input) async throws -> Operations.DeleteCategory.Output {
        let user = try DiaryAPIUser.get()
        let id = try Self.categoryID(input.path.id)
        let parameters = try CategoryDeleteParameters(notes: input.query.notes?.rawValue, to: input.query.to)
        try await notes.deleteCategory(id: id, notes: parameters.disposition, for: user)
        return .noContent(.init())
    }

    /// The `{id}` path parameter; anything but a UUID is a category that does not exist.
    static func categoryID(_ text: String) throws(DiaryError) -> UUID {
        guard let id = UUID(uuidString: text) else { throw .notFound(.category(text)) }
        return id
    }
}

extension Components.Schemas.DiaryCategory {
    init(_ category: BoxOfficeCore.DiaryCategory) {
        self.init(
            id: category.id.uuidString, name: category.name, visible: category.visible, position: category.position,
            noteCount: category.noteCount)
    }
}
