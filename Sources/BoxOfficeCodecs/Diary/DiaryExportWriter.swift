public import BoxOfficeCore
public import Foundation

/// Writes an export a piece at a time, so a diary of any size is sent while it is read: ``write(_:)`` for each
/// chunk of notes, oldest watched first (the order of ``DiaryNoteRepository/notes(userID:after:limit:)``), then
/// ``finish()``. The pieces joined are byte for byte the file of all the notes at once.
///
/// Nothing is written before the first note, so an empty diary's file comes whole from ``finish()``.
public struct DiaryExportWriter: Sendable {
    /// The format the pieces are written in.
    public let format: DiaryFileFormat
    private let categoryNames: [UUID: String]
    private let json: DiaryJSONFrame?
    private var wroteNotes = false
    /// Movies seen so far (Letterboxd's `Rewatch`).
    private var seenMovies: Set<String> = []

    /// A writer of `format`; `categories` name the notes' categories, `exportedAt` dates a JSON file, which is laid
    /// out as `layout` says and carries `watchlist` after the notes (none when `nil`).
    public init(
        format: DiaryFileFormat, categories: [DiaryCategory], exportedAt: Date,
        layout: DiaryJSONCodec.Layout = .prettyPrinted, watchlist: [WatchlistEntry]? = nil
    ) throws {
        self.format = format
        categoryNames = Dictionary(categories.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        json =
            format == .json
            ? try DiaryJSONFrame(
                categories: categories, exportedAt: exportedAt, layout: layout, watchlist: watchlist) : nil
    }

    /// The next piece of the file, for `notes` that follow those already written.
    public mutating func write(_ notes: [DiaryNote]) throws -> Data {
        guard !notes.isEmpty else { return Data() }
        defer { wroteNotes = true }
        switch format {
        case .csv:
            var text = wroteNotes ? "" : DiaryCSVCodec.header
            for note in notes { text += DiaryCSVCodec.line(note, categoryNames: categoryNames) }
            return Data(text.utf8)
        case .letterboxd:
            var text = wroteNotes ? "" : LetterboxdCodec.header
            for note in notes {
                let rewatch = !seenMovies.insert(note.movieCode).inserted
                text += LetterboxdCodec.line(note, categoryNames: categoryNames, rewatch: rewatch)
            }
            return Data(text.utf8)
        case .json:
            guard let json else { preconditionFailure("a JSON writer has its frame") }
            return try json.notes(notes, first: !wroteNotes)
        }
    }

    /// The end of the file: the whole file when no note was written.
    public mutating func finish() throws -> Data {
        switch format {
        case .csv: return wroteNotes ? Data() : Data(DiaryCSVCodec.header.utf8)
        case .letterboxd: return wroteNotes ? Data() : Data(LetterboxdCodec.header.utf8)
        case .json:
            guard let json else { preconditionFailure("a JSON writer has its frame") }
            return wroteNotes ? json.suffix : json.empty
        }
    }
}

/// The parts of a JSON export around its notes, found by encoding the document once with a marker in place of the
/// notes, so the pieces are written by the same encoder as a whole document would be.
struct DiaryJSONFrame: Sendable {
    /// Stands for the notes: longer than any category name, so no category (the only strings before the notes) can
    /// hold it.
    private static let marker = "\"boxoffice-diary-notes-" + String(repeating: "-", count: 64) + "\""

    /// Everything before the first note (in the pretty layout, up to the start of its line).
    let prefix: Data
    /// Everything after the last note.
    let suffix: Data
    /// The document of a diary without notes.
    let empty: Data
    let layout: DiaryJSONCodec.Layout
    /// Spaces before each line of a note in the pretty layout, beyond those of a note encoded in an array alone.
    let extraIndent: Int

    init(
        categories: [DiaryCategory], exportedAt: Date, layout: DiaryJSONCodec.Layout, watchlist: [WatchlistEntry]?
    ) throws {
        self.layout = layout
        let encoder = DiaryJSONCodec.encoder(layout)
        let archived = categories.map {
            DiaryJSONCodec.ArchivedCategory(id: $0.id, name: $0.name, visible: $0.visible, position: $0.position)
        }
        empty = try encoder.encode(
            DiaryJSONCodec.ExportArchive(
                exportedAt: exportedAt, categories: archived, notes: [DiaryNote](), watchlist: watchlist))
        let marked = try encoder.encode(
            DiaryJSONCodec.ExportArchive(
                exportedAt: exportedAt, categories: archived, notes: [String(Self.marker.dropFirst().dropLast())],
                watchlist: watchlist))
        // Keys are sorted: only the categories' strings come before the notes (`version` and the watchlist follow
        // them, and a watchlist title may be as long as the marker), so the first match is the notes' place.
        guard let found = marked.range(of: Data(Self.marker.utf8)) else {
            preconditionFailure("the encoder wrote the marker as it is")
        }
        switch layout {
        case .compact:
            prefix = Data(marked[..<found.lowerBound])
            extraIndent = 0
        case .prettyPrinted:
            let lineStart = (marked[..<found.lowerBound].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
            prefix = Data(marked[..<lineStart])
            // A note alone in an array is indented by one level (two spaces).
            extraIndent = found.lowerBound - lineStart - 2
        }
        suffix = Data(marked[found.upperBound...])
    }

    /// `notes` as they stand in the document's `notes` array, after the notes already written unless `first`.
    func notes(_ notes: [DiaryNote], first: Bool) throws -> Data {
        let array = try DiaryJSONCodec.encoder(layout).encode(notes)
        var piece = first ? prefix : Data(layout == .compact ? ",".utf8 : ",\n".utf8)
        switch layout {
        case .compact:
            // `[note,note]` without its brackets.
            piece.append(array.dropFirst().dropLast())
        case .prettyPrinted:
            // `[\n  {…},\n  {…}\n]`: the lines between the brackets, each indented to the document's depth.
            let lines = array.dropFirst(2).dropLast(2)
            let indent = Data(repeating: UInt8(ascii: " "), count: extraIndent)
            piece.reserveCapacity(piece.count + lines.count + lines.count / 8)
            var atLineStart = true
            for byte in lines {
                if atLineStart, byte != UInt8(ascii: "\n") { piece.append(indent) }
                piece.append(byte)
                atLineStart = byte == UInt8(ascii: "\n")
            }
        }
        return piece
    }
}
