public import BoxOfficeCore
public import Foundation

/// RFC 4180 RFC4180: comma-separated fields, fields quoted with `"` when they hold a comma, quote or line break,
/// quotes doubled inside quotes, CRLF between records.
///
/// Writing is *formula-safe*: a field that a spreadsheet would run as a formula (starting with `=`, `+`, `-`,
/// `@`, tab or carriage return) gets a leading `'`. A field that already starts with `'` followed by one of
/// those (or another `'`) gets one too, and reading removes exactly one such `'`, so every text survives a
/// round trip unchanged.
public enum RFC4180 {
    /// One record and the line of the file it starts on (1-based).
    public struct Record: Sendable, Hashable {
        /// The line the record starts on (a quoted field may span lines).
        public var line: Int
        /// The record's fields, unquoted and with formula escapes removed.
        public var fields: [String]
    }

    // MARK: Writing

    /// One record, CRLF-terminated.
    public static func line(_ fields: [String]) -> String {
        fields.map { quote(escapeFormula($0)) }.joined(separator: ",") + "\r\n"
    }

    /// A field, quoted when needed.
    static func quote(_ field: String) -> String {
        // Bytes, not Characters: "\r\n" is one Character, equal to neither "\r" nor "\n".
        let needsQuotes = field.utf8.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
        }
        guard needsQuotes else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static let formulaTriggers: Set<Character> = ["=", "+", "-", "@", "\t", "\r", "\r\n"]

    /// Prefixes `'` to text a spreadsheet would treat as a formula (see the type's notes).
    public static func escapeFormula(_ field: String) -> String {
        guard let first = field.first else { return field }
        if formulaTriggers.contains(first) { return "'" + field }
        if first == "'", let second = field.dropFirst().first, second == "'" || formulaTriggers.contains(second) {
            return "'" + field
        }
        return field
    }

    /// Undoes ``escapeFormula(_:)``.
    public static func unescapeFormula(_ field: String) -> String {
        guard field.first == "'", let second = field.dropFirst().first else { return field }
        if second == "'" || formulaTriggers.contains(second) { return String(field.dropFirst()) }
        return field
    }

    // MARK: Reading

    /// Decodes file bytes as UTF-8, dropping a byte-order mark.
    public static func text(from data: Data) throws(DiaryFileProblem) -> String {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw .notUTF8
        }
        return text
    }

    /// Parses every record. Blank lines are skipped; formula escapes are removed from every field.
    /// Throws for an unclosed quote or a quote inside an unquoted field.
    public static func parse(_ text: String) throws(DiaryFileProblem) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var fieldWasQuoted = false
        var afterClosingQuote = false
        var iterator = (text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text).unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?

        func endField() {
            fields.append(unescapeFormula(field))
            field = ""
            fieldWasQuoted = false
            afterClosingQuote = false
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
        }

        while let scalar = pending ?? iterator.next() {
            pending = nil
            if inQuotes {
                if scalar == "\"" {
                    let next = iterator.next()
                    if next == "\"" {
                        field.unicodeScalars.append("\"")
                    } else {
                        inQuotes = false
                        afterClosingQuote = true
                        pending = next
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                endField()
            case "\r", "\n":
                if scalar == "\r" {
                    let next = iterator.next()
                    if next != "\n" { pending = next }
                }
                endRecord()
                line += 1
                recordLine = line
            case "\"":
                guard field.isEmpty, !fieldWasQuoted else {
                    throw .strayQuote(line: line)
                }
                inQuotes = true
                fieldWasQuoted = true
            default:
                if afterClosingQuote {
                    throw .textAfterQuote(line: line)
                }
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes {
            throw .unclosedQuote(line: recordLine)
        }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
        return records
    }
}

/// A CSV file with a header: looks columns up by name.
public struct RFC4180Table: Sendable {
    /// The first record's fields, trimmed of surrounding spaces.
    public var header: [String]
    /// Every record after the header, each with as many fields as the header.
    public var rows: [RFC4180.Record]
    private var index: [String: Int]

    /// Parses `text`; the first record is the header. Column names match ignoring case and surrounding spaces.
    /// Throws when the file is empty, a column is named twice, or a row has a different number of fields.
    public init(text: String, required: [String], fileKind: DiaryFileFormat) throws(DiaryFileProblem) {
        let records = try RFC4180.parse(text)
        guard let headerRecord = records.first else { throw .empty(fileKind) }
        header = headerRecord.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        var index: [String: Int] = [:]
        for (position, name) in header.enumerated() {
            let key = name.lowercased()
            if index[key] != nil { throw .duplicateColumn(name) }
            index[key] = position
        }
        let missing = required.filter { index[$0.lowercased()] == nil }
        guard missing.isEmpty else {
            throw .missingColumns(missing, fileKind)
        }
        rows = Array(records.dropFirst())
        for row in rows where row.fields.count != header.count {
            throw .fieldCount(line: row.line, found: row.fields.count, expected: header.count)
        }
        self.index = index
    }

    /// The value of column `name` in `row`, or `""` when the file has no such column.
    public func value(_ name: String, in row: RFC4180.Record) -> String {
        guard let position = index[name.lowercased()] else { return "" }
        return row.fields[position]
    }

    /// Whether the file has column `name`.
    public func has(_ name: String) -> Bool { index[name.lowercased()] != nil }
}
