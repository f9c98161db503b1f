public import Foundation

/// The file formats the diary imports and exports.
public enum DiaryFileFormat: String, Sendable, CaseIterable, Codable {
    /// BoxOffice's own CSV (``DiaryCSVCodec``).
    case csv
    /// BoxOffice's own JSON (``DiaryJSONCodec``), a lossless copy of notes and categories.
    case json
    /// Letterboxd's diary CSV (``LetterboxdCodec``).
    case letterboxd

    /// Parses `csv`, `json` or `letterboxd`.
    public init(parameter: String?) throws(BoxOfficeError) {
        guard let parameter, !parameter.isEmpty else {
            throw .invalid("format", .oneOf(DiaryFileFormat.allCases.map(\.rawValue)))
        }
        guard let format = DiaryFileFormat(rawValue: parameter.lowercased()) else {
            throw .invalid("format", .oneOf(DiaryFileFormat.allCases.map(\.rawValue)), value: parameter)
        }
        self = format
    }

    /// The download's content type.
    public var contentType: String {
        self == .json ? "application/json; charset=utf-8" : "text/csv; charset=utf-8"
    }

    /// A download name such as `boxoffice-diary-2024-03-20.csv`.
    public func fileName(on day: CalendarDate) -> String {
        switch self {
        case .csv: return "boxoffice-diary-\(day).csv"
        case .json: return "boxoffice-diary-\(day).json"
        case .letterboxd: return "boxoffice-letterboxd-\(day).csv"
        }
    }
}

/// One note read from an import file, with every field checked, before it is matched and stored.
public struct DiaryImportRow: Sendable, Hashable {
    /// Where it is in the file: the CSV line it starts on, or its position in the JSON `notes` array (from 1).
    public var row: Int
    /// The note's id in the file (own formats); kept when free, so re-imports are recognized.
    public var id: UUID?
    /// The KOBIS code; `nil` in Letterboxd files, whose rows are matched by title and year.
    public var movieCode: String?
    public var title: String
    /// Letterboxd's `Year`, or the snapshot's release year.
    public var year: Int?
    public var watchedOn: CalendarDate
    public var memo: String
    public var rating: StarRating?
    public var place: DiaryPlace?
    /// The category named in the file (own formats), if any.
    public var categoryName: String?
    /// Letterboxd tags (the first becomes the category, see ``LetterboxdCodec``).
    public var tags: [String]
    public var createdAt: Date?
    public var updatedAt: Date?
    public var snapshot: MovieSnapshot?
    public var chartDate: CalendarDate?
    public var chartRank: Int?

    public init(
        row: Int, id: UUID? = nil, movieCode: String? = nil, title: String, year: Int? = nil, watchedOn: CalendarDate,
        memo: String = "", rating: StarRating? = nil, place: DiaryPlace? = nil, categoryName: String? = nil,
        tags: [String] = [], createdAt: Date? = nil, updatedAt: Date? = nil, snapshot: MovieSnapshot? = nil,
        chartDate: CalendarDate? = nil, chartRank: Int? = nil
    ) {
        self.row = row
        self.id = id
        self.movieCode = movieCode
        self.title = title
        self.year = year
        self.watchedOn = watchedOn
        self.memo = memo
        self.rating = rating
        self.place = place
        self.categoryName = categoryName
        self.tags = tags
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.snapshot = snapshot
        self.chartDate = chartDate
        self.chartRank = chartRank
    }
}

/// A row of an import that was not imported, and why.
public struct DiarySkippedRow: Sendable, Hashable {
    /// The CSV line, or the position in the JSON `notes` array (from 1).
    public var row: Int
    /// The title in the file (may be empty).
    public var title: String
    public var reason: DiarySkipReason

    public init(row: Int, title: String, reason: DiarySkipReason) {
        self.row = row
        self.title = title
        self.reason = reason
    }
}

/// An import file, read: the rows that passed the checks, those that did not, and (JSON) the categories.
public struct ParsedDiaryFile: Sendable {
    public var rows: [DiaryImportRow]
    public var invalid: [DiarySkippedRow]
    /// Categories listed in the file, in order (own JSON only).
    public var categories: [DiaryImportBatch.Category]
    /// Data rows in the file.
    public var rowCount: Int { rows.count + invalid.count }

