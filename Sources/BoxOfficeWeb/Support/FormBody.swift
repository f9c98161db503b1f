import BoxOfficeCore
import Hummingbird
import Foundation

/// A posted HTML form, read once and decoded into the `Decodable` form type a page asks for: an
/// `application/x-www-form-urlencoded` body with Hummingbird's `URLEncodedFormDecoder` (`+` is a space, names and
/// values are percent-decoded), a `multipart/form-data` body through ``MultipartFormParser`` as it arrives. A body
/// that is not a well-formed form is a 400 (`malformedForm`), never a 500.
///
/// Memory and time per request are bounded: a URL-encoded body is at most ``Limits/urlEncoded`` bytes (small on
/// every route) and ``fieldLimit`` fields, read in one pass; only the import routes take a large multipart body, and
/// ``read(_:limits:admit:)`` lets the caller compare the CSRF token (the form's first part) before more than
/// ``firstPartLimit`` bytes of it are read. ``CSRFMiddleware`` reads the form before any handler runs and keeps it
/// in the request context. A name absent from the body decodes as absent (see
/// ``Swift/KeyedDecodingContainer/field(_:)``); a name sent twice keeps its last value, as browsers never send one
/// twice in the diary's forms and the form reader before this one did.
struct FormBody: Sendable {
    enum Encoding: Sendable, Equatable {
        case urlEncoded
        case multipart(boundary: String)
    }

    /// One part of a multipart form: a field, or a file when it names a `filename`.
    struct Part: Sendable, Equatable {
        var name: String
        var fileName: String?
        var contentType: String?
        var data: Data
    }

    /// The largest bodies a route takes, by encoding.
    struct Limits: Sendable, Equatable {
        var urlEncoded: Int
        var multipart: Int

        /// Every form but the imports: a note's memo at its 10,000 characters of Korean is 90 KB percent-encoded.
        static let small = Limits(urlEncoded: 128 << 10, multipart: 128 << 10)

        /// An import route: files of up to `fileLimit` bytes, as multipart only.
        static func imports(fileLimit: Int) -> Limits {
            Limits(urlEncoded: small.urlEncoded, multipart: fileLimit + (64 << 10))
        }
    }

    /// Most fields (or parts) one form may send; the largest form has a dozen.
    static let fieldLimit = 256
    /// Most bytes of a multipart body read before the token in its first part is compared.
    static let firstPartLimit = 4 << 10

    let encoding: Encoding
    /// A URL-encoded body as sent (empty for a multipart one).
    let bytes: ByteBuffer
    /// A multipart body's parts, in the order sent (none for a URL-encoded one).
    let parts: [Part]

    /// A URL-encoded form.
    init(bytes: ByteBuffer = ByteBuffer()) {
        encoding = .urlEncoded
        self.bytes = bytes
        parts = []
    }

    /// A multipart form already read.
    init(boundary: String, parts: [Part]) {
        encoding = .multipart(boundary: boundary)
        bytes = ByteBuffer()
        self.parts = parts
    }

    /// A whole multipart body read at once (as ``read(_:limits:admit:)`` reads one as it arrives).
    static func multipart(_ bytes: ByteBuffer, boundary: String) throws -> FormBody {
        var parser = MultipartFormParser(boundary: boundary)
        try bytes.withUnsafeReadableBytes { try parser.feed($0) }
        guard parser.isClosed else { throw BoxOfficeError.invalid(nil, .malformedForm) }
        return FormBody(boundary: boundary, parts: parser.parts)
    }

