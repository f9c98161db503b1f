public import Foundation

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
