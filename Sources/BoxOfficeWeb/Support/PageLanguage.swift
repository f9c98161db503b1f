import Foundation
import BoxOfficeCore
import Hummingbird

extension Language {
    /// The language a page is shown in: `?lang=en|ko` wins, then `Accept-Language`, else Korean.
    init(request: Request) {
        if let requested = request.formParameters.nonEmpty("lang"), let language = Language(rawValue: requested) {
            self = language
        } else {
            self.init(acceptLanguage: request.headers[.acceptLanguage])
        }
    }

    /// The explicit `lang` parameter to carry over in links, or `nil` when the header decided.
    static func explicitParameter(in request: Request) -> Language? {
        request.formParameters.nonEmpty("lang").flatMap(Language.init(rawValue:))
    }
}

/// Builds `path?name=value&…` links, dropping absent values and percent-encoding the rest.
enum LinkBuilder {
    static func link(_ path: String, _ items: [(name: String, value: String?)]) -> String {
        var components = URLComponentsLite(path: path)
        for item in items {
            if let value = item.value, !value.isEmpty { components.append(item.name, value) }
        }
        return components.text
    }
}

/// A tiny query-string writer (Foundation's URLComponents is heavier than needed here).
struct URLComponentsLite {
    private let path: String
    private var pairs: [String] = []

    init(path: String) { self.path = path }

    mutating func append(_ name: String, _ value: String) {
        pairs.append(Self.encode(name) + "=" + Self.encode(value))
    }

    var text: String { pairs.isEmpty ? path : path + "?" + pairs.joined(separator: "&") }

    private static func encode(_ text: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        var encoded = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }
}
