import Foundation
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
}
