/// Why a file to import cannot be read at all (an HTTP 400; nothing is written).
public enum DiaryFileProblem: Error, Sendable, Hashable {
    /// The bytes are not UTF-8 text.
    case notUTF8
    /// CSV: a quote inside a field that does not start with one.
    case strayQuote(line: Int)
    /// CSV: text after a closing quote.
    case textAfterQuote(line: Int)
    /// CSV: a quoted field that never closes; `line` is where it opens.
    case unclosedQuote(line: Int)
    /// The file has no header line.
    case empty(DiaryFileFormat)
    /// The header names a column twice.
    case duplicateColumn(String)
    /// The header lacks required columns.
    case missingColumns([String], DiaryFileFormat)
    /// A row has a different number of fields than the header.
    case fieldCount(line: Int, found: Int, expected: Int)
    /// Not BoxOffice diary JSON: where decoding failed and why (`notes[3].title` is missing).
    indirect case notDiaryJSON(InputProblem)
    /// BoxOffice diary JSON of another kind (its `format`).
    case wrongFormatName(String)
    /// BoxOffice diary JSON of a version this program does not read.
    case unsupportedVersion(found: Int, supported: Int)
    /// A category in the file breaks a rule.
    indirect case category(name: String, InputProblem)
    /// A note names a category id that the file does not list.
    case unknownCategoryReference(index: Int, id: String)
}
