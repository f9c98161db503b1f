public import BoxOfficeCore
import Foundation

/// Reads a BoxOffice diary JSON file (``DiaryJSONCodec``) as its bytes arrive, so an import never holds or parses
/// the whole document at once: the top-level object is split into its members as the bytes come, each element of
/// `notes` and of `watchlist` is decoded on its own as soon as it is complete, and the other members (format,
/// version, categories: small) are decoded together at the end. The rows and every problem reported are those of reading the whole
/// document at once (``DiaryJSONCodec/parseWhole(_:today:)``), which a file that does not begin as a JSON object is
/// left to.
///
/// Notes (and watchlist entries) past `rowLimit` are counted (``rowCount``, ``watchlistCount``) but not decoded, so a
/// file too long to import costs no memory.
public struct DiaryJSONImportReader {
    /// The arrays read an element at a time.
    private enum ArrayName {
        case notes, watchlist
    }

    private enum State {
        case start
        /// After `{` or a `,` between members (Foundation's decoder takes a trailing comma, so this reader does).
        case expectKey
        case key
        case expectColon
        case beforeValue
        case value
        case afterValue
        /// Inside the `notes` array: before an element (or the end: a trailing comma is taken), in one, or after one.
        case expectElement
        case element
        case afterElement
        case end
        /// Not an object: the bytes are kept and read whole at the end.
        case whole
    }

    private static let notJSON = DiaryFileProblem.notDiaryJSON(InputProblem(nil, .notJSON))

    let today: CalendarDate
    let rowLimit: Int
    private let decoder = DiaryJSONCodec.decoder()
    private var state = State.start
    private var scanner = JSONValueScanner()
    /// The bytes of the key, value or element being read.
    private var pending: [UInt8] = []
    private var key: [UInt8] = []
    /// Every member but the notes, as written (`"key":value`), for the header decoded at the end.
    private var members: [[UInt8]] = []
    private var whole: [UInt8] = []

    /// Category names by id, once `categories` has been read (and is valid) before the notes.
    private var names: [UUID: String]?
    /// Notes read before the categories were known, resolved at the end.
    private var unresolved: [(index: Int, note: DiaryNote)] = []
    private var rows: [DiaryImportRow] = []
    private var invalid: [DiarySkippedRow] = []
    /// A note that named an unknown category: the problem, reported once the header has been checked (as a whole
    /// read would, which checks the header first).
    private var unknownCategory: DiaryFileProblem?
    /// Elements of `notes` seen.
    public private(set) var rowCount = 0
    /// The array being read an element at a time.
    private var array = ArrayName.notes
    /// The watchlist read so far; `nil` until the file shows one.
    private var watchlist: ParsedWatchlist?
    /// Elements of `watchlist` seen.
    public private(set) var watchlistCount = 0

    /// A reader of a file imported on `today` (dates after it are refused) that decodes at most `rowLimit` notes and
    /// as many watchlist entries.
    public init(today: CalendarDate, rowLimit: Int = .max) {
        self.today = today
        self.rowLimit = rowLimit
    }

    /// Most bytes of a file that does not begin as an object kept for the whole read to word its problem: past them
    /// it is simply not an object, and reading hundreds of megabytes of `[0,0,…]` whole cost gigabytes and seconds.
    static let wholeLimit = 64 << 10

    private mutating func keepWhole(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) {
        guard whole.count + bytes.count <= Self.wholeLimit else {
            failure = .notDiaryJSON(InputProblem(nil, .notJSONObject))
            whole = []
            return
        }
        whole.append(contentsOf: bytes)
    }

    /// Why the file cannot be read, once known (nothing more is read then).
    private var failure: DiaryFileProblem?

    /// Reads the next bytes of the file.
    public mutating func read(_ bytes: some Collection<UInt8>) throws(DiaryFileProblem) {
        if failure == nil, bytes.withContiguousStorageIfAvailable({ scan($0) }) == nil {
            Array(bytes).withUnsafeBufferPointer { scan($0) }
        }
        if let failure { throw failure }
    }