    /// Reads the body of `request`: 413 above the limit of its encoding, 400 for a multipart content type without a
    /// usable boundary, for too many fields or for a body that is not a form.
    ///
    /// `admit` is called once with the form's `csrf` field (`nil` when there is none where it is looked for) before
    /// the body is read further, and may refuse by throwing: for a multipart body the token is its first part, read
    /// at most ``firstPartLimit`` bytes in; a URL-encoded body is small, and read whole first.
    /// With `pace`, a multipart body is refused once it arrives more slowly than that (an import's file).
    static func read(
        _ request: Request, limits: Limits, pace: UploadPace? = nil, admit: (String?) throws -> Void
    ) async throws -> FormBody {
        let contentType = request.headers[.contentType] ?? ""
        guard isMultipart(contentType: contentType) else {
            let bytes = try await collect(request, limit: limits.urlEncoded)
            _ = try keepingLastOfEachName(String(buffer: bytes))
            let form = FormBody(bytes: bytes)
            try admit(form.field("csrf"))
            return form
        }
        guard let boundary = boundary(contentType: contentType) else {
            throw BoxOfficeError.invalid(nil, .malformedForm)
        }
        try refuseDeclaredLength(request, limit: limits.multipart)
        var parser = MultipartFormParser(boundary: boundary)
        var admitted = false
        var total = 0
        var meter = pace?.meter()
        for try await chunk in request.body {
            total += chunk.readableBytes
            try meter?.received(chunk.readableBytes)
            guard total <= limits.multipart else { throw WebError.bodyTooLarge(limitKB: limits.multipart / 1024) }
            try chunk.withUnsafeReadableBytes { bytes in
                var offset = 0
                // Until the token is compared, the parser sees no more than the first part's allowance.
                while !admitted, offset < bytes.count {
                    let step = min(bytes.count - offset, max(1, firstPartLimit - (total - bytes.count + offset)))
                    try parser.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + step]))
                    offset += step
                    if let first = parser.parts.first {
                        admitted = true
                        try admit(first.name == "csrf" && first.fileName == nil ? first.text : nil)
                    } else if total - bytes.count + offset >= firstPartLimit || parser.isClosed {
                        admitted = true
                        try admit(nil)
                    }
                }
                if offset < bytes.count { try parser.feed(UnsafeRawBufferPointer(rebasing: bytes[offset...])) }
            }
            // A file of line breaks costs the parser a turn per byte; others' requests go between its chunks.
            await Task.yield()
        }
        if !admitted { try admit(nil) }
        guard parser.isClosed else { throw BoxOfficeError.invalid(nil, .malformedForm) }
        return FormBody(boundary: boundary, parts: parser.parts)
    }

    /// A small body whole: 413 once it passes `limit` bytes (at once when its declared length does).
    private static func collect(_ request: Request, limit: Int) async throws -> ByteBuffer {
        try refuseDeclaredLength(request, limit: limit)
        var collected = ByteBuffer()
        for try await chunk in request.body {
            guard collected.readableBytes + chunk.readableBytes <= limit else {
                throw WebError.bodyTooLarge(limitKB: limit / 1024)
            }
            var chunk = chunk
            collected.writeBuffer(&chunk)
        }
        return collected
    }

    private static func refuseDeclaredLength(_ request: Request, limit: Int) throws {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            throw WebError.bodyTooLarge(limitKB: limit / 1024)
        }
    }

    /// The form as `Form`; a body that is not a well-formed form of its content type is a 400. Files are not
    /// decoded (``file(_:)`` reads them).
    func decode<Form: Decodable>(_ type: Form.Type = Form.self) throws -> Form {
        let text: String
        switch encoding {
        case .urlEncoded:
            text = try Self.keepingLastOfEachName(String(buffer: bytes))
        case .multipart:
            let allowed = CharacterSet.alphanumerics
            text = try Self.keepingLastOfEachName(
                parts.filter { $0.fileName == nil }.map { part in
                    let name = part.name.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
                    return name + "=" + (part.text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
                }.joined(separator: "&"))
        }
        do {
            return try URLEncodedFormDecoder().decode(Form.self, from: text)
        } catch {
            throw BoxOfficeError.invalid(nil, .malformedForm)
        }
    }

    /// The last value sent for `name` (a field, not a file), or `nil`. An invalid percent escape is left as sent.
    func field(_ name: String) -> String? {
        switch encoding {
        case .urlEncoded:
            var value: Substring?
            for pair in String(buffer: bytes).split(separator: "&") {
                let equals = pair.firstIndex(of: "=") ?? pair.endIndex
                guard FormDecoding.decode(pair[..<equals]) == name else { continue }
                value = equals == pair.endIndex ? "" : FormDecoding.decode(pair[pair.index(after: equals)...])
            }
            return value.map(String.init)
        case .multipart:
            return parts.last { $0.name == name && $0.fileName == nil }?.text
        }
    }

    /// The last file chosen for `name` in a multipart form, or `nil` (a URL-encoded form carries none; browsers
    /// send an input without a file as a part with an empty file name and no content).
    func file(_ name: String) -> UploadedFile? {
        guard let part = parts.last(where: { $0.name == name }), let fileName = part.fileName,
            !(fileName.isEmpty && part.data.isEmpty)
        else { return nil }
        return UploadedFile(fileName: fileName, contentType: part.contentType, data: part.data)
    }

    static func isMultipart(contentType: String) -> Bool {
        contentType.split(separator: ";", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces).lowercased()
            == "multipart/form-data"
    }

    /// The boundary of a `multipart/form-data` content type (RFC 2046: 1 to 70 characters without CR or LF, perhaps
    /// quoted), or `nil`.
    static func boundary(contentType: String) -> String? {
        let parameters = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parameters.first?.lowercased() == "multipart/form-data" else { return nil }
        for parameter in parameters.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            let isClean = !value.utf8.contains { $0 == 13 || $0 == 10 }
            return (1...70).contains(value.utf8.count) && isClean ? value : nil
        }
        return nil
    }

    /// Hummingbird's decoder refuses a name sent twice; the last value wins instead, as it always has here. One pass
    /// over the body; more than ``fieldLimit`` fields is a 400.
    static func keepingLastOfEachName(_ body: String) throws -> String {
        var pairs: [Substring?] = []
        var last: [Substring: Int] = [:]
        var repeated = false
        var start = body.startIndex
        while start < body.endIndex {
            let end = body.utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? body.endIndex
            let pair = body[start..<end]
            start = end < body.endIndex ? body.utf8.index(after: end) : end
            guard !pair.isEmpty else { continue }
            guard pairs.count < fieldLimit else { throw WebError.tooManyFormFields(limit: fieldLimit) }
            let name = pair.prefix { $0 != "=" }
            if let earlier = last[name] {
                pairs[earlier] = nil
                repeated = true
            }
            last[name] = pairs.count
            pairs.append(pair)
        }
        return repeated ? pairs.compactMap { $0 }.joined(separator: "&") : body
    }
}

extension FormBody.Part {
    /// The part's bytes as text (invalid UTF-8 replaced).
    var text: String { String(decoding: data, as: UTF8.self) }
}

extension KeyedDecodingContainer {
    /// A form field exactly as sent, or `""` when the form did not send it (the pages treat both alike).
    func field(_ key: Key) throws -> String {
        try decodeIfPresent(String.self, forKey: key) ?? ""
    }

    /// A form field trimmed, or `nil` when it is absent or blank.
    func nonEmptyField(_ key: Key) throws -> String? {
        let value = try field(key).trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty ? nil : value
    }
}
