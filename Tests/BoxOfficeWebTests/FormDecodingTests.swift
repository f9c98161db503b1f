import Foundation
import Hummingbird
import Testing

@testable import BoxOfficeWeb

@Suite("Form decoding of query strings")
struct FormDecodingTests {
    /// What the Foundation-based decoder this replaces answered: `+` → space, then percent-decoding,
    /// or the spaced text when that fails.
    func foundationReference(_ text: String) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    @Test(
        "same answers as Foundation's removingPercentEncoding",
        arguments: [
            "", "plain", "a+b", "%ED%95%B4%EB%A6%AC+%ED%8F%AC%ED%84%B0", "a%2Bb", "100%", "%", "%2", "%zz", "%FF",
            "%e2%82%ac", "%E2%82", "x%20y+z", "++", "%2525", "한글", "a=b", "%3Cscript%3E",
        ])
    func matchesFoundation(_ text: String) {
        #expect(String(FormDecoding.decode(Substring(text))) == foundationReference(text))
    }

    @Test("links percent-encode everything but unreserved characters and decode back to the same text")
    func linksRoundTrip() {
        let link = LinkBuilder.link("/movies", [("q", "해리 포터&x=1+2~"), ("year", nil), ("page", "")])
        #expect(link == "/movies?q=%ED%95%B4%EB%A6%AC%20%ED%8F%AC%ED%84%B0%26x%3D1%2B2~")
        let value = link.split(separator: "=", maxSplits: 1)[1]
        #expect(FormDecoding.decode(value) == "해리 포터&x=1+2~")
        #expect(LinkBuilder.link("/daily", []) == "/daily")
    }

    @Test("names and values of a whole query")
    func wholeQuery() async throws {
        try await WebTestSupport.withSampleApp { client in
            let page = try await client.get("/movies?q=%ED%95%B4%EB%A6%AC+%ED%8F%AC%ED%84%B0&lang=en")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"value="해리 포터""#))
        }
    }

    @Test(
        "a query is decoded for `lang` only when its bytes may spell it",
        arguments: [
            ("date=2024-03-01", false), ("lang=en", true), ("x=1&lang=", true), ("llang=ko", true), ("lan=g", false),
            ("langu", true), ("la%6Eg=en", true), ("%FF", true), ("", false), ("l", false), ("LANG=en", false),
        ])
    func mayHoldLang(query: String, expected: Bool) {
        #expect(Request.mayHoldLang(query) == expected)
    }

    @Test("the API's lang is the one the whole query's decoding finds")
    func langParameterAgreesWithTheQuery() async throws {
        try await WebTestSupport.withSampleApp { client in
            // An escaped `lang` still names the language of the messages.
            let escaped = try await client.get("/api/v1/daily?date=1999-01-01&la%6Eg=ko")
            #expect(escaped.status == .badRequest && escaped.text.contains("날짜"))
            let plain = try await client.get("/api/v1/daily?date=1999-01-01")
            #expect(plain.status == .badRequest && !plain.text.contains("날짜"))
            let refused = try await client.get("/api/v1/daily?la%6Eg=fr")
            #expect(refused.status == .badRequest && refused.text.contains("lang"))
        }
    }
}
