public import BoxOfficeCore
public import Foundation

/// The wire bodies of webhook messages: what the sender POSTs for each ``WebhookFormat``.
extension WebhookMessage {
    /// The request body and extra headers for `format`. Keys of JSON bodies are sorted, so a body is the same bytes
    /// each time it is made (its signature too).
    public func request(for format: WebhookFormat) -> (body: Data, contentType: String, headers: [String: String]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func json(_ object: [String: String]) -> Data {
            (try? encoder.encode(object)) ?? Data("{}".utf8)
        }
        switch format {
        case .json:
            var object = fields
            object["kind"] = kind
            object["text"] = text
            return (json(object), "application/json", [:])
        case .discord:
            // Discord refuses content over 2000 characters.
            return (json(["content": String(text.prefix(2000))]), "application/json", [:])
        case .slack:
            return (json(["text": text]), "application/json", [:])
        case .ntfy:
            // Header values are single-line ASCII; ntfy decodes RFC 2047 encoded words in its headers.
            let title = title.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
            return (Data(text.utf8), "text/plain; charset=utf-8", ["Title": Self.headerValue(title)])
        }
    }

    /// `text` as a header value: as it is when it is printable ASCII, else as RFC 2047 encoded words
    /// (`=?UTF-8?B?…?=`, each at most 75 characters, whole characters in each, separated by spaces, which a decoder
    /// drops between encoded words).
    public static func headerValue(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) { return text }
        // 45 bytes are 60 base64 characters: with `=?UTF-8?B?` and `?=`, 72.
        let wordBytes = 45
        var words: [[UInt8]] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if !chunk.isEmpty, chunk.count + bytes.count > wordBytes {
                words.append(chunk)
                chunk = []
            }
            // A character longer than a word (a long emoji sequence) is split by scalars.
            if bytes.count > wordBytes {
                for scalar in character.unicodeScalars {
                    let scalarBytes = Array(String(scalar).utf8)
                    if !chunk.isEmpty, chunk.count + scalarBytes.count > wordBytes {
                        words.append(chunk)
                        chunk = []
                    }
                    chunk += scalarBytes
                }
            } else {
                chunk += bytes
            }
        }
        if !chunk.isEmpty { words.append(chunk) }
        return words.map { "=?UTF-8?B?" + Data($0).base64EncodedString() + "?=" }.joined(separator: " ")
    }
}
