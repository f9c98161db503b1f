import BoxOfficeCore
import Hummingbird

/// The query parameters of movie search (`q`, `director`, `year`, `page`), validated in one place.
struct MovieSearchParameters: Sendable, Equatable {
    static let earliestYear = 1900
    static let latestYear = 2100
    static let maximumPage = 10_000

    var query: MovieSearchQuery

    /// Parses the parameters; throws ``BoxOfficeError/invalid(_:)`` (a 400) naming the bad value.
    init(_ parameters: Parameters) throws(BoxOfficeError) {
        var year: Int?
        if let text = parameters.nonEmpty("year") {
            guard let parsed = Int(text), (Self.earliestYear...Self.latestYear).contains(parsed) else {
                throw .invalid("year", .year(Self.earliestYear...Self.latestYear), value: text)
            }
            year = parsed
        }
        var page = 1
        if let text = parameters.nonEmpty("page") {
            // Bounded, so page arithmetic (offsets, "results 11–20") can never overflow.
            guard let parsed = Int(text), (1...Self.maximumPage).contains(parsed) else {
                throw .invalid("page", .wholeNumber(1...Self.maximumPage), value: text)
            }
            page = parsed
        }
        query = MovieSearchQuery(
            title: parameters.nonEmpty("q"), director: parameters.nonEmpty("director"), year: year, page: page)
    }
}
