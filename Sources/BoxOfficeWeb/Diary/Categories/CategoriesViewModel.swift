import BoxOfficeCore
import Foundation
import Hummingbird

/// The categories page: the user's categories in order, each with rename, move up/down, hide/show and
/// delete; a form to add one; an empty state that explains what categories are for.
struct CategoriesViewModel: Sendable {
    struct Row: Sendable {
        var id: String
        var name: String
        /// What the rename field holds: the name, or what was typed when a rename was refused.
        var renameValue: String
        var notesURL: String
        var noteCount: String
        var isHidden: Bool
        var renameAction: String
        var renameLabel: String
        var moveAction: String
        var moveUpLabel: String
        var moveDownLabel: String
        var canMoveUp: Bool
        var canMoveDown: Bool
        var visibilityAction: String
        var visibilityValue: String
        var visibilityLabel: String
        var deleteURL: String
        var deleteLabel: String
    }

    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var nav: DiaryNavViewModel
    var csrf: String
    var flash: String?
    var errors: [String]
    var hasErrors: Bool
    var rows: [Row]
    var hasRows: Bool
    var createAction: String
    var newName: String
    var nameLimit: Int

    init(
        environment: DiaryPageEnvironment, session: DiarySession, categories: [DiaryCategory], flash: String? = nil,
        errors: [String] = [], newName: String = "", rename: (id: UUID, value: String)? = nil
    ) {
        let s = environment.strings
        self.s = s
        layout = environment.layout(title: s.categoriesTitle)
        nav = environment.navigation(session, active: .categories)
        csrf = session.csrfToken
        self.flash = flash
        self.errors = errors
        hasErrors = !errors.isEmpty
        let last = categories.count - 1
        rows = categories.enumerated().map { index, category in
            let base = "/categories/\(category.id.uuidString)"
            return Row(
                id: category.id.uuidString, name: category.name,
                renameValue: rename?.id == category.id ? rename!.value : category.name,
                notesURL: environment.link("/notes", [("category", category.id.uuidString)]),
                noteCount: s.noteCount(category.noteCount), isHidden: !category.visible,
                renameAction: environment.link(base + "/rename"), renameLabel: s.renameCategory(category.name),
                moveAction: environment.link(base + "/move"), moveUpLabel: s.moveUp(category.name),
                moveDownLabel: s.moveDown(category.name), canMoveUp: index > 0, canMoveDown: index < last,
                visibilityAction: environment.link(base + "/visibility"),
                visibilityValue: category.visible ? "false" : "true",
                visibilityLabel: category.visible ? s.hide : s.show, deleteURL: environment.link(base + "/delete"),
                deleteLabel: s.deleteCategoryLabel(category.name))
        }
        hasRows = !rows.isEmpty
        createAction = environment.link("/categories")
        self.newName = newName
        nameLimit = DiaryValidation.categoryNameLimit
    }
}

/// "Delete the category X? Its N notes: keep without a category / move to … / delete too."
struct CategoryDeleteViewModel: Sendable {
    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var nav: DiaryNavViewModel
    var csrf: String
    var question: String
    var hasNotes: Bool
    var notesQuestion: String
    var targets: [SelectOptionViewModel]
    var hasTargets: Bool
    var choice: String
    var isUncategorize: Bool
    var isMove: Bool
    var isDelete: Bool
    var errors: [String]
    var hasErrors: Bool
    var action: String
    var cancelURL: String

    init(
        environment: DiaryPageEnvironment, session: DiarySession, category: DiaryCategory, others: [DiaryCategory],
        choice: String = "uncategorize", target: String = "", errors: [String] = []
    ) {
        let s = environment.strings
        self.s = s
        layout = environment.layout(title: s.deleteCategoryTitle)
        nav = environment.navigation(session, active: .categories)
        csrf = session.csrfToken
        question = s.deleteCategoryQuestion(category.name)
        hasNotes = category.noteCount > 0
        notesQuestion = s.deleteCategoryNotesQuestion(category.noteCount)
        targets = others.map {
            SelectOptionViewModel(value: $0.id.uuidString, label: $0.name, isSelected: $0.id.uuidString == target)
        }
        hasTargets = !others.isEmpty
        self.choice = choice
        isUncategorize = choice == "uncategorize"
        isMove = choice == "move"
        isDelete = choice == "delete"
        self.errors = errors
        hasErrors = !errors.isEmpty
        action = environment.link("/categories/\(category.id.uuidString)/delete")
        cancelURL = environment.link("/categories")
    }
}