    /// The file read: its rows, those skipped and why, and its categories. Throws what reading the whole file at
    /// once would have thrown.
    public mutating func finish() throws(DiaryFileProblem) -> ParsedDiaryFile {
        if let failure { throw failure }
        switch state {
        case .whole: return try DiaryJSONCodec.parseWhole(Data(whole), today: today)
        case .end: break
        default: throw Self.notJSON
        }
        var header = Data("{".utf8)
        for (index, member) in members.enumerated() {
            if index > 0 { header.append(UInt8(ascii: ",")) }
            header.append(contentsOf: member)
        }
        header.append(UInt8(ascii: "}"))
        let archive: DiaryJSONCodec.Archive
        do {
            archive = try decoder.decode(DiaryJSONCodec.Archive.self, from: header)
        } catch {
            throw .notDiaryJSON(DiaryJSONCodec.problem(error))
        }
        let (names, categories) = try DiaryJSONCodec.header(archive)
        // Notes read before the categories come first in the file.
        var earlier: [DiaryImportRow] = []
        for (index, note) in unresolved {
            switch try DiaryJSONCodec.outcome(.success(note), index: index, names: names, today: today) {
            case .row(let row): earlier.append(row)
            case .invalid(let skipped): invalid.append(skipped)
            }
        }
        if let unknownCategory { throw unknownCategory }
        watchlist?.rowCount = watchlistCount
        return ParsedDiaryFile(rows: earlier + rows, invalid: invalid, categories: categories, watchlist: watchlist)
    }

