public import BoxOfficeCore
public import Foundation

/// BoxOffice's own diary JSON: a lossless copy of a user's categories and notes.
///
/// `{"format": "boxoffice-diary", "version": 1, "exportedAt": "…", "categories": [{"id", "name", "visible",
/// "position"}], "notes": [note JSON as in the API, with instants to the millisecond], "watchlist": [{"movieCode",
/// "title", "openDate", "addedAt"}]}`. A note's `categoryId` refers to a category in the same file. Files written
/// before watchlists existed have no `watchlist`, and import as they always did.
public enum DiaryJSONCodec {
    /// The file's `format`: what tells a diary file from other JSON.
    public static let formatName = "boxoffice-diary"
    /// The file's `version`: the layout this codec writes and reads.
    public static let version = 1

    struct Archive: Decodable {
        var format: String
        var version: Int
        var exportedAt: Date?
        var categories: [ArchivedCategory]?
        var notes: [Lenient<DiaryNote>]
        var watchlist: [Lenient<WatchlistEntry>]?
    }

    struct ArchivedCategory: Codable {
        var id: UUID
        var name: String
        var visible: Bool?
        var position: Int?
    }

    /// How an exported file is laid out.
    public enum Layout: Sendable {
        /// Indented, a field a line (the web page's download).
        case prettyPrinted
        /// No whitespace (the API's answer).
        case compact
    }

    /// The exported document; `Note` is ``DiaryNote``, or a stand-in where ``DiaryJSONFrame`` finds the notes' place.
    struct ExportArchive<Note: Encodable>: Encodable {
        var format = DiaryJSONCodec.formatName
        var version = DiaryJSONCodec.version
        var exportedAt: Date
        var categories: [ArchivedCategory]
        var notes: [Note]
        /// Last in the file (keys are sorted), after the notes; `nil` leaves it out.
        var watchlist: [WatchlistEntry]?
    }

    /// A value that may fail to decode without failing its array.
    struct Lenient<Value: Decodable>: Decodable {
        var result: Result<Value, any Error>
        init(from decoder: any Decoder) throws { result = Result { try Value(from: decoder) } }
    }

    /// Instants to the millisecond, both ways; keys sorted, slashes as they are.
    static func encoder(_ layout: Layout = .prettyPrinted) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            layout == .prettyPrinted
            ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            : [.sortedKeys, .withoutEscapingSlashes]
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

    /// The JSON of `notes`, `categories` and `watchlist` (``DiaryExportWriter`` writes the same a piece at a time).
    public static func export(
        notes: [DiaryNote], categories: [DiaryCategory], exportedAt: Date, layout: Layout = .prettyPrinted,
        watchlist: [WatchlistEntry]? = nil
    ) throws -> Data {
        var writer = try DiaryExportWriter(
            format: .json, categories: categories, exportedAt: exportedAt, layout: layout, watchlist: watchlist)
        return try writer.write(notes) + writer.finish()
    }

    /// Reads a file; throws ``DiaryFileProblem`` when it is not such JSON, and lists notes with bad values as invalid.
    /// (``DiaryJSONImportReader`` reads it as it arrives; this is the same over bytes already at hand.)
    public static func parse(_ data: Data, today: CalendarDate) throws(DiaryFileProblem) -> ParsedDiaryFile {
        var reader = DiaryJSONImportReader(today: today)
        try reader.read(data)
        return try reader.finish()
    }

    /// Reads a whole file at once: what ``DiaryJSONImportReader`` does with a file that does not begin as a JSON
    /// object, and what it answers like in every other case.
    static func parseWhole(_ data: Data, today: CalendarDate) throws(DiaryFileProblem) -> ParsedDiaryFile {
        let archive: Archive
        do {
            archive = try decoder().decode(Archive.self, from: data)
        } catch {
            throw .notDiaryJSON(problem(error))
        }
        let (names, categories) = try header(archive)
        var rows: [DiaryImportRow] = []
        var invalid: [DiarySkippedRow] = []
        for (index, element) in archive.notes.enumerated() {
            switch try outcome(element.result, index: index, names: names, today: today) {
            case .row(let row): rows.append(row)
            case .invalid(let skipped): invalid.append(skipped)
            }
        }
        let watchlist = archive.watchlist.map { elements in
            var parsed = ParsedWatchlist(rows: [], invalid: [])
            for (index, element) in elements.enumerated() {
                switch watchlistOutcome(element.result, index: index) {
                case .row(let row): parsed.rows.append(row)
                case .invalid(let skipped): parsed.invalid.append(skipped)
                }
            }
            parsed.rowCount = elements.count
            return parsed
        }
        return ParsedDiaryFile(rows: rows, invalid: invalid, categories: categories, watchlist: watchlist)
    }

