import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// `GET /categories`, `POST /categories` (create), `GET /categories/{id}` (its notes),
/// `POST /categories/{id}/rename`, `…/move` (`direction=up|down`), `…/visibility` (`visible=true|false`),
/// `GET/POST /categories/{id}/delete` (asking what happens to its notes: keep without a category, move, delete).
/// Another user's category answers 404.
struct CategoriesController<Context: DiarySessionContext>: Sendable {
    let notes: DiaryNoteService
    let site: PageSite
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("categories") { request, context in
            let environment = DiaryPageEnvironment(request: request, site: site)
            let flash: String?
            switch request.formParameters.nonEmpty("done") {
            case "created": flash = environment.strings.categoryCreated
            case "deleted": flash = environment.strings.categoryDeleted
            default: flash = nil
            }
            return try await render(environment, session: try context.requireSession(), flash: flash)
        }
        group.post("categories") { request, context in try await create(request, context: context) }
        group.get("categories/{id}") { request, context in
            let session = try context.requireSession()
            let category = try await notes.category(id: try CategoryForms.id(context), for: session.user)
            return DiaryPageEnvironment(request: request, site: site)
                .redirect("/notes", [("category", category.id.uuidString)])
        }
        group.post("categories/{id}/rename") { request, context in try await rename(request, context: context) }
        group.post("categories/{id}/move") { request, context in try await move(request, context: context) }
        group.post("categories/{id}/visibility") { request, context in
            let session = try context.requireSession()
            let id = try CategoryForms.id(context)
            let visible: Bool
            switch try context.form.decode(CategoryForms.Visibility.self).visible {
            case "true": visible = true
            case "false": visible = false
            default: throw BoxOfficeError.invalid("visible", .type(.boolean))
            }
            _ = try await notes.updateCategory(
                id: id, changes: CategoryChanges(visible: visible), for: session.user)
            return DiaryPageEnvironment(request: request, site: site).redirect("/categories")
        }
        group.get("categories/{id}/delete") { request, context in
            let session = try context.requireSession()
            let category = try await notes.category(id: try CategoryForms.id(context), for: session.user)
            return try await renderDelete(
                DiaryPageEnvironment(request: request, site: site), session: session, category: category)
        }
        group.post("categories/{id}/delete") { request, context in try await delete(request, context: context) }
    }

    func create(_ request: Request, context: Context) async throws -> Response {
        let environment = DiaryPageEnvironment(request: request, site: site)
        let session = try context.requireSession()
        let name = try context.form.decode(CategoryForms.Name.self).name
        if let problem = CategoryForms.problem(with: name, strings: environment.strings) {
            return try await render(
                environment, session: session, errors: [problem], newName: name, status: .badRequest)
        }
        do {
            _ = try await notes.createCategory(name: name, for: session.user)
        } catch DiaryError.conflict(let conflict) {
            return try await render(
                environment, session: session, errors: [ReasonText(environment.language).conflict(conflict)],
                newName: name,
                status: .conflict)
        } catch BoxOfficeError.invalid(let problem) {
            // The diary's limit on categories (the name's own rules were checked above).
            return try await render(
                environment, session: session, errors: [ReasonText(environment.language).input(problem)],
                newName: name, status: .badRequest)
        }
        return environment.redirect("/categories", [("done", "created")])
    }

    func rename(_ request: Request, context: Context) async throws -> Response {
        let environment = DiaryPageEnvironment(request: request, site: site)
        let session = try context.requireSession()
        let id = try CategoryForms.id(context)
        // 404 before anything else for a category that is not the user's.
        _ = try await notes.category(id: id, for: session.user)
        let name = try context.form.decode(CategoryForms.Name.self).name
        if let problem = CategoryForms.problem(with: name, strings: environment.strings) {
            return try await render(
                environment, session: session, errors: [problem], rename: (id, name), status: .badRequest)
        }
        do {
            _ = try await notes.updateCategory(id: id, changes: CategoryChanges(name: name), for: session.user)
        } catch DiaryError.conflict(let conflict) {
            return try await render(
                environment, session: session, errors: [ReasonText(environment.language).conflict(conflict)],
                rename: (id, name),
                status: .conflict)
        }
        return environment.redirect("/categories")
    }

    func move(_ request: Request, context: Context) async throws -> Response {
        let session = try context.requireSession()
        let id = try CategoryForms.id(context)
        let categories = try await notes.categories(for: session.user)
        guard let index = categories.firstIndex(where: { $0.id == id }) else {
            throw DiaryError.notFound(.category(id.uuidString))
        }
        let target: Int
        switch try context.form.decode(CategoryForms.Move.self).direction {
        case "up": target = index - 1
        case "down": target = index + 1
        default: throw BoxOfficeError.invalid("direction", .oneOf(["up", "down"]))
        }
        if categories.indices.contains(target) {
            _ = try await notes.updateCategory(
                id: id, changes: CategoryChanges(position: target), for: session.user)
        }
        return DiaryPageEnvironment(request: request, site: site).redirect("/categories")
    }

    func delete(_ request: Request, context: Context) async throws -> Response {
        let environment = DiaryPageEnvironment(request: request, site: site)
        let s = environment.strings
        let session = try context.requireSession()
        let category = try await notes.category(id: try CategoryForms.id(context), for: session.user)
        let form = try context.form.decode(CategoryForms.Delete.self)
        let choice = form.notes ?? (category.noteCount == 0 ? "uncategorize" : "")
        let targetText = form.target ?? ""
        let disposition: CategoryNotesDisposition
        switch choice {
        case "uncategorize": disposition = .uncategorize
        case "delete": disposition = .delete
        case "move":
            let categories = try await notes.categories(for: session.user)
            guard let target = UUID(uuidString: targetText), target != category.id,
                categories.contains(where: { $0.id == target })
            else {
                return try await renderDelete(
                    environment, session: session, category: category, choice: choice, target: targetText,
                    errors: [s.moveTargetRequired], status: .badRequest)
            }
            disposition = .move(to: target)
        default:
            return try await renderDelete(
                environment, session: session, category: category, choice: "", target: targetText,
                errors: [s.deleteChoiceRequired], status: .badRequest)
        }
        try await notes.deleteCategory(id: category.id, notes: disposition, for: session.user)
        return environment.redirect("/categories", [("done", "deleted")])
    }

    private func render(
        _ environment: DiaryPageEnvironment, session: DiarySession, flash: String? = nil, errors: [String] = [],
        newName: String = "", rename: (id: UUID, value: String)? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let categories = try await notes.categories(for: session.user)
        let viewModel = CategoriesViewModel(
            environment: environment, session: session, categories: categories, flash: flash, errors: errors,
            newName: newName, rename: rename)
        return try renderer.render(viewModel, template: "diary_categories", status: status)
    }

    private func renderDelete(
        _ environment: DiaryPageEnvironment, session: DiarySession, category: DiaryCategory,
        choice: String = "uncategorize", target: String = "", errors: [String] = [], status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let others = try await notes.categories(for: session.user).filter { $0.id != category.id }
        let viewModel = CategoryDeleteViewModel(
            environment: environment, session: session, category: category, others: others, choice: choice,
            target: target,
            errors: errors)
        return try renderer.render(viewModel, template: "diary_category_delete", status: status)
    }
}
