import Hummingbird

extension Request {
    /// The query string decoded the way browsers encode forms (`application/x-www-form-urlencoded`):
    /// `+` is a space and names are percent-decoded too. Hummingbird's `queryParameters` keeps a
    /// literal `+`, which would turn a searched "해리 포터" into "해리+포터". Every page and API route
    /// reads its query through this, so links rebuilt from a query (the language switch) round-trip.
    var formParameters: Parameters {
        Parameters(formQuery: uri.query.map { Substring($0) } ?? "")
    }

    /// `lang` as ``formParameters`` reads it, when not empty. Every API request asks for it (its messages' language)
    /// and most have none: the query is decoded only when its bytes hold `lang` or an escape that could spell it.
    var langParameter: String? {
        guard let query = uri.query, Self.mayHoldLang(query) else { return nil }
        return formParameters.nonEmpty("lang")
    }

    /// Whether `query`'s bytes hold `lang` or a `%`: one pass, no allocation (the standard library's `firstRange(of:)`
    /// builds a searcher each time, which cost more than decoding the query).
    static func mayHoldLang(_ query: String) -> Bool {
        // No letter of `lang` repeats, so a mismatch restarts the match at this byte.
        var matched = 0
        for byte in query.utf8 {
            if byte == UInt8(ascii: "%") { return true }
            if byte == langBytes[matched] {
                matched += 1
                if matched == langBytes.count { return true }
            } else {
                matched = byte == langBytes[0] ? 1 : 0
            }
        }
        return false
    }

    private static let langBytes = Array("lang".utf8)
}

extension Parameters {
    /// A query string (what follows `?`) decoded as a form, as ``Hummingbird/Request/formParameters`` reads it.
    init(formQuery query: Substring) {
        guard !query.isEmpty else {
            self.init()
            return
        }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: true).map { pair -> (Substring, Substring) in
            guard let equals = pair.firstIndex(of: "=") else { return (FormDecoding.decode(pair), "") }
            return (FormDecoding.decode(pair[..<equals]), FormDecoding.decode(pair[pair.index(after: equals)...]))
        }
        self.init(pairs)
    }

    /// The query of an HTTP request's path (`/api/v1/daily?date=…`), decoded as a form.
    init(queryOf path: String?) {
        guard let path, let mark = path.firstIndex(of: "?") else {
            self.init()
            return
        }
        self.init(formQuery: path[path.index(after: mark)...])
    }
}

/// `application/x-www-form-urlencoded` decoding of one name or value, without Foundation: every page
/// request decodes its query several times, and Foundation's string bridging made that a sixth of a
/// cached page's cost. A malformed escape or bytes that are not UTF-8 leave the text as it was (with
/// `+` still read as a space), as Foundation's `removingPercentEncoding` returning `nil` did.
enum FormDecoding {
    static func decode(_ text: Substring) -> Substring {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else { return text }
        var spaced = [UInt8]()
        spaced.reserveCapacity(utf8.count)
        for byte in utf8 { spaced.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte) }
        var decoded = [UInt8]()
        decoded.reserveCapacity(spaced.count)
        var index = 0
        var malformed = false
        while index < spaced.count {
            let byte = spaced[index]
            guard byte == UInt8(ascii: "%") else {
                decoded.append(byte)
                index += 1
                continue
            }
            guard index + 2 < spaced.count, let high = hexValue(spaced[index + 1]),
                let low = hexValue(spaced[index + 2])
            else {
                malformed = true
                break
            }
            decoded.append(high << 4 | low)
            index += 3
        }
        if !malformed, let string = String(validating: decoded, as: UTF8.self) { return Substring(string) }
        return Substring(String(decoding: spaced, as: UTF8.self))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
