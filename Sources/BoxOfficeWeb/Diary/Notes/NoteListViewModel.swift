import BoxOfficeCore
import Foundation
import Hummingbird

/// The notes list, overall or in one category: tabs per category, sort and filter form, one page of notes,
/// paging, and an empty state that says what to do first.
struct NoteListViewModel: Sendable {
    /// Notes on one page of the list (`perPage` in the address may choose 1–200).
    static let defaultPerPage = 20

    struct Row: Sendable {
        var title: String
        var url: String
        var watchedOn: String
        var stars: String
        var ratingLabel: String
        var hasRating: Bool
        var category: String
        var hasCategory: Bool
        var place: String
        var hasPlace: Bool
        var releaseYear: String
        var hasReleaseYear: Bool
        var excerpt: String
        var hasExcerpt: Bool
    }

    struct Tab: Sendable {
        var label: String
        var url: String
        var isActive: Bool
    }

    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var nav: DiaryNavViewModel
    var flash: String?
    var heading: String
    var tabs: [Tab]
    var hasTabs: Bool
    var action: String
    var sortOptions: [SelectOptionViewModel]
    var orderOptions: [SelectOptionViewModel]
    var ratingOptions: [SelectOptionViewModel]
    var categoryOptions: [SelectOptionViewModel]
    var year: String
    var maxYear: Int
    var hiddenFields: [HiddenFieldViewModel]
    var rows: [Row]
    var hasRows: Bool
    var summary: String
    /// No notes at all yet: the guide for a new user.
    var isNewDiary: Bool
    /// Notes exist, but none match the filters.
    var isFilteredEmpty: Bool
    var clearURL: String
    var newNoteURL: String
    var dailyURL: String
    var categoriesURL: String
    var importURL: String
    var hasCategoriesToMake: Bool
    var previousURL: String
    var nextURL: String
    var hasPrevious: Bool
    var hasNext: Bool
    var pageLabel: String
    var hasPaging: Bool

