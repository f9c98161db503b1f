import BoxOfficeCore
import Hummingbird
import MultipartKit

/// A posted HTML form, collected once (413 above the limit) and decoded into the `Decodable` form type a page
/// asks for: `multipart/form-data` with MultipartKit's `FormDataDecoder`, anything else as
/// `application/x-www-form-urlencoded` with Hummingbird's `URLEncodedFormDecoder` (`+` is a space, names and values
/// are percent-decoded). A body neither decoder can read is a 400 (`malformedForm`), never a 500.
///
/// ``CSRFMiddleware`` reads it before any handler runs and keeps it in the request context, so the token check and
/// the page read the same bytes; each decodes only the fields it declares. A name absent from the body decodes as
/// absent (see ``Swift/KeyedDecodingContainer/field(_:)``); a name sent twice keeps its last value, as browsers
/// never send one twice in the diary's forms and the form reader before this one did.
struct FormBody: Sendable {
    enum Encoding: Sendable, Equatable {
        case urlEncoded
        case multipart(boundary: String)
    }

    let encoding: Encoding
    let bytes: ByteBuffer

    init(encoding: Encoding = .urlEncoded, bytes: ByteBuffer = ByteBuffer()) {
        self.encoding = encoding
        self.bytes = bytes
    }

    /// Collects the body of `request`: 413 above `limit`, 400 for a multipart content type without a usable boundary.
    static func read(_ request: Request, limit: Int) async throws -> FormBody {
        let contentType = request.headers[.contentType] ?? ""
        let encoding: Encoding
        if isMultipart(contentType: contentType) {
            guard let boundary = boundary(contentType: contentType) else {
                throw BoxOfficeError.invalid(nil, .malformedForm)
            }
            encoding = .multipart(boundary: boundary)
        } else {
            encoding = .urlEncoded
        }
        do {
            return FormBody(encoding: encoding, bytes: try await request.body.collect(upTo: limit))
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw WebError.bodyTooLarge(limitKB: limit / 1024)
        }
    }

    /// The form as `Form`; a body that is not a well-formed form of its content type is a 400.
    func decode<Form: Decodable>(_ type: Form.Type = Form.self) throws(BoxOfficeError) -> Form {
        do {
            switch encoding {
            case .urlEncoded:
                let text = Self.keepingLastOfEachName(String(buffer: bytes))
                return try URLEncodedFormDecoder().decode(Form.self, from: text)
            case .multipart(let boundary):
                // MultipartKit stops quietly where a cut-off body ends: the closing delimiter shows it is whole.
                guard Self.isClosed(bytes, boundary: boundary) else {
                    throw BoxOfficeError.invalid(nil, .malformedForm)
                }
                return try FormDataDecoder().decode(Form.self, from: bytes, boundary: boundary)
            }
        } catch {
            throw .invalid(nil, .malformedForm)
        }
    }

    static func isMultipart(contentType: String) -> Bool {
        contentType.split(separator: ";", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces).lowercased()
            == "multipart/form-data"
    }

    /// The boundary of a `multipart/form-data` content type (RFC 2046: 1 to 70 characters, perhaps quoted), or `nil`.
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
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    /// Hummingbird's decoder refuses a name sent twice; the last value wins instead, as it always has here.
    static func keepingLastOfEachName(_ body: String) -> String {
        let pairs = body.split(separator: "&")
        let names = pairs.map { $0.prefix { $0 != "=" } }
        guard Set(names).count < names.count else { return body }
        var seen = Set<Substring>()
        var kept: [Substring] = []
        for (pair, name) in zip(pairs, names).reversed() where seen.insert(name).inserted { kept.append(pair) }
        return kept.reversed().joined(separator: "&")
    }

    /// Whether `--boundary--` closes the body, after a CRLF (or at its start, for a form without parts), followed by
    /// an epilogue at most. Sought from the end: browsers end the body with it and a CRLF.
    static func isClosed(_ bytes: ByteBuffer, boundary: String) -> Bool {
        let closing = Array("--\(boundary)--".utf8)
        return bytes.withUnsafeReadableBytes { body in
            var start = body.count - closing.count
            while start >= 0 {
                if body[start] == closing[0], body[start..<start + closing.count].elementsEqual(closing),
                    start == 0 || (start >= 2 && body[start - 2] == 13 && body[start - 1] == 10)
                {
                    return true
                }
                start -= 1
            }
            return false
        }
    }
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
