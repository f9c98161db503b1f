import Foundation

/// What a poster search knows about a movie: its titles and a year to tell remakes apart.
public struct PosterQuery: Hashable, Sendable {
    public var code: String
    public var title: String
    public var titleEnglish: String
    public var titleOriginal: String
    /// The opening year, else the production year.
    public var year: Int?

    public init(code: String, title: String, titleEnglish: String = "", titleOriginal: String = "", year: Int? = nil) {
        self.code = code
        self.title = title
        self.titleEnglish = titleEnglish
        self.titleOriginal = titleOriginal
        self.year = year
    }

    /// The query for a movie from KOBIS.
    public init(movie: Movie) {
        self.init(
            code: movie.code, title: movie.title, titleEnglish: movie.titleEnglish, titleOriginal: movie.titleOriginal,
            year: movie.openDate?.year ?? movie.productionYear)
    }

    /// The distinct non-empty titles to try, most specific first.
    public var titlesToTry: [String] {
        var seen = Set<String>()
        return [title, titleOriginal, titleEnglish]
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
