public import BoxOfficeCore
public import Foundation

/// Letterboxd's `watchlist.csv` (`Date,Name,Year,Letterboxd URI`), read for an import; ``WatchlistExportFormat``
/// writes it.
///
/// `Name` is required; `Year` helps the match (``LetterboxdMatcher``, as for a diary); `Date` (when the film joined
/// the list on Letterboxd) becomes the entry's `addedAt` (midnight in Seoul), else the import's time; the URI is
/// ignored.
public enum LetterboxdWatchlistCodec {
    /// Reads a watchlist; throws ``DiaryFileProblem`` when it is not one (bad CSV, no `Name` column), and lists rows
    /// with bad values.
    public static func parse(_ data: Data, today: CalendarDate) throws(DiaryFileProblem) -> ParsedWatchlist {
        let table = try RFC4180Table(text: try RFC4180.text(from: data), required: ["Name"], fileKind: .letterboxd)
        var parsed = ParsedWatchlist(rows: [], invalid: [])
        for record in table.rows {
            let value = { (name: String) in table.value(name, in: record).trimmingCharacters(in: .whitespaces) }
            let name = value("Name")
            do throws(BoxOfficeError) {
                let title = try DiaryValidation.title(name)
                let added = try RowCheck.optionalDate(value("Date"), field: "Date", today: today)
                parsed.rows.append(
                    WatchlistImportRow(
                        row: record.line, title: title,
                        year: try RowCheck.optionalInt(value("Year"), field: "Year", range: 1800...9999),
                        addedAt: added.map { $0.startInstant(in: BoxOfficeCalendar.seoul) }))
            } catch {
                guard case .invalid(let problem) = error else { preconditionFailure("row checks throw only bad input") }
                parsed.invalid.append(DiarySkippedRow(row: record.line, title: name, reason: .invalid(problem)))
            }
        }
        parsed.rowCount = table.rows.count
        return parsed
    }
}
