/// The files a watchlist imports from: `POST /api/v1/watchlist/import?format=letterboxd` (a diary's JSON file
/// carries its watchlist too, imported with the diary).
public enum WatchlistImportFormat: String, CaseIterable, Hashable, Sendable {
    /// Letterboxd's `watchlist.csv`: `Date,Name,Year,Letterboxd URI` (``LetterboxdWatchlistCodec``).
    case letterboxd

    /// Parses `letterboxd` (any case); a missing or other value is a 400 naming the choices.
    public init(parameter: String?) throws(BoxOfficeError) {
        guard let parameter, !parameter.isEmpty else { throw .invalid("format", .required) }
        guard let format = Self(rawValue: parameter.lowercased()) else {
            throw .invalid("format", .oneOf(Self.allCases.map(\.rawValue)), value: parameter)
        }
        self = format
    }
}
