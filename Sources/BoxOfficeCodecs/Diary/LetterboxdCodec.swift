public import BoxOfficeCore
public import Foundation

/// Letterboxd's diary CSV: `Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date`.
///
/// Import: `Name` and `Watched Date` (or `Date`) are required; rows are matched to KOBIS movies by title and
/// year; `Rating` is 0.5–5 stars or empty; `Tags` are comma-separated and the first tag that names one of the
/// user's categories files the note there (else the first tag becomes a new category); `Rewatch` is ignored
/// (every viewing is its own note); `Date` (when the entry was logged) becomes the note's creation time.
/// Export: `Name` is the English title when KOBIS has one (Letterboxd matches those best), `Tags` the category
/// name (commas replaced by spaces), `Rewatch` is `Yes` for every viewing of a movie after the first, and the
/// `Letterboxd URI` is empty. Memos, places and chart details do not exist in this format.
public enum LetterboxdCodec {
    /// The header's columns, in the order an export writes them (Letterboxd's import reads them by name).
    public static let columns = ["Date", "Name", "Year", "Letterboxd URI", "Rating", "Rewatch", "Tags", "Watched Date"]

    /// The Letterboxd diary CSV of `notes` (in any order); `categories` give the tags. ``DiaryExportWriter`` writes
    /// the same a piece at a time from notes in watched order.
    public static func export(notes: [DiaryNote], categories: [DiaryCategory]) -> Data {
        let names = Dictionary(categories.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let chronological = notes.sorted {
            ($0.watchedOn, $0.createdAt.timeIntervalSince1970) < ($1.watchedOn, $1.createdAt.timeIntervalSince1970)
        }
        var seen: Set<String> = []
        var rewatch: Set<UUID> = []
        for note in chronological {
            if !seen.insert(note.movieCode).inserted { rewatch.insert(note.id) }
        }
        var text = header
        for note in notes { text += line(note, categoryNames: names, rewatch: rewatch.contains(note.id)) }
        return Data(text.utf8)
    }

    /// The header line.
    static var header: String { RFC4180.line(columns) }

    /// The line of `note`; `rewatch` when an earlier note is about the same movie.
    static func line(_ note: DiaryNote, categoryNames names: [UUID: String], rewatch: Bool) -> String {
        let name =
            note.movie.titleEnglish.trimmingCharacters(in: .whitespaces).isEmpty
            ? note.title : note.movie.titleEnglish
        let tag = note.categoryId.flatMap { names[$0] }?.replacingOccurrences(of: ",", with: " ") ?? ""
        return RFC4180.line([
            CalendarDate(note.createdAt, in: BoxOfficeCalendar.seoul).isoString, name,
            note.movie.releaseYear.map(String.init) ?? "", "", note.rating?.description ?? "",
            rewatch ? "Yes" : "", tag, note.watchedOn.isoString,
        ])
    }

    /// Reads a Letterboxd diary; throws ``DiaryFileProblem`` when it is not one, and lists rows with bad values.
    public static func parse(_ data: Data, today: CalendarDate) throws(DiaryFileProblem) -> ParsedDiaryFile {
        let table = try RFC4180Table(
            text: try RFC4180.text(from: data), required: ["Name"], fileKind: .letterboxd)
        guard table.has("Watched Date") || table.has("Date") else {
            throw .missingColumns(["Watched Date"], .letterboxd)
        }
        var rows: [DiaryImportRow] = []
        var invalid: [DiarySkippedRow] = []
        for record in table.rows {
            let value = { (name: String) in table.value(name, in: record).trimmingCharacters(in: .whitespaces) }
            let name = value("Name")
            let result = RowCheck.run(row: record.line, title: name) { () throws(BoxOfficeError) -> DiaryImportRow in
                let title = try DiaryValidation.title(name)
                let logged = try RowCheck.optionalDate(value("Date"), field: "Date", today: today)
                let watchedText = value("Watched Date").isEmpty ? value("Date") : value("Watched Date")
                guard !watchedText.isEmpty else { throw .invalid("Watched Date", .required) }
                let tags = value("Tags").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
                return DiaryImportRow(
                    row: record.line, title: title,
                    year: try RowCheck.optionalInt(value("Year"), field: "Year", range: 1800...9999),
                    watchedOn: try DiaryValidation.watchedOn(watchedText, today: today, field: "Watched Date"),
                    rating: try DiaryValidation.rating(text: value("Rating"), field: "Rating"), tags: tags,
                    createdAt: logged.map { $0.startInstant(in: BoxOfficeCalendar.seoul) })
            }
            switch result {
            case .row(let row): rows.append(row)
            case .invalid(let skipped): invalid.append(skipped)
            }
        }
        return ParsedDiaryFile(rows: rows, invalid: invalid)
    }
}