    /// A watchlist entry read, or why it was not.
    enum WatchlistOutcome {
        case row(WatchlistImportRow)
        case invalid(DiarySkippedRow)
    }

    /// The entry at `index` of `watchlist` (decoded, or why not), checked. `base` is the path of the entry in the
    /// file when it was decoded on its own.
    static func watchlistOutcome(
        _ decoded: Result<WatchlistEntry, any Error>, index: Int, base: [any CodingKey] = []
    ) -> WatchlistOutcome {
        let position = index + 1
        let entry: WatchlistEntry
        switch decoded {
        case .success(let value): entry = value
        case .failure(let error):
            return .invalid(DiarySkippedRow(row: position, title: "", reason: .invalid(problem(error, base: base))))
        }
        do throws(BoxOfficeError) {
            return .row(
                WatchlistImportRow(
                    row: position, movieCode: try DiaryValidation.movieCode(entry.movieCode),
                    title: try DiaryValidation.title(entry.title), openDate: entry.openDate,
                    addedAt: DiaryTime.normalized(entry.addedAt)))
        } catch {
            guard case .invalid(let problem) = error else { preconditionFailure("entry checks throw only bad input") }
            return .invalid(DiarySkippedRow(row: position, title: entry.title, reason: .invalid(problem)))
        }
    }

    /// Checks the file's format and version and its categories: their names by id, and the categories to create.
    static func header(_ archive: Archive) throws(DiaryFileProblem) -> (
        names: [UUID: String], categories: [DiaryImportBatch.Category]
    ) {
        guard archive.format == formatName else {
            throw .wrongFormatName(String(archive.format.prefix(40)))
        }
        guard archive.version == version else {
            throw .unsupportedVersion(found: archive.version, supported: version)
        }
        return try categories(archive.categories ?? [])
    }

    /// The file's categories in their order, checked: their names by id, and the categories to create.
    static func categories(_ archived: [ArchivedCategory]) throws(DiaryFileProblem) -> (
        names: [UUID: String], categories: [DiaryImportBatch.Category]
    ) {
        var names: [UUID: String] = [:]
        var categories: [DiaryImportBatch.Category] = []
        for category in archived.sorted(by: { ($0.position ?? 0) < ($1.position ?? 0) }) {
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
        return (names, categories)
    }

    /// The note at `index` of `notes` (decoded, or why not), checked: a row, or a row skipped and why. `base` is the
    /// path of the note in the file when it was decoded on its own. Throws when the note names a category the file
    /// does not list.
    static func outcome(
        _ decoded: Result<DiaryNote, any Error>, index: Int, names: [UUID: String], today: CalendarDate,
        base: [any CodingKey] = []
    ) throws(DiaryFileProblem) -> RowCheck.Outcome {
        let position = index + 1
        let note: DiaryNote
        switch decoded {
        case .success(let value): note = value
        case .failure(let error):
            return .invalid(DiarySkippedRow(row: position, title: "", reason: .invalid(problem(error, base: base))))
        }
        var categoryName: String?
        if let categoryId = note.categoryId {
            guard let name = names[categoryId] else {
                throw .unknownCategoryReference(index: index, id: categoryId.uuidString)
            }
            categoryName = name
        }
        return RowCheck.run(row: position, title: note.title) { () throws(BoxOfficeError) -> DiaryImportRow in
            try DiaryValidation.check(note, today: today)
            return DiaryImportRow(
                row: position, id: note.id, movieCode: note.movieCode, title: try DiaryValidation.title(note.title),
                year: note.movie.releaseYear, watchedOn: note.watchedOn, memo: note.memo, rating: note.rating,
                place: note.place, categoryName: categoryName, createdAt: note.createdAt, updatedAt: note.updatedAt,
                snapshot: note.movie, chartDate: note.chartDate, chartRank: note.chartRank)
        }
    }

    /// Where decoding failed and why, as input that breaks a rule.
    /// `base` is the path of the value that was decoded on its own (a note of `notes`).
    static func problem(_ error: any Error, base: [any CodingKey] = []) -> InputProblem {
        func path(_ codingPath: [any CodingKey]) -> String {
            let codingPath = base + codingPath
            let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : text
        }
        guard let error = error as? DecodingError else { return InputProblem(nil, .notJSON) }
        switch error {
        case .typeMismatch(let type, let context):
            if base.isEmpty, context.codingPath.isEmpty { return InputProblem(nil, .notJSONObject) }
            return InputProblem(path(context.codingPath), .type(valueType(type)))
        case .valueNotFound(_, let context):
            return InputProblem(path(context.codingPath), .notNull)
        case .keyNotFound(let key, let context):
            return InputProblem(path(context.codingPath + [key]), .required)
        case .dataCorrupted(let context):
            if base.isEmpty, context.codingPath.isEmpty { return InputProblem(nil, .notJSON) }
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