    public init(rows: [DiaryImportRow], invalid: [DiarySkippedRow], categories: [DiaryImportBatch.Category] = []) {
        self.rows = rows
        self.invalid = invalid
        self.categories = categories
    }
}

/// What an import did.
public struct DiaryImportReport: Sendable, Hashable {
    public var format: DiaryFileFormat
    /// Data rows in the file.
    public var rows: Int
    /// Notes added.
    public var imported: Int
    /// Rows not added, with the reason, in file order.
    public var skipped: [DiarySkippedRow]
    public var categoriesCreated: [String]
    /// Movie searches sent to KOBIS (Letterboxd only; cached answers included).
    public var kobisSearches: Int

    public init(
        format: DiaryFileFormat, rows: Int, imported: Int, skipped: [DiarySkippedRow], categoriesCreated: [String],
        kobisSearches: Int
    ) {
        self.format = format
        self.rows = rows
        self.imported = imported
        self.skipped = skipped
        self.categoriesCreated = categoriesCreated
        self.kobisSearches = kobisSearches
    }
}

/// An export, ready to download.
public struct DiaryExport: Sendable {
    public var format: DiaryFileFormat
    public var data: Data
    public var fileName: String
    public var contentType: String { format.contentType }

    public init(format: DiaryFileFormat, data: Data, fileName: String) {
        self.format = format
        self.data = data
        self.fileName = fileName
    }
}

/// Multi-valued CSV cells (genres, nations, directors): values joined by `|`, with `\` escaping `|` and `\`.
enum ListCell {
    static func join(_ values: [String]) -> String {
        values.map { $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|") }
            .joined(separator: "|")
    }

    static func split(_ cell: String) -> [String] {
        guard !cell.isEmpty else { return [] }
        var values: [String] = []
        var current = ""
        var escaping = false
        for character in cell {
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "|" {
                values.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        values.append(current)
        return values
    }
}

/// Helpers the codecs share for checking one row.
enum RowCheck {
    /// A row that passed its checks, or why it did not.
    enum Outcome {
        case row(DiaryImportRow)
        case invalid(DiarySkippedRow)
    }

    /// Runs `body`, turning its ``BoxOfficeError`` into a skipped row.
    static func run(row: Int, title: String, _ body: () throws(BoxOfficeError) -> DiaryImportRow) -> Outcome {
        do throws(BoxOfficeError) {
            return .row(try body())
        } catch {
            guard case .invalid(let problem) = error else { preconditionFailure("row checks throw only bad input") }
            return .invalid(DiarySkippedRow(row: row, title: title, reason: .invalid(problem)))
        }
    }

    static func optionalInt(_ text: String, field: String, range: ClosedRange<Int>) throws(BoxOfficeError) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        guard let value = Int(trimmed), range.contains(value) else {
            throw .invalid(field, .wholeNumber(range), value: trimmed)
        }
        return value
    }

    static func optionalUUID(_ text: String, field: String) throws(BoxOfficeError) -> UUID? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        guard let id = UUID(uuidString: trimmed) else {
            throw .invalid(field, .uuid, value: trimmed)
        }
        return id
    }

    static func optionalInstant(_ text: String, field: String) throws(BoxOfficeError) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        guard let date = DiaryTime.parse(trimmed) else {
            throw .invalid(field, .instant, value: trimmed)
        }
        return date
    }

    static func optionalDate(_ text: String, field: String, today: CalendarDate) throws(BoxOfficeError) -> CalendarDate?
    {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        return try DiaryValidation.watchedOn(trimmed, today: today, field: field)
    }
}

/// BoxOffice's own diary RFC4180.
///
/// Header (in this order when exported; any order on import; `movieCode`, `title` and `watchedOn` required):
/// `id,movieCode,title,watchedOn,rating,place,category,memo,createdAt,updatedAt,releaseYear,titleEnglish,genres,nations,directors,chartDate,chartRank`.
/// `rating` is stars (`4.5`) or empty; `place` is `cinema`, `home` or empty; `category` is the category's name;
/// instants are ISO-8601 UTC with milliseconds; `genres`, `nations`, `directors` are `|`-separated.
/// The file is UTF-8 with a byte-order mark (so spreadsheets read Hangul), RFC 4180, formula-safe.
public enum DiaryCSVCodec {
    public static let columns = [
        "id", "movieCode", "title", "watchedOn", "rating", "place", "category", "memo", "createdAt", "updatedAt",
        "releaseYear", "titleEnglish", "genres", "nations", "directors", "chartDate", "chartRank",
    ]

