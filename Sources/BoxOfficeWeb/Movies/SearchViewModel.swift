import BoxOfficeCore
import BoxOfficeText
import Hummingbird

/// The search page: the form with the criteria as entered, the hits, and paging links.
struct SearchViewModel: Sendable {
    struct Hit: Sendable {
        /// The English title on English pages when KOBIS has one, else the Korean title.
        var title: String
        /// The page script's key for the reader's watchlist marks (`data-movie-code`).
        var movieCode: String
        /// The Korean title beside an English one, else `nil`.
        var titleBeside: String?
        var movieURL: String
        var details: String
        var directors: String
        var hasDirectors: Bool
    }

    var layout: LayoutViewModel
    var m: MoviePageStrings
    var title: String
    var director: String
    var year: String
    var hasCriteria: Bool
    var hits: [Hit]
    var hasHits: Bool
    var rangeLabel: String
    var previousPageURL: String
    var nextPageURL: String
    var hasPreviousPage: Bool
    var hasNextPage: Bool
    var hiddenFields: [HiddenFieldViewModel]

    init(query: MovieSearchQuery, page: MovieSearchPage, isSampleData: Bool, language: Language, request: Request) {
        let m = MoviePageStrings.table(for: language)
        let vocabulary = KOBISVocabulary.table(for: language)
        self.m = m
        let criteria = [query.title, query.director, query.year.map(String.init)].compactMap { $0 }.joined(
            separator: " · ")
        layout = LayoutViewModel(
            request: request, language: language, pageTitle: m.searchPageTitle(criteria), isSampleData: isSampleData,
            section: .none)
        title = query.title ?? ""
        director = query.director ?? ""
        year = query.year.map(String.init) ?? ""
        hasCriteria = !query.isEmpty
        let explicitLanguage = Language.explicitParameter(in: request)?.rawValue
        hits = page.movies.map { movie in
            let shown = LeadingName(korean: movie.title, english: movie.titleEnglish, language: language)
            let year = movie.openDate.map { String($0.year) } ?? movie.productionYear.map(String.init)
            let details = [
                year, vocabulary.names(movie.nations, .nation).joined(separator: ", "),
                vocabulary.names(movie.genres, .genre).joined(separator: ", "),
                movie.type.isEmpty ? nil : vocabulary.name(movie.type, .movieType),
            ]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
            return Hit(
                title: shown.name, movieCode: movie.code, titleBeside: shown.beside,
                movieURL: LinkBuilder.link("/movies/" + movie.code, [("lang", explicitLanguage)]),
                details: details, directors: movie.directors.joined(separator: ", "),
                hasDirectors: !movie.directors.isEmpty)
        }
        hasHits = !hits.isEmpty
        let first = (page.page - 1) * page.perPage + 1
        let last = min(page.totalCount, first + page.movies.count - 1)
        rangeLabel = hasHits ? m.rangeLabel(first: first, last: last, total: page.totalCount) : ""
        func link(toPage number: Int) -> String {
            LinkBuilder.link(
                "/movies",
                [
                    ("q", query.title), ("director", query.director), ("year", query.year.map(String.init)),
                    ("page", number > 1 ? String(number) : nil), ("lang", explicitLanguage),
                ])
        }
        hasPreviousPage = page.page > 1
        hasNextPage = page.hasNextPage && hasHits
        previousPageURL = link(toPage: page.page - 1)
        nextPageURL = link(toPage: page.page + 1)
        hiddenFields = explicitLanguage.map { [HiddenFieldViewModel(name: "lang", value: $0)] } ?? []
    }
}
