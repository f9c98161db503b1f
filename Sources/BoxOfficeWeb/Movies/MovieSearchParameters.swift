import BoxOfficeCore
import Hummingbird

/// The query parameters of movie search (`q`, `director`, `year`, `page`), validated in one place.
struct MovieSearchParameters: Sendable, Equatable {
    var query: MovieSearchQuery

    /// Parses the parameters as the API and the CLI do (``MovieSearchQuery/parsing(title:director:year:page:)``);
    /// throws ``BoxOfficeError/invalid(_:)`` (a 400) naming the bad value.
    init(_ parameters: Parameters) throws(BoxOfficeError) {
        query = try MovieSearchQuery.parsing(
            title: parameters.nonEmpty("q"), director: parameters.nonEmpty("director"),
            year: parameters.nonEmpty("year"), page: parameters.nonEmpty("page"))
    }
}