    init(
        environment: DiaryPageEnvironment, session: DiarySession, query: NoteListQuery, page: NotePage,
        categories: [DiaryCategory], hasAnyNote: Bool, flash: String?
    ) {
        let s = environment.strings
        self.s = s
        nav = environment.navigation(session, active: .notes)
        self.flash = flash
        let filter = query.filter
        let names = Dictionary(categories.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        switch filter.category {
        case .category(let id)?: heading = s.notesInCategory(names[id] ?? "")
        case .uncategorized?: heading = s.uncategorizedNotes
        case nil: heading = s.notesTitle
        }
        layout = environment.layout(title: heading)

        // Everything the list is showing, so links keep it while changing one thing.
        let categoryValue: String?
        switch filter.category {
        case .category(let id)?: categoryValue = id.uuidString
        case .uncategorized?: categoryValue = "none"
        case nil: categoryValue = nil
        }
        let sortValue =
            query.sort.field == .watchedOn && query.sort.ascending == false ? nil : query.sort.field.rawValue
        let orderValue =
            query.sort.ascending == query.sort.field.defaultAscending ? nil : (query.sort.ascending ? "asc" : "desc")
        // Filters the form has no field for (the API's parameters, typed into the address) are kept too.
        let extra: [(name: String, value: String?)] = [
            ("releaseYear", filter.releaseYear.map(String.init)), ("minRating", filter.minRating?.description),
            ("movie", filter.movieCode),
            ("perPage", query.perPage == Self.defaultPerPage ? nil : String(query.perPage)),
        ]
        let state: [(name: String, value: String?)] =
            [
                ("sort", sortValue), ("order", orderValue), ("year", filter.year.map(String.init)),
                ("rating", filter.rating?.description),
            ] + extra
        func link(category: String?, page: Int? = nil) -> String {
            environment.link(
                "/notes", [("category", category)] + state + [("page", page.flatMap { $0 > 1 ? String($0) : nil })])
        }
        tabs =
            [Tab(label: s.allNotes, url: link(category: nil), isActive: filter.category == nil)]
            + categories.filter(\.visible).map { category in
                Tab(
                    label: s.tabLabel(category.name, count: category.noteCount),
                    url: link(category: category.id.uuidString),
                    isActive: filter.category == .category(category.id))
            }
            + [Tab(label: s.uncategorized, url: link(category: "none"), isActive: filter.category == .uncategorized)]
        hasTabs = !categories.isEmpty

        action = "/notes"
        sortOptions = NoteSort.Field.allCases.map { field in
            SelectOptionViewModel(
                value: field.rawValue, label: s.sortLabel(field), isSelected: field == query.sort.field)
        }
        orderOptions = [
            SelectOptionViewModel(value: "", label: s.orderDefault, isSelected: orderValue == nil),
            SelectOptionViewModel(value: "asc", label: s.orderAscending, isSelected: orderValue == "asc"),
            SelectOptionViewModel(value: "desc", label: s.orderDescending, isSelected: orderValue == "desc"),
        ]
        ratingOptions =
            [SelectOptionViewModel(value: "", label: s.anyRating, isSelected: filter.rating == nil)]
            + (1...10).reversed().map { halves in
                let rating = StarRating(halves: halves)!
                return SelectOptionViewModel(
                    value: rating.description, label: "\(rating.description) \(DiaryFormatting.stars(rating))",
                    isSelected: filter.rating == rating)
            }
        categoryOptions =
            [
                SelectOptionViewModel(value: "", label: s.allCategories, isSelected: filter.category == nil),
                SelectOptionViewModel(
                    value: "none", label: s.uncategorized, isSelected: filter.category == .uncategorized),
            ]
            + categories.map { category in
                SelectOptionViewModel(
                    value: category.id.uuidString,
                    label: category.visible ? category.name : s.hiddenCategory(category.name),
                    isSelected: filter.category == .category(category.id))
            }
        year = filter.year.map(String.init) ?? ""
        maxYear = environment.today.year
        hiddenFields =
            extra.compactMap { item in item.value.map { HiddenFieldViewModel(name: item.name, value: $0) } }
            + (environment.explicitLanguage.map { [HiddenFieldViewModel(name: "lang", value: $0)] } ?? [])

        rows = page.notes.map { note in
            let category = note.categoryId.flatMap { names[$0] }
            return Row(
                title: note.title, url: environment.link("/notes/\(note.id.uuidString)"),
                watchedOn: note.watchedOn.isoString,
                stars: note.rating.map(DiaryFormatting.stars) ?? "",
                ratingLabel: note.rating.map { DiaryFormatting.ratingLabel($0, strings: s) } ?? "",
                hasRating: note.rating != nil, category: category ?? "", hasCategory: category != nil,
                place: note.place.map { DiaryFormatting.place($0, strings: s) } ?? "", hasPlace: note.place != nil,
                releaseYear: note.movie.releaseYear.map(String.init) ?? "",
                hasReleaseYear: note.movie.releaseYear != nil,
                excerpt: DiaryFormatting.excerpt(note.memo), hasExcerpt: !note.memo.isEmpty)
        }
        hasRows = !rows.isEmpty
        summary = s.noteCount(page.total)
        isNewDiary = !hasAnyNote
        isFilteredEmpty = hasAnyNote && rows.isEmpty
        clearURL = environment.link("/notes")
        newNoteURL = environment.link("/notes/new")
        dailyURL = environment.link("/daily")
        categoriesURL = environment.link("/categories")
        importURL = environment.link("/import-export")
        hasCategoriesToMake = categories.isEmpty
        previousURL = link(category: categoryValue, page: page.page - 1)
        nextURL = link(category: categoryValue, page: page.page + 1)
        hasPrevious = page.page > 1
        hasNext = page.hasNextPage
        pageLabel = s.pageOf(page.page, page.pageCount)
        hasPaging = page.pageCount > 1 || page.page > 1
    }
}
