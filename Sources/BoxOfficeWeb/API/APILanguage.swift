import BoxOfficeCore
import Hummingbird

extension Language {
    /// The language of a JSON answer's words (error messages): `?lang=en|ko` wins, then `Accept-Language`;
    /// English when the request names neither (pages default to Korean instead).
    init(apiRequest request: Request) {
        if let requested = request.formParameters.nonEmpty("lang"), let language = Language(rawValue: requested) {
            self = language
        } else if let header = request.headers[.acceptLanguage], !header.isEmpty {
            self.init(acceptLanguage: header)
        } else {
            self = .english
        }
    }
}
