import BoxOfficeCore
import Foundation

/// Reads `multipart/form-data` bodies (RFC 7578), the only way a browser uploads a file without script.
/// Hummingbird has no parser for it; this one handles what browsers send: parts with a
/// `Content-Disposition: form-data; name=…[; filename=…]` header and an optional `Content-Type`.
enum MultipartFormData {
    /// The boundary of a `multipart/form-data` content type, or `nil` for any other content type.
    static func boundary(contentType: String) -> String? {
        let parameters = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parameters.first?.lowercased() == "multipart/form-data" else { return nil }
        for parameter in parameters.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value = unquote(pair[1])
            // RFC 2046: 1 to 70 characters.
            return (1...70).contains(value.count) ? value : nil
        }
        return nil
    }

    /// Splits the body into fields and files. Throws a 400 for a body that is not multipart with this boundary.
    static func parse(_ body: [UInt8], boundary: String) throws(BoxOfficeError) -> SubmittedForm {
        let malformed = BoxOfficeError.invalid(nil, .malformedForm)
        let delimiter = Array("--\(boundary)".utf8)
        let separator = Array("\r\n--\(boundary)".utf8)
        let headerEnd: [UInt8] = Array("\r\n\r\n".utf8)
        // The first delimiter may follow a preamble; later ones always follow a CRLF.
        guard var position = find(delimiter, in: body, from: 0) else { throw malformed }
        position += delimiter.count
        var form = SubmittedForm()
        while true {
            guard position + 2 <= body.count else { throw malformed }
            if body[position] == UInt8(ascii: "-"), body[position + 1] == UInt8(ascii: "-") { return form }
            guard body[position] == 13, body[position + 1] == 10 else { throw malformed }
            position += 2
            guard let headersEnd = find(headerEnd, in: body, from: position) else { throw malformed }
            let headers = String(decoding: body[position..<headersEnd], as: UTF8.self)
            let contentStart = headersEnd + headerEnd.count
            guard let contentEnd = find(separator, in: body, from: contentStart) else { throw malformed }
            let part = try Part(headers: headers)
            let content = Data(body[contentStart..<contentEnd])
            if let fileName = part.fileName {
                form.files[part.name] = UploadedFile(fileName: fileName, contentType: part.contentType, data: content)
            } else {
                form.fields[part.name] = String(decoding: content, as: UTF8.self)
            }
            position = contentEnd + separator.count
        }
    }

    private struct Part {
        var name: String
        var fileName: String?
        var contentType: String?

        init(headers: String) throws(BoxOfficeError) {
            var name: String?
            for line in headers.components(separatedBy: "\r\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let field = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                switch field {
                case "content-disposition":
                    for parameter in MultipartFormData.parameters(value).dropFirst() {
                        switch parameter.name {
                        case "name": name = parameter.value
                        case "filename": fileName = parameter.value
                        default: break
                        }
                    }
                case "content-type":
                    contentType = value
                default:
                    break
                }
            }
            guard let name else {
                throw .invalid(nil, .malformedForm)
            }
            self.name = name
        }
    }

    /// `form-data; name="a;b"; filename="x.csv"` → the pieces, honouring quotes.
    static func parameters(_ value: String) -> [(name: String, value: String)] {
        var pieces: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in value {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" && quoted {
                current.append(character)
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
                current.append(character)
            } else if character == ";" && !quoted {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        return pieces.map { piece in
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            guard let equals = trimmed.firstIndex(of: "=") else { return (trimmed.lowercased(), "") }
            let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            return (name, unquote(trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)))
        }
    }

    private static func unquote(_ text: String) -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The first index of `needle` in `haystack` at or after `start`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = true
                for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}
