public import BoxOfficeCore
public import Foundation

/// BoxOffice's own diary CSV (RFC 4180).
///
/// Header (in this order when exported; any order on import; `movieCode`, `title` and `watchedOn` required):
/// `id,movieCode,title,watchedOn,rating,place,category,memo,createdAt,updatedAt,releaseYear,titleEnglish,genres,nations,directors,chartDate,chartRank`.
/// `rating` is stars (`4.5`) or empty; `place` is `cinema`, `home` or empty; `category` is the category's name;
/// instants are ISO-8601 UTC with milliseconds; `genres`, `nations`, `directors` are `|`-separated.
/// The file is UTF-8 with a byte-order mark (so spreadsheets read Hangul), RFC 4180, formula-safe.
public enum DiaryCSVCodec {
    /// The header's columns, in the order an export writes them.
    public static let columns = [
        "id", "movieCode", "title", "watchedOn", "rating", "place", "category", "memo", "createdAt", "updatedAt",
        "releaseYear", "titleEnglish", "genres", "nations", "directors", "chartDate", "chartRank",
    ]

    /// The CSV of `notes`; `categories` give the category names (``DiaryExportWriter`` writes the same a piece at
    /// a time).
    public static func export(notes: [DiaryNote], categories: [DiaryCategory]) -> Data {
        let names = Dictionary(categories.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var text = header
        for note in notes { text += line(note, categoryNames: names) }
        return Data(text.utf8)
    }

    /// The byte-order mark and the header line.
    static var header: String { "\u{FEFF}" + RFC4180.line(columns) }

    /// The line of `note`.
    static func line(_ note: DiaryNote, categoryNames names: [UUID: String]) -> String {
        RFC4180.line([
            note.id.uuidString, note.movieCode, note.title, note.watchedOn.isoString,
            note.rating?.description ?? "", note.place?.rawValue ?? "", note.categoryId.flatMap { names[$0] } ?? "",
            note.memo, DiaryTime.string(note.createdAt), DiaryTime.string(note.updatedAt),
            note.movie.releaseYear.map(String.init) ?? "", note.movie.titleEnglish,
            ListCell.join(note.movie.genres),
            ListCell.join(note.movie.nations), ListCell.join(note.movie.directors), note.chartDate?.isoString ?? "",
            note.chartRank.map(String.init) ?? "",
        ])
    }

    /// Reads a file; throws ``DiaryFileProblem`` when it is not such a CSV, and lists rows with bad values as invalid.
    public static func parse(_ data: Data, today: CalendarDate) throws(DiaryFileProblem) -> ParsedDiaryFile {
        let table = try RFC4180Table(
            text: try RFC4180.text(from: data), required: ["movieCode", "title", "watchedOn"],
            fileKind: .csv)
        var rows: [DiaryImportRow] = []
        var invalid: [DiarySkippedRow] = []
        for record in table.rows {
            let value = { (name: String) in table.value(name, in: record) }
            let title = value("title")
            let result = RowCheck.run(row: record.line, title: title) { () throws(BoxOfficeError) -> DiaryImportRow in
                let hasSnapshot = ["releaseYear", "titleEnglish", "genres", "nations", "directors"].contains {
                    table.has($0)
                }
                let categoryText = value("category").trimmingCharacters(in: .whitespaces)
                var category: String?
                if !categoryText.isEmpty { category = try DiaryValidation.categoryName(categoryText) }
                let releaseYear = try RowCheck.optionalInt(
                    value("releaseYear"), field: "releaseYear", range: 1800...9999)
                var snapshot: MovieSnapshot?
                if hasSnapshot {
                    snapshot = MovieSnapshot(
                        releaseYear: releaseYear, titleEnglish: value("titleEnglish"),
                        genres: ListCell.split(value("genres")),
                        nations: ListCell.split(value("nations")), directors: ListCell.split(value("directors")))
                }
                return DiaryImportRow(
                    row: record.line, id: try RowCheck.optionalUUID(value("id"), field: "id"),
                    movieCode: try DiaryValidation.movieCode(value("movieCode")),
                    title: try DiaryValidation.title(title),
                    year: releaseYear, watchedOn: try DiaryValidation.watchedOn(value("watchedOn"), today: today),
                    memo: try DiaryValidation.memo(value("memo")),
                    rating: try DiaryValidation.rating(text: value("rating")),
                    place: try DiaryValidation.place(value("place")), categoryName: category,
                    createdAt: try RowCheck.optionalInstant(value("createdAt"), field: "createdAt"),
                    updatedAt: try RowCheck.optionalInstant(value("updatedAt"), field: "updatedAt"), snapshot: snapshot,
                    chartDate: try RowCheck.optionalDate(value("chartDate"), field: "chartDate", today: today),
                    chartRank: try RowCheck.optionalInt(value("chartRank"), field: "chartRank", range: 1...1000))
            }
            switch result {
            case .row(let row): rows.append(row)
            case .invalid(let skipped): invalid.append(skipped)
            }
        }
        return ParsedDiaryFile(rows: rows, invalid: invalid)
    }
}
