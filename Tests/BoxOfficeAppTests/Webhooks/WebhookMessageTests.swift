import BoxOfficeApp
import BoxOfficeCore
import Foundation
import Testing

@Suite("Webhook messages")
struct WebhookMessageTests {
    /// The text of RFC 2047 `B` encoded words separated by spaces, as a decoder (ntfy's, Go's `mime`) reads them.
    static func decode(_ value: String) -> String? {
        var bytes = Data()
        for word in value.split(separator: " ") {
            guard word.hasPrefix("=?UTF-8?B?"), word.hasSuffix("?="),
                let data = Data(base64Encoded: String(word.dropFirst(10).dropLast(2)))
            else { return nil }
            // Each word is whole characters on its own.
            guard String(data: data, encoding: .utf8) != nil else { return nil }
            bytes.append(data)
        }
        return String(data: bytes, encoding: .utf8)
    }

    @Test("ntfy's Title header: ASCII as it is, anything else as RFC 2047 encoded words of at most 75 characters")
    func ntfyTitle() throws {
        let ascii = WebhookMessage(kind: "test", title: "Exhuma is #1", text: "body")
        #expect(ascii.request(for: .ntfy).headers["Title"] == "Exhuma is #1")

        for title in [
            "파묘: 일별 박스오피스 1위에 올랐습니다",
            String(repeating: "서울의 봄 ", count: 20) + "👩‍👩‍👧‍👦🎬",
            "line\nbreak é",
        ] {
            let message = WebhookMessage(kind: "first", title: title, text: "본문")
            let request = message.request(for: .ntfy)
            let header = try #require(request.headers["Title"])
            #expect(header.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 }, "\(header)")
            #expect(header.split(separator: " ").allSatisfy { $0.count <= 75 })
            #expect(Self.decode(header) == title.replacingOccurrences(of: "\n", with: " "))
            #expect(request.body == Data("본문".utf8))
        }
    }
}
