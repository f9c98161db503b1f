import KOBIS

/// What a note remembers about its movie, copied from KOBIS when the note was made, so lists can be
/// sorted and statistics computed without calling KOBIS again.
public struct MovieSnapshot: Codable, Hashable, Sendable {
    /// The year the movie opened in Korea, else its production year.
    public var releaseYear: Int?
    public var titleEnglish: String
    public var genres: [String]
    /// The nations in KOBIS's order; the first is the representative one.
    public var nations: [String]
    public var directors: [String]

    public init(
        releaseYear: Int? = nil, titleEnglish: String = "", genres: [String] = [], nations: [String] = [],
        directors: [String] = []
    ) {
        self.releaseYear = releaseYear
        self.titleEnglish = titleEnglish
        self.genres = genres
        self.nations = nations
        self.directors = directors
    }

    /// The snapshot of a movie's details.
    public init(_ movie: Movie) {
        self.init(
            releaseYear: movie.openDate?.year ?? movie.productionYear, titleEnglish: movie.titleEnglish,
            genres: movie.genres, nations: movie.nations, directors: movie.directors.map(\.name))
    }

    /// The snapshot of a search hit (movie lists carry everything the diary needs).
    public init(_ summary: MovieSummary) {
        self.init(
            releaseYear: summary.openDate?.year ?? summary.productionYear, titleEnglish: summary.titleEnglish,
            genres: summary.genres, nations: summary.nations, directors: summary.directors)
    }

    /// KOBIS names Korea `한국`; the first nation is the representative one, as in KOBIS's K/F filter.
    public static let koreaName = KOBISWireVocabulary.koreaNationName

    /// Whether the representative nation is Korea; `nil` when KOBIS gave no nation.
    public var isKorean: Bool? { nations.first.map { $0 == Self.koreaName } }
}
