import Foundation
import BoxOfficeCore
import Hummingbird

extension Language {
    /// The language a page is shown in: `?lang=en|ko` wins, then `Accept-Language`, else Korean.
    init(request: Request) {
        self.init(request: request, parameters: request.formParameters)
    }

    /// The same, with the request's query already decoded (a chart page decodes it once).
    init(request: Request, parameters: Parameters) {
        self.init(
            lang: parameters.nonEmpty("lang"), acceptLanguage: request.headers[.acceptLanguage], fallback: .korean)
    }

    /// Picks a language from an `Accept-Language` header: Korean unless English ranks higher (a tag without a
    /// `q` weighs 1; other languages are ignored).
    init(acceptLanguage: String?) {
        self = Self.named(inAcceptLanguage: acceptLanguage) ?? .korean
    }

    /// The one of Korean and English an `Accept-Language` header ranks higher, or `nil` when it names neither
    /// (`fr`, `*`): then the caller's own fallback decides.
    static func named(inAcceptLanguage acceptLanguage: String?) -> Language? {
        var best: (language: Language, quality: Double)?
        for part in (acceptLanguage ?? "").lowercased().split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first else { continue }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            let language: Language? = tag.hasPrefix("ko") ? .korean : tag.hasPrefix("en") ? .english : nil
            if let language, quality > (best?.quality ?? 0) { best = (language, quality) }
        }
        return best?.language
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
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded = [UInt8]()
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.append(byte)
            default:
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }
}
