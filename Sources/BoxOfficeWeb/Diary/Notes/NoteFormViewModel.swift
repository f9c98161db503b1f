import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// The note form, for a new note (from a search hit, a chart row or a movie page) and for editing one.
struct NoteFormViewModel: Sendable {
    struct RadioOption: Sendable {
        var id: String
        var value: String
        var label: String
        var isChecked: Bool
    }

    struct HiddenField: Sendable {
        var name: String
        var value: String
    }

    /// A link to one of the user's other notes about the movie.
    struct ExistingNote: Sendable {
        var url: String
        var label: String
        var isSameDay: Bool
    }

    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var nav: DiaryNavViewModel
    var heading: String
    var action: String
    var submitLabel: String
    var cancelURL: String
    var csrf: String
    var errors: [String]
    var hasErrors: Bool
    var movieTitle: String
    var movieURL: String
    var movieDetails: String
    var hasMovieDetails: Bool
    var movieCode: String
    var chartLine: String
    var hasChart: Bool
    var title: String
    var titleLimit: Int
    var watchedOn: String
    var minDate: String
    var maxDate: String
    var memo: String
    var memoLimit: Int
    var chartDate: String
    var chartRank: String
    /// The edit form's `shown…` fields: what it showed, so a save changes only what the person changed.
    var shownFields: [HiddenField]
    var ratingOptions: [SelectOptionViewModel]
    var categoryOptions: [SelectOptionViewModel]
    var hasCategories: Bool
    var newCategoryURL: String
    var placeOptions: [RadioOption]
    var existing: [ExistingNote]
    var hasExisting: Bool
    var existingWarning: String

    enum Mode: Sendable {
        case new
        case edit(DiaryNote)
    }

    struct MovieFacts: Sendable {
        var code: String
        var title: String
        var year: Int?
        /// KOBIS's Korean words; the form shows them in the page's language.
        var genres: [String]
        var nations: [String]
        var directors: [String]

        init(movie: Movie) {
            code = movie.code
            title = movie.title
            year = movie.openDate?.year ?? movie.productionYear
            genres = movie.genres
            nations = movie.nations
            directors = movie.directors.map(\.name)
        }

        init(note: DiaryNote) {
            code = note.movieCode
            title = note.title
            year = note.movie.releaseYear
            genres = note.movie.genres
            nations = note.movie.nations
            directors = note.movie.directors
        }

        /// "2024 · 드라마, 범죄 · 한국 · 김감독" in the language of `vocabulary`.
        func details(_ vocabulary: KOBISVocabulary) -> String {
            [
                year.map(String.init) ?? "", vocabulary.names(genres, .genre).joined(separator: ", "),
                vocabulary.names(nations, .nation).joined(separator: ", "), directors.joined(separator: ", "),
            ]
            .filter { !$0.isEmpty }.joined(separator: " · ")
        }
    }

    init(
        environment: DiaryPageEnvironment, session: DiarySession, mode: Mode, movie: MovieFacts, input: NoteFormInput,
        categories: [DiaryCategory], existing: [DiaryNote], errors: [String]
    ) {
        let s = environment.strings
        self.s = s
        switch mode {
        case .new:
            heading = s.newNoteHeading(movie.title)
            action = environment.link("/notes")
            submitLabel = s.saveNote
            cancelURL = environment.link("/movies/\(movie.code)")
            nav = environment.navigation(session, active: .newNote)
        case .edit(let note):
            heading = s.editNoteHeading(note.title)
            action = environment.link("/notes/\(note.id.uuidString)/edit")
            submitLabel = s.saveChanges
            cancelURL = environment.link("/notes/\(note.id.uuidString)")
            nav = environment.navigation(session, active: .notes)
        }
        layout = environment.layout(title: heading)
        csrf = session.csrfToken
        self.errors = errors
        hasErrors = !errors.isEmpty
        movieTitle = movie.title
        movieURL = environment.link("/movies/\(movie.code)")
        movieDetails = movie.details(KOBISVocabulary.table(for: environment.language))
        hasMovieDetails = !movieDetails.isEmpty
        movieCode = movie.code
        if let day = CalendarDate(input.chartDate), let rank = Int(input.chartRank) {
            chartLine = s.chartSeen(rank: rank, date: day.isoString)
            hasChart = true
        } else {
            chartLine = ""
            hasChart = false
        }
        title = input.title
        titleLimit = DiaryValidation.titleLimit
        watchedOn = input.watchedOn
        minDate = DiaryValidation.earliestWatchedDate.isoString
        maxDate = environment.today.isoString
        memo = input.memo
        memoLimit = DiaryValidation.memoLimit
        chartDate = input.chartDate
        chartRank = input.chartRank
        shownFields =
            input.shown.map { shown in
                [
                    HiddenField(name: "shownTitle", value: shown.title),
                    HiddenField(name: "shownWatchedOn", value: shown.watchedOn),
                    HiddenField(name: "shownRating", value: shown.rating),
                    HiddenField(name: "shownCategory", value: shown.categoryId),
                    HiddenField(name: "shownPlace", value: shown.place),
                    HiddenField(name: "shownMemo", value: shown.memoDigest),
                ]
            } ?? []
        ratingOptions = DiaryFormatting.ratingOptions(selected: input.rating, strings: s)
        let chosenCategory = UUID(uuidString: input.categoryId)
        categoryOptions =
            [SelectOptionViewModel(value: "", label: s.noCategory, isSelected: chosenCategory == nil)]
            + categories.map { category in
                SelectOptionViewModel(
                    value: category.id.uuidString,
                    label: category.visible ? category.name : s.hiddenCategory(category.name),
                    isSelected: category.id == chosenCategory)
            }
        hasCategories = !categories.isEmpty
        newCategoryURL = environment.link("/categories")
        let place = input.place.lowercased()
        placeOptions = [
            RadioOption(id: "place-none", value: "", label: s.placeUnspecified, isChecked: place.isEmpty),
            RadioOption(id: "place-cinema", value: "cinema", label: s.placeCinema, isChecked: place == "cinema"),
            RadioOption(id: "place-home", value: "home", label: s.placeHome, isChecked: place == "home"),
        ]
        let day = CalendarDate(input.watchedOn)
        var editedID: UUID?
        if case .edit(let note) = mode { editedID = note.id }
        let others = existing.filter { $0.id != editedID }
        self.existing = others.map { note in
            var label = note.watchedOn.isoString
            if let rating = note.rating { label += " · \(DiaryFormatting.stars(rating))" }
            return ExistingNote(
                url: environment.link("/notes/\(note.id.uuidString)"), label: label, isSameDay: note.watchedOn == day)
        }
        hasExisting = !others.isEmpty
        existingWarning = s.existingNotes(others.count)
    }
}
