import Foundation
import Hummingbird

/// What a request accepts and already holds: `Accept-Encoding` (gzip only: no Brotli library is in the mirror) and
/// `If-None-Match`; and which content types are worth compressing.
enum ContentCoding {
    /// Text formats (HTML, CSS, JavaScript, JSON and the manifest, SVG, feeds, CSV, calendars). Images other than
    /// SVG, and anything else, are sent as they are: PNG and JPEG are compressed already.
    static func isCompressible(_ contentType: String) -> Bool {
        let type = contentType.prefix { $0 != ";" }.lowercased()
        if type.hasPrefix("text/") { return true }
        return [
            "application/json", "application/manifest+json", "application/javascript", "application/atom+xml",
            "application/xml", "application/problem+json", "image/svg+xml",
        ].contains(type)
    }

    /// Whether `Accept-Encoding` names gzip (or `*`) without `q=0`.
    static func acceptsGzip(_ request: Request) -> Bool {
        // Every request of a kept page asks this: browsers send a plain list (`gzip, deflate, br, zstd`), read without
        // splitting it; weights (`;q=`) take the careful way.
        guard let combined = request.headers[.acceptEncoding] else { return false }
        if !combined.utf8.contains(UInt8(ascii: ";")) {
            return combined.utf8.contains(UInt8(ascii: "*")) || holdsGzip(combined.utf8)
        }
        for value in request.headers[values: .acceptEncoding] {
            for item in value.split(separator: ",") {
                let parts = item.split(separator: ";")
                let coding = parts.first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
                guard coding == "gzip" || coding == "x-gzip" || coding == "*" else { continue }
                let refused = parts.dropFirst().contains { parameter in
                    let pair = parameter.split(separator: "=", maxSplits: 1).map {
                        $0.trimmingCharacters(in: .whitespaces).lowercased()
                    }
                    return pair.count == 2 && pair[0] == "q" && (Double(pair[1]) ?? 1) == 0
                }
                if !refused { return true }
            }
        }
        return false
    }

    private static let gzip = Array("gzip".utf8)

    /// Whether `text` holds "gzip" in any case, read byte by byte (no searcher or copy per request).
    private static func holdsGzip(_ text: String.UTF8View) -> Bool {
        var matched = 0
        for byte in text {
            let lower = byte | 0x20
            matched = lower == gzip[matched] ? matched + 1 : (lower == gzip[0] ? 1 : 0)
            if matched == gzip.count { return true }
        }
        return false
    }

    /// Whether `If-None-Match` lists `tag` (or is `*`). The comparison is the weak one RFC 9110 prescribes for
    /// `If-None-Match`: a `W/` prefix is ignored.
    static func ifNoneMatch(_ request: Request, matches tag: String) -> Bool {
        guard request.headers[.ifNoneMatch] != nil else { return false }
        for value in request.headers[values: .ifNoneMatch] {
            for item in value.split(separator: ",") {
                var candidate = item.trimmingCharacters(in: .whitespaces)
                if candidate == "*" { return true }
                if candidate.hasPrefix("W/") { candidate.removeFirst(2) }
                if candidate == tag { return true }
            }
        }
        return false
    }
}
