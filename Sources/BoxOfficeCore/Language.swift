/// The languages BoxOffice speaks.
public enum Language: String, Sendable, CaseIterable, Codable {
    case korean = "ko"
    case english = "en"

    /// Picks a language from an `Accept-Language` header (Korean unless English ranks higher).
    public init(acceptLanguage: String?) {
        guard let header = acceptLanguage?.lowercased() else {
            self = .korean
            return
        }
        var best: (Language, Double)?
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first else { continue }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            let language: Language? = tag.hasPrefix("ko") ? .korean : tag.hasPrefix("en") ? .english : nil
            if let language, quality > (best?.1 ?? -1) { best = (language, quality) }
        }
        self = best?.0 ?? .korean
    }
}
