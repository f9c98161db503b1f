public import BoxOfficeCore
public import Foundation

/// A watchlist export's bytes: the columns and lines of each format.
extension WatchlistExportFormat {
    /// BoxOffice's CSV header.
    public static let csvColumns = ["movieCode", "title", "openDate", "addedAt"]
    /// Letterboxd's watchlist header.
    public static let letterboxdColumns = ["Date", "Name", "Year", "Letterboxd URI"]

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
