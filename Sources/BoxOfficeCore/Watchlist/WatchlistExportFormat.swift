/// The files a watchlist exports to: `GET /api/v1/watchlist/export?format=csv|letterboxd` (written by
/// `BoxOfficeCodecs`).
public enum WatchlistExportFormat: String, WatchlistFileFormat, Hashable, Sendable {
    /// BoxOffice's CSV: `movieCode,title,openDate,addedAt`, UTF-8 with a byte order mark.
    case csv
    /// Letterboxd's `watchlist.csv`: `Date,Name,Year,Letterboxd URI` (the URI empty).
    case letterboxd

    /// The file's name for an export made on `day`.
    public func fileName(on day: CalendarDate) -> String {
        switch self {
        case .csv: return "boxoffice-watchlist-\(day.isoString).csv"
        case .letterboxd: return "boxoffice-watchlist-letterboxd-\(day.isoString).csv"
        }
    }
}
