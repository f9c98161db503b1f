import BoxOfficeCore
import Hummingbird

/// The search box in the page header.
struct SearchBoxViewModel: Sendable {
    var label: String
    var placeholder: String
    var button: String
    var query: String
    var language: String?

    init(language: Language, request: Request) {
        let m = MoviePageStrings.table(for: language)
        label = m.searchLabel
        placeholder = m.searchPlaceholder
        button = m.searchButton
        query = request.uri.path == "/movies" ? (request.formParameters.nonEmpty("q") ?? "") : ""
        self.language = Language.explicitParameter(in: request)?.rawValue
    }
}
