/// The files a watchlist imports from: `POST /api/v1/watchlist/import?format=letterboxd` (a diary's JSON file
/// carries its watchlist too, imported with the diary).
public enum WatchlistImportFormat: String, WatchlistFileFormat, Hashable, Sendable {
    /// Letterboxd's `watchlist.csv`: `Date,Name,Year,Letterboxd URI` (`BoxOfficeCodecs.LetterboxdWatchlistCodec`).
    case letterboxd
}