    /// The CSV of `notes`; `categories` give the category names.
    public static func export(notes: [DiaryNote], categories: [DiaryCategory]) -> Data {
        let names = Dictionary(categories.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var text = "\u{FEFF}" + RFC4180.line(columns)
        for note in notes {
            text += RFC4180.line([
                note.id.uuidString, note.movieCode, note.title, note.watchedOn.isoString,
                note.rating?.description ?? "", note.place?.rawValue ?? "", note.categoryId.flatMap { names[$0] } ?? "",
                note.memo, DiaryTime.string(note.createdAt), DiaryTime.string(note.updatedAt),
                note.movie.releaseYear.map(String.init) ?? "", note.movie.titleEnglish,
                ListCell.join(note.movie.genres),
                ListCell.join(note.movie.nations), ListCell.join(note.movie.directors), note.chartDate?.isoString ?? "",
                note.chartRank.map(String.init) ?? "",
            ])
        }
        return Data(text.utf8)
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

/// BoxOffice's own diary JSON: a lossless copy of a user's categories and notes.
///
/// `{"format": "boxoffice-diary", "version": 1, "exportedAt": "…", "categories": [{"id", "name", "visible",
/// "position"}], "notes": [note JSON as in the API, with instants to the millisecond]}`. A note's `categoryId`
/// refers to a category in the same file.
public enum DiaryJSONCodec {
    public static let formatName = "boxoffice-diary"
    public static let version = 1

    struct Archive: Decodable {
        var format: String
        var version: Int
        var exportedAt: Date?
        var categories: [ArchivedCategory]?
        var notes: [Lenient<DiaryNote>]
    }

    struct ArchivedCategory: Codable {
        var id: UUID
        var name: String
        var visible: Bool?
        var position: Int?
    }

    struct ExportArchive: Encodable {
        var format = DiaryJSONCodec.formatName
        var version = DiaryJSONCodec.version
        var exportedAt: Date
        var categories: [ArchivedCategory]
        var notes: [DiaryNote]
    }

    /// A value that may fail to decode without failing its array.
    struct Lenient<Value: Decodable>: Decodable {
        var result: Result<Value, any Error>
        init(from decoder: any Decoder) throws { result = Result { try Value(from: decoder) } }
    }

    /// Instants to the millisecond, both ways.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(DiaryTime.string(date))
        }
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = DiaryTime.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "not an ISO-8601 instant: \"\(text.prefix(40))\"")
            }
            return date
        }
        return decoder
    }

    /// The JSON of `notes` and `categories`.
    public static func export(notes: [DiaryNote], categories: [DiaryCategory], exportedAt: Date) throws -> Data {
        try encoder().encode(
            ExportArchive(
                exportedAt: exportedAt,
                categories: categories.map {
                    ArchivedCategory(id: $0.id, name: $0.name, visible: $0.visible, position: $0.position)
                },
                notes: notes))
    }

    /// Reads a file; throws ``DiaryFileProblem`` when it is not such JSON, and lists notes with bad values as invalid.
    public static func parse(_ data: Data, today: CalendarDate) throws(DiaryFileProblem) -> ParsedDiaryFile {
        let archive: Archive
        do {
            archive = try decoder().decode(Archive.self, from: data)
        } catch {
            throw .notDiaryJSON(problem(error))
        }
        guard archive.format == formatName else {
            throw .wrongFormatName(String(archive.format.prefix(40)))
        }
        guard archive.version == version else {
            throw .unsupportedVersion(found: archive.version, supported: version)
        }
        let archived = (archive.categories ?? []).sorted { ($0.position ?? 0) < ($1.position ?? 0) }
        var names: [UUID: String] = [:]
        var categories: [DiaryImportBatch.Category] = []
        for category in archived {
            let name: String
            do {
                name = try DiaryValidation.categoryName(category.name)
            } catch {
                guard case .invalid(let problem) = error else {
                    preconditionFailure("name checks throw only bad input")
                }
                throw .category(name: String(category.name.prefix(60)), problem)
            }
            names[category.id] = name
            categories.append(DiaryImportBatch.Category(name: name, visible: category.visible ?? true))
        }
        var rows: [DiaryImportRow] = []
        var invalid: [DiarySkippedRow] = []
        for (index, element) in archive.notes.enumerated() {
            let position = index + 1
            let note: DiaryNote
            switch element.result {
            case .success(let decoded): note = decoded
            case .failure(let error):
                invalid.append(
                    DiarySkippedRow(row: position, title: "", reason: .invalid(problem(error))))
                continue
            }
            var categoryName: String?
            if let categoryId = note.categoryId {
                guard let name = names[categoryId] else {
                    throw .unknownCategoryReference(index: index, id: categoryId.uuidString)
                }
                categoryName = name
            }
            let result = RowCheck.run(row: position, title: note.title) { () throws(BoxOfficeError) -> DiaryImportRow in
                try DiaryValidation.check(note, today: today)
                return DiaryImportRow(
                    row: position, id: note.id, movieCode: note.movieCode, title: try DiaryValidation.title(note.title),
                    year: note.movie.releaseYear, watchedOn: note.watchedOn, memo: note.memo, rating: note.rating,
                    place: note.place, categoryName: categoryName, createdAt: note.createdAt, updatedAt: note.updatedAt,
                    snapshot: note.movie, chartDate: note.chartDate, chartRank: note.chartRank)
            }
            switch result {
            case .row(let row): rows.append(row)
            case .invalid(let skipped): invalid.append(skipped)
            }
        }
        return ParsedDiaryFile(rows: rows, invalid: invalid, categories: categories)
    }

    /// Where decoding failed and why, as input that breaks a rule.
    static func problem(_ error: any Error) -> InputProblem {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : text
        }
        guard let error = error as? DecodingError else { return InputProblem(nil, .notJSON) }
        switch error {
        case .typeMismatch(let type, let context):
            if context.codingPath.isEmpty { return InputProblem(nil, .notJSONObject) }
            return InputProblem(path(context.codingPath), .type(valueType(type)))
        case .valueNotFound(_, let context):
            return InputProblem(path(context.codingPath), .notNull)
        case .keyNotFound(let key, let context):
            return InputProblem(path(context.codingPath + [key]), .required)
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return InputProblem(nil, .notJSON) }
            return InputProblem(path(context.codingPath), .invalid)
        @unknown default:
            return InputProblem(nil, .notJSON)
        }
    }

    private static func valueType(_ type: Any.Type) -> InputRule.ValueType {
        switch type {
        case is String.Type: return .string
        case is Int.Type: return .wholeNumber
        case is Double.Type: return .number
        case is Bool.Type: return .boolean
        default: return String(describing: type).hasPrefix("Array") ? .array : .object
        }
    }
}

