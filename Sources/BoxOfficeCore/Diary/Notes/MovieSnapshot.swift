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

    /// A snapshot of these details, kept within ``Bounds``: what a diary file says is taken as it is, so one note
    /// could otherwise hold a title of any length and any number of names, each name a row of the statistics.
    public init(
        releaseYear: Int? = nil, titleEnglish: String = "", genres: [String] = [], nations: [String] = [],
        directors: [String] = []
    ) {
        self.releaseYear = releaseYear.flatMap { Bounds.releaseYears.contains($0) ? $0 : nil }
        // A title of many combining marks is cut to the scalars a snapshot holds, as the names are.
        let line = Bounds.line(titleEnglish, limit: Bounds.titleEnglishLimit)
        let titleEnglish = String(String.UnicodeScalarView(line.unicodeScalars.prefix(Bounds.textScalars)))
        self.titleEnglish = titleEnglish
        var room = Bounds.textScalars - titleEnglish.unicodeScalars.count
        // The first nation is the film's origin (Korean or foreign), so it has room before the genres; without it
        // no other nation is kept, as none may stand in for it.
        let origin = Bounds.names(nations, keeping: 1, room: &room)
        self.genres = Bounds.names(genres, keeping: Bounds.genresKept, room: &room)
        self.nations =
            origin.isEmpty ? [] : Bounds.names(nations, keeping: Bounds.nationsKept, room: &room, after: origin)
        self.directors = Bounds.names(directors, keeping: Bounds.directorsKept, room: &room)
    }

    /// A snapshot as the store kept it, read back unchanged: it was bounded when written (or written before the
    /// bounds), and the statistics' counts made from it must come off exactly when the note changes.
    public init(
        stored releaseYear: Int?, titleEnglish: String, genres: [String], nations: [String], directors: [String]
    ) {
        self.releaseYear = releaseYear
        self.titleEnglish = titleEnglish
        self.genres = genres
        self.nations = nations
        self.directors = directors
    }

    /// What a snapshot keeps: far more than any film KOBIS lists has (an omnibus film's directors included), so
    /// real details pass whole; a file's extra names are dropped and long texts cut, never refused.
    public enum Bounds {
        /// The most genres kept (KOBIS lists about 20 in all).
        public static let genresKept = 10
        /// The most nations kept.
        public static let nationsKept = 20
        /// The most directors kept (an omnibus film's included).
        public static let directorsKept = 30
        /// The longest genre, nation or director name, in characters.
        public static let nameLimit = 100
        /// The longest English title, in characters.
        public static let titleEnglishLimit = 300
        /// The most Unicode scalars a snapshot's texts hold together (the English title, then the names in order):
        /// an omnibus film's 30 directors fit several times over, while a file's notes cannot each carry 60 names
        /// of 100 characters (6 GB in a diary of 100,000 notes, past the bound on its memos).
        public static let textScalars = 1_000
        /// The years kept as a release year; any other is none.
        public static let releaseYears = 1800...9999

        /// `text` cut to `limit` characters without control characters, as KOBIS's own text is read (a name is one
        /// line); only the kept part is read, however long the text, and a character of endless combining marks is
        /// cut too (``DiaryValidation/scalarsPerCharacter``).
        static func line(_ text: String, limit: Int) -> String {
            let scalars = text.unicodeScalars.prefix(limit * DiaryValidation.scalarsPerCharacter)
            return String(String(String.UnicodeScalarView(scalars)).withoutControlCharacters.prefix(limit))
        }

        /// The first `count` distinct names that are not blank, each cut to ``nameLimit``, while they fit in `room`
        /// (scalars, taken from it); the first that does not fit ends the list. `kept` is its start, already paid.
        static func names(
            _ names: [String], keeping count: Int, room: inout Int, after kept: [String] = []
        ) -> [String] {
            var kept = kept
            for name in names where kept.count < count {
                let line = line(name, limit: nameLimit)
                guard !line.allSatisfy(\.isWhitespace), !kept.contains(line) else { continue }
                let scalars = line.unicodeScalars.count
                guard scalars <= room else { break }
                room -= scalars
                kept.append(line)
            }
            return kept
        }
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