    // MARK: - Scanning

    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) {
        var i = 0
        let count = bytes.count
        while i < count, failure == nil {
            let byte = bytes[i]
            switch state {
            case .start:
                if JSONValueScanner.isWhitespace(byte) {
                    i += 1
                } else if byte == UInt8(ascii: "{") {
                    state = .expectKey
                    i += 1
                } else {
                    // Not an object: whatever it is, the whole read says what is wrong with it.
                    state = .whole
                    keepWhole(bytes[i...])
                    return
                }
            case .whole:
                keepWhole(bytes[i...])
                return
            case .expectKey:
                if JSONValueScanner.isWhitespace(byte) {
                    i += 1
                } else if byte == UInt8(ascii: "\"") {
                    scanner = JSONValueScanner()
                    pending.removeAll(keepingCapacity: true)
                    state = .key
                } else if byte == UInt8(ascii: "}") {
                    state = .end
                    i += 1
                } else {
                    failure = Self.notJSON
                }
            case .key:
                if readValue(bytes, from: &i) {
                    key = pending
                    state = .expectColon
                }
            case .expectColon:
                if JSONValueScanner.isWhitespace(byte) {
                    i += 1
                } else if byte == UInt8(ascii: ":") {
                    state = .beforeValue
                    i += 1
                } else {
                    failure = Self.notJSON
                }
            case .beforeValue:
                if JSONValueScanner.isWhitespace(byte) {
                    i += 1
                } else if byte == UInt8(ascii: "["), let name = memberName, name == "notes" || name == "watchlist" {
                    members.append(key + Array(":[]".utf8))
                    array = name == "notes" ? .notes : .watchlist
                    if array == .watchlist, watchlist == nil { watchlist = ParsedWatchlist(rows: [], invalid: []) }
                    state = .expectElement
                    i += 1
                } else {
                    scanner = JSONValueScanner()
                    pending.removeAll(keepingCapacity: true)
                    state = .value
                }
            case .value:
                if readValue(bytes, from: &i) {
                    members.append(key + [UInt8(ascii: ":")] + pending)
                    if memberName == "categories" { readCategories() }
                    state = .afterValue
                }
            case .afterValue:
                if JSONValueScanner.isWhitespace(byte) {
                    i += 1
                } else if byte == UInt8(ascii: ",") {
                    state = .expectKey
                    i += 1
                } else if byte == UInt8(ascii: "}") {
                    state = .end
                    i += 1
                } else {
                    failure = Self.notJSON
                }
            case .expectElement:
                if JSONValueScanner.isWhitespace(byte) {
                    i += 1
                } else if byte == UInt8(ascii: "]") {
                    state = .afterValue
                    i += 1
                } else {
                    scanner = JSONValueScanner()
                    pending.removeAll(keepingCapacity: true)
                    state = .element
                }
            case .element:
                if readValue(bytes, from: &i) {
                    switch array {
                    case .notes: readNote()
                    case .watchlist: readWatchlistEntry()
                    }
                    state = .afterElement
                }
            case .afterElement:
                if JSONValueScanner.isWhitespace(byte) {
                    i += 1
                } else if byte == UInt8(ascii: ",") {
                    state = .expectElement
                    i += 1
                } else if byte == UInt8(ascii: "]") {
                    state = .afterValue
                    i += 1
                } else {
                    failure = Self.notJSON
                }
            case .end:
                if JSONValueScanner.isWhitespace(byte) {
                    i += 1
                } else {
                    failure = Self.notJSON
                }
            }
        }
    }

    /// Adds the bytes of the value being read to `pending`, up to its end if it ends in `bytes`; `true` then.
    private mutating func readValue(_ bytes: UnsafeBufferPointer<UInt8>, from i: inout Int) -> Bool {
        let start = i
        var ended = false
        while i < bytes.count {
            switch scanner.step(bytes[i]) {
            case .more:
                i += 1
                continue
            case .endsWith:
                i += 1
                ended = true
            case .endedBefore:
                ended = true
            }
            break
        }
        pending.append(contentsOf: bytes[start..<i])
        if ended, pending.isEmpty { failure = Self.notJSON }
        return ended && failure == nil
    }

    /// The name of the member being read.
    private var memberName: String? {
        guard key.count >= 2 else { return nil }
        if !key.contains(UInt8(ascii: "\\")) { return String(decoding: key.dropFirst().dropLast(), as: UTF8.self) }
        return try? decoder.decode(String.self, from: Data(key))
    }

    /// The categories, read before the notes (as exported): the notes' categories are then known as they come.
    private mutating func readCategories() {
        guard let archived = try? decoder.decode([DiaryJSONCodec.ArchivedCategory].self, from: Data(pending)) else {
            return
        }
        names = try? DiaryJSONCodec.categories(archived).names
    }

    /// The element of `notes` just read: a row, or a row skipped and why.
    private mutating func readNote() {
        let index = rowCount
        rowCount += 1
        guard rowCount <= rowLimit, unknownCategory == nil else { return }
        let element: DiaryJSONCodec.Lenient<DiaryNote>
        do {
            element = try decoder.decode(DiaryJSONCodec.Lenient<DiaryNote>.self, from: Data(pending))
        } catch {
            // Not JSON at all (a value's own problems are caught by `Lenient`).
            failure = Self.notJSON
            return
        }
        guard let names else {
            switch element.result {
            case .success(let note): unresolved.append((index, note))
            case .failure:
                // A note that cannot be decoded names no category: skipped wherever the categories are.
                record(
                    outcome: try? DiaryJSONCodec.outcome(
                        element.result, index: index, names: [:], today: today, base: Self.path(index)))
            }
            return
        }
        do throws(DiaryFileProblem) {
            record(
                outcome: try DiaryJSONCodec.outcome(
                    element.result, index: index, names: names, today: today, base: Self.path(index)))
        } catch {
            unknownCategory = error
        }
    }

    /// The element of `watchlist` just read: an entry, or one skipped and why.
    private mutating func readWatchlistEntry() {
        let index = watchlistCount
        watchlistCount += 1
        guard watchlistCount <= rowLimit else { return }
        let element: DiaryJSONCodec.Lenient<WatchlistEntry>
        do {
            element = try decoder.decode(DiaryJSONCodec.Lenient<WatchlistEntry>.self, from: Data(pending))
        } catch {
            failure = Self.notJSON
            return
        }
        let base: [any CodingKey] = [DiaryJSONPathKey(stringValue: "watchlist"), DiaryJSONPathKey(intValue: index)]
        switch DiaryJSONCodec.watchlistOutcome(element.result, index: index, base: base) {
        case .row(let row): watchlist?.rows.append(row)
        case .invalid(let skipped): watchlist?.invalid.append(skipped)
        }
    }

    private mutating func record(outcome: RowCheck.Outcome?) {
        switch outcome {
        case .row(let row): rows.append(row)
        case .invalid(let skipped): invalid.append(skipped)
        case nil: break
        }
    }

    /// `notes[index]`, where a note decoded on its own stands in the file.
    private static func path(_ index: Int) -> [any CodingKey] {
        [DiaryJSONPathKey(stringValue: "notes"), DiaryJSONPathKey(intValue: index)]
    }
}

/// A step in a JSON path (`notes`, `[3]`).
private struct DiaryJSONPathKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}
