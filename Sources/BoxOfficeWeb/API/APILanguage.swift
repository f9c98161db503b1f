import BoxOfficeCore
import Hummingbird

extension Language {
    /// The language a reader asks for: `lang` (`en` or `ko`) wins, then an `Accept-Language` header that names
    /// one of them, and `fallback` when neither does. Pages and KOBIS's words fall back to Korean (KOBIS gives them
    /// in Korean); the API's messages to English, also for `Accept-Language: fr`.
    init(lang: String?, acceptLanguage: String?, fallback: Language) {
        if let lang, let language = Language(rawValue: lang) {
            self = language
        } else {
            self = Self.named(inAcceptLanguage: acceptLanguage) ?? fallback
        }
    }

    /// The language of an API answer's messages (skipped rows, notices): `lang`, then `Accept-Language`, else English.
    static func messages(lang: String?, acceptLanguage: String?) -> Language {
        Language(lang: lang, acceptLanguage: acceptLanguage, fallback: .english)
    }

    /// The language of a JSON answer's messages (errors) as `request` asks: `?lang=`, then `Accept-Language`, else
    /// English. Pages read theirs with `Language(request:)`, which falls back to Korean.
    static func messages(of request: Request) -> Language {
        messages(lang: request.langParameter, acceptLanguage: request.headers[.acceptLanguage])
    }
}

extension Parameters {
    /// A generated operation's typed query as the parameters the pages' parsers read: each value present under its
    /// name (numbers written back as digits), absent ones left out.
    init(typed values: KeyValuePairs<String, String?>) {
        self.init(values.compactMap { name, value in value.map { (Substring(name), Substring($0)) } })
    }
}
