/// What a run page or request asks for: the film and up to four films to compare its pace with, read once here
/// for the pages, the API and the CLI.
public struct FilmRunQuery: Sendable, Hashable {
    /// Films one comparison takes besides the film itself.
    public static let maximumComparisons = 4

    public var movieCode: String
    /// Distinct codes, in the order given.
    public var versus: [String]

    /// Reads `versus` as given (`vs`, repeatable). Throws ``BoxOfficeError/notFound(_:)`` for a code that cannot
    /// be a movie's, and ``BoxOfficeError/invalid(_:)`` for a malformed, repeated-self or fifth comparison.
    public static func parsing(movieCode: String, versus: [String]) throws(BoxOfficeError) -> FilmRunQuery {
        guard MovieService.isPlausibleCode(movieCode) else { throw .notFound(.notAMovieCode(movieCode)) }
        return FilmRunQuery(movieCode: movieCode, versus: try comparisons(versus, besides: movieCode))
    }

    /// The distinct codes of `versus`, in the order given, blank ones skipped; throws as ``parsing(movieCode:versus:)``
    /// does. Without `movieCode` (the API reads its query before its path) a film compared with itself is not seen.
    public static func comparisons(_ versus: [String], besides movieCode: String? = nil) throws(BoxOfficeError)
        -> [String]
    {
        var codes: [String] = []
        for text in versus {
            let code = text.trimmingSpaces
            if code.isEmpty { continue }
            guard MovieService.isPlausibleCode(code) else { throw .invalid("vs", .movieCode, value: text) }
            guard code != movieCode else { throw .invalid("vs", .comparedWithItself, value: text) }
            if !codes.contains(code) { codes.append(code) }
        }
        guard codes.count <= maximumComparisons else {
            throw .invalid(
                "vs", .tooManyComparisons(limit: maximumComparisons, given: codes.count),
                value: codes.joined(separator: ", "))
        }
        return codes
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