/// Letterboxd's diary RFC4180: `Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date`.
///
/// Import: `Name` and `Watched Date` (or `Date`) are required; rows are matched to KOBIS movies by title and
/// year; `Rating` is 0.5–5 stars or empty; `Tags` are comma-separated and the first tag that names one of the
/// user's categories files the note there (else the first tag becomes a new category); `Rewatch` is ignored
/// (every viewing is its own note); `Date` (when the entry was logged) becomes the note's creation time.
/// Export: `Name` is the English title when KOBIS has one (Letterboxd matches those best), `Tags` the category
/// name (commas replaced by spaces), `Rewatch` is `Yes` for every viewing of a movie after the first, and the
/// `Letterboxd URI` is empty. Memos, places and chart details do not exist in this format.
public enum LetterboxdCodec {
    public static let columns = ["Date", "Name", "Year", "Letterboxd URI", "Rating", "Rewatch", "Tags", "Watched Date"]

    /// The Letterboxd diary CSV of `notes`; `categories` give the tags.
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
        var text = RFC4180.line(columns)
        for note in notes {
            let name =
                note.movie.titleEnglish.trimmingCharacters(in: .whitespaces).isEmpty
                ? note.title : note.movie.titleEnglish
            let tag = note.categoryId.flatMap { names[$0] }?.replacingOccurrences(of: ",", with: " ") ?? ""
            text += RFC4180.line([
                CalendarDate(note.createdAt, in: BoxOfficeCalendar.seoul).isoString, name,
                note.movie.releaseYear.map(String.init) ?? "", "", note.rating?.description ?? "",
                rewatch.contains(note.id) ? "Yes" : "", tag, note.watchedOn.isoString,
            ])
        }
        return Data(text.utf8)
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
