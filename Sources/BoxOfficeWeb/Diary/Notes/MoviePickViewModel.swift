import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// `/notes/new` without a movie: find the movie first (KOBIS search), then write the note.
struct MoviePickViewModel: Sendable {
    struct Hit: Sendable {
        /// The English title on English pages when KOBIS has one, else the Korean title.
        var title: String
        /// The Korean title beside an English one, else `nil`.
        var titleBeside: String?
        var details: String
        var addURL: String
        var addLabel: String
    }

    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var nav: DiaryNavViewModel
    var query: String
    var hasQuery: Bool
    var hits: [Hit]
    var hasHits: Bool
    var summary: String
    var hiddenFields: [HiddenFieldViewModel]
    var dailyURL: String
    var previousURL: String
    var nextURL: String
    var hasPrevious: Bool
    var hasNext: Bool

    init(environment: DiaryPageEnvironment, session: DiarySession, query: String, page: MovieSearchPage?) {
        let s = environment.strings
        self.s = s
        layout = environment.layout(title: s.pickMovieTitle)
        nav = environment.navigation(session, active: .newNote)
        self.query = query
        hasQuery = !query.isEmpty
        let vocabulary = KOBISVocabulary.table(for: environment.language)
        hits = (page?.movies ?? []).map { movie in
            let year = movie.openDate.map { String($0.year) } ?? movie.productionYear.map(String.init)
            let details = [
                year, vocabulary.names(movie.nations, .nation).joined(separator: ", "),
                vocabulary.names(movie.genres, .genre).joined(separator: ", "), movie.directors.joined(separator: ", "),
            ]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
            let shown = LeadingName(korean: movie.title, english: movie.titleEnglish, language: environment.language)
            return Hit(
                title: shown.name, titleBeside: shown.beside, details: details,
                addURL: environment.link("/notes/new", [("movie", movie.code)]), addLabel: s.writeNoteAbout(shown.name))
        }
        hasHits = !hits.isEmpty
        summary = page.map { s.searchHits($0.totalCount) } ?? ""
        hiddenFields = environment.explicitLanguage.map { [HiddenFieldViewModel(name: "lang", value: $0)] } ?? []
        dailyURL = environment.link("/daily")
        let number = page?.page ?? 1
        previousURL = environment.link("/notes/new", [("q", query), ("page", number > 2 ? String(number - 1) : nil)])
        nextURL = environment.link("/notes/new", [("q", query), ("page", String(number + 1))])
        hasPrevious = number > 1
        hasNext = page?.hasNextPage ?? false
    }
}
