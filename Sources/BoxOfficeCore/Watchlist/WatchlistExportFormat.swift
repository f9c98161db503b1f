public import Foundation

/// The files a watchlist exports to: `GET /api/v1/watchlist/export?format=csv|letterboxd`.
public enum WatchlistExportFormat: String, WatchlistFileFormat, Hashable, Sendable {
    /// BoxOffice's CSV: `movieCode,title,openDate,addedAt`, UTF-8 with a byte order mark.
    case csv
    /// Letterboxd's `watchlist.csv`: `Date,Name,Year,Letterboxd URI` (the URI empty).
    case letterboxd

    /// BoxOffice's CSV header.
    public static let csvColumns = ["movieCode", "title", "openDate", "addedAt"]
    /// Letterboxd's watchlist header.
    public static let letterboxdColumns = ["Date", "Name", "Year", "Letterboxd URI"]

    /// The file's name for an export made on `day`.
    public func fileName(on day: CalendarDate) -> String {
        switch self {
        case .csv: return "boxoffice-watchlist-\(day.isoString).csv"
        case .letterboxd: return "boxoffice-watchlist-letterboxd-\(day.isoString).csv"
        }
    }

    /// The file (RFC 4180, formula-safe) for `entries`, in their order.
    public func file(_ entries: [WatchlistEntry]) -> Data {
        var text: String
        switch self {
        case .csv:
            text = "\u{FEFF}" + RFC4180.line(Self.csvColumns)
            for entry in entries {
                text += RFC4180.line([
                    entry.movieCode, entry.title, entry.openDate?.isoString ?? "",
                    DiaryTime.string(entry.addedAt),
                ])
            }
        case .letterboxd:
            text = RFC4180.line(Self.letterboxdColumns)
            for entry in entries {
                text += RFC4180.line([
                    entry.addedOn.isoString, entry.title, entry.openDate.map { String($0.year) } ?? "", "",
                ])
            }
        }
        return Data(text.utf8)
    }
}
