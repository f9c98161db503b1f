import Foundation

/// Splits a request target into its path and percent-decoded query parameters.
enum QueryString {
    /// The path and query of `uri` (e.g. `/a/b.json?key=x&movieNm=%ED%95%9C`). Values are
    /// percent-decoded as UTF-8 (`+` stays `+`); the first occurrence of a name wins.
    static func split(_ uri: String) -> (path: String, query: [String: String]) {
        guard let mark = uri.firstIndex(of: "?") else { return (uri, [:]) }
        let path = String(uri[..<mark])
        return (path, parse(uri[uri.index(after: mark)...]))
    }

    static func parse(_ query: Substring) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            guard !name.isEmpty, result[name] == nil else { continue }
            result[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return result
    }

    private static func decode(_ text: Substring) -> String {
        String(text).removingPercentEncoding ?? String(text)
    }
}
