import BoxOfficeCore
import Foundation

/// Reads a `multipart/form-data` body as it arrives, in one pass: each byte is looked at a bounded number of times,
/// whatever the body holds (a body of dashes costs what any other body of its size does). Parts are kept as they
/// end; a part's body is copied once, into its ``FormBody/Part/data``.
///
/// The delimiter `CRLF--boundary` starts with the only CR it holds (a boundary has no CR or LF), so a failed match
/// can restart at the byte that failed: no byte is compared twice against the delimiter.
///
/// Why not MultipartKit's `MultipartParser` (tried): it takes `--boundary` anywhere in the preamble, refuses a form
/// without parts, ends a body at one `-`, keeps its `Content-Disposition` reader internal, and read the linear-time
/// test's 16 MB of near-miss delimiters 17 times slower in debug builds; the wrapper it needed was this file's size.
struct MultipartFormParser: Sendable {
    enum State: Sendable, Equatable {
        /// Before the first delimiter: skipped.
        case preamble
        /// Just after a delimiter: `--` closes the body, CRLF starts a part's headers.
        case afterDelimiter
        /// One `-` after a delimiter: the next must be the second.
        case closing
        /// One CR after a delimiter: the next must be LF.
        case headersAhead
        case headers
        case body
        /// After the closing delimiter: skipped.
        case epilogue
    }

    /// Largest header block of one part (a file name is the longest thing in it).
    static let headerLimit = 8 << 10

    private let delimiter: [UInt8]
    private(set) var state = State.preamble
    /// How many bytes of ``delimiter`` the bytes just seen match.
    private var matched: Int
    private var headerBytes: [UInt8] = []
    private var current: (name: String, fileName: String?, contentType: String?)?
    private var body = Data()
    /// The parts that have ended, in the order sent.
    private(set) var parts: [FormBody.Part] = []
    private let partLimit: Int
    /// Bytes compared so far (a run up to a CR counted at once): the linear-time test bounds it, with no clock.
    private(set) var comparisons = 0

    /// A parser for `boundary` (1 to 70 characters without CR or LF) that refuses more than `partLimit` parts.
    init(boundary: String, partLimit: Int = FormBody.fieldLimit) {
        delimiter = Array("\r\n--\(boundary)".utf8)
        // The first delimiter may open the body, with no CRLF before it.
        matched = 2
        self.partLimit = partLimit
    }

    /// Whether the closing delimiter has been read.
    var isClosed: Bool { state == .epilogue }

    /// Reads `bytes`, the next bytes of the body; a body that is not a form is a 400 (`malformedForm`), more than `partLimit` parts a 400 too.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) throws {
        var index = 0
        while index < bytes.count {
            switch state {
            case .epilogue:
                return
            case .preamble, .body:
                index = try scan(bytes, from: index)
            case .afterDelimiter:
                comparisons += 1
                switch bytes[index] {
                case UInt8(ascii: "-"): state = .closing
                case 13: state = .headersAhead
                default: throw BoxOfficeError.invalid(nil, .malformedForm)
                }
                index += 1
            case .closing:
                comparisons += 1
                guard bytes[index] == UInt8(ascii: "-") else { throw BoxOfficeError.invalid(nil, .malformedForm) }
                state = .epilogue
                index += 1
            case .headersAhead:
                comparisons += 1
                guard bytes[index] == 10 else { throw BoxOfficeError.invalid(nil, .malformedForm) }
                state = .headers
                index += 1
            case .headers:
                index = try readHeaders(bytes, from: index)
            }
        }
    }

    /// Looks for the delimiter from `start`, adding what is not part of it to the part's body (nothing in the
    /// preamble); returns where it stopped.
    private mutating func scan(_ bytes: UnsafeRawBufferPointer, from start: Int) throws -> Int {
        var index = start
        while index < bytes.count {
            if matched == 0 {
                // Up to the next CR nothing can start a delimiter: taken in one go.
                var end = index
                while end < bytes.count, bytes[end] != 13 { end += 1 }
                comparisons += end - index
                if state == .body, end > index, let base = bytes.baseAddress {
                    body.append(base.assumingMemoryBound(to: UInt8.self) + index, count: end - index)
                }
                index = end
                guard index < bytes.count else { return index }
            }
            let byte = bytes[index]
            comparisons += 1
            if byte == delimiter[matched] {
                matched += 1
                index += 1
                if matched == delimiter.count {
                    matched = 0
                    try endPart()
                    state = .afterDelimiter
                    return index
                }
            } else {
                // What matched so far was body after all; the byte that failed may start the delimiter again.
                if state == .body { body.append(contentsOf: delimiter[0..<matched]) }
                matched = 0
                if byte == 13 {
                    matched = 1
                } else if state == .body {
                    body.append(byte)
                }
                index += 1
            }
        }
        return index
    }

    /// Collects header bytes up to the blank line that ends them; returns where it stopped.
    private mutating func readHeaders(_ bytes: UnsafeRawBufferPointer, from start: Int) throws -> Int {
        var index = start
        while index < bytes.count {
            headerBytes.append(bytes[index])
            index += 1
            comparisons += 1
            // No header block (CRLF at once) or an endless one: no name can come.
            guard headerBytes.count <= Self.headerLimit, headerBytes != [13, 10] else {
                throw BoxOfficeError.invalid(nil, .malformedForm)
            }
            if headerBytes.count >= 4, headerBytes.suffix(4).elementsEqual([13, 10, 13, 10]) {
                current = try Self.disposition(headerBytes.dropLast(4))
                headerBytes = []
                state = .body
                return index
            }
        }
        return index
    }

    /// Ends the part being read (none before the first delimiter).
    private mutating func endPart() throws {
        defer {
            body = Data()
            current = nil
        }
        guard state == .body else { return }
        guard let current else { throw BoxOfficeError.invalid(nil, .malformedForm) }
        guard parts.count < partLimit else { throw WebError.tooManyFormFields(limit: partLimit) }
        parts.append(
            FormBody.Part(name: current.name, fileName: current.fileName, contentType: current.contentType, data: body))
    }

    /// The name, file name and type a part's headers give; a header line without a colon, or a part without a
    /// name, is not a form.
    static func disposition(_ block: ArraySlice<UInt8>) throws -> (
        name: String, fileName: String?, contentType: String?
    ) {
        var name: String?
        var fileName: String?
        var contentType: String?
        let text = String(decoding: block, as: UTF8.self)
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":"), colon > line.startIndex else {
                throw BoxOfficeError.invalid(nil, .malformedForm)
            }
            let field = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch field {
            case "content-disposition":
                let parameters = UploadedFile.parameters(value)
                name = parameters["name"]
                fileName = parameters["filename"]
            case "content-type":
                contentType = value
            default:
                continue
            }
        }
        guard let name, !name.isEmpty else { throw BoxOfficeError.invalid(nil, .malformedForm) }
        return (name, fileName, contentType)
    }
}
