import BoxOfficeCore
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("Page language")
struct PageLanguageTests {
    @Test(
        "Accept-Language picks the language: Korean unless English ranks higher",
        arguments: [
            (String?.none, Language.korean), ("", .korean), ("en-US,en;q=0.9", .english),
            ("ko-KR,ko;q=0.9,en;q=0.8", .korean), ("fr-FR,en;q=0.5,ko;q=0.4", .english), ("fr", .korean),
            ("EN", .english), ("en;q=0.2, ko;q=0.8", .korean), ("en-GB;q=0.9, ko;q=bad", .korean),
        ])
    func acceptLanguage(header: String?, expected: Language) {
        #expect(Language(acceptLanguage: header) == expected)
    }

    @Test("?lang= wins over Accept-Language; an unknown lang falls back to the header")
    func parameterWins() async throws {
        try await WebTestSupport.withSampleApp { client in
            let korean = try await client.get("/movies?lang=ko", headers: [.acceptLanguage: "en"])
            #expect(korean.text.contains(#"<html lang="ko">"#))
            let english = try await client.get("/movies?lang=en", headers: [.acceptLanguage: "ko"])
            #expect(english.text.contains(#"<html lang="en">"#))
            let unknown = try await client.get("/movies?lang=fr", headers: [.acceptLanguage: "en-US"])
            #expect(unknown.text.contains(#"<html lang="en">"#))
        }
    }
}
