import Foundation
import Hummingbird
import Testing

@testable import BoxOfficeWeb

@Suite("Diary pages: redirects, cookies")
struct DiarySessionUnitTests {
    @Test(
        "next: only same-site paths",
        arguments: [
            ("/notes", "/notes"), ("/notes?sort=title&page=2", "/notes?sort=title&page=2"),
            ("https://evil.example", nil),
            ("//evil.example", nil), ("/\\evil.example", nil), ("evil", nil), ("/notes\r\nSet-Cookie: x=y", nil),
            ("", nil),
            ("/login", nil), ("/signup?next=/x", nil), ("/logout", nil), ("javascript:alert(1)", nil),
        ])
    func safeRedirect(candidate: String, expected: String?) {
        #expect(SafeRedirect.path(candidate) == expected)
    }

    @Test("HTTPS is recognized directly or through X-Forwarded-Proto and Forwarded")
    func secure() {
        func request(_ headers: HTTPFields) -> Request {
            Request(
                head: HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/notes", headerFields: headers),
                body: .init(buffer: ByteBuffer()))
        }
        #expect(!SessionCookies.isSecure(request([:])))
        #expect(SessionCookies.isSecure(request([.init("X-Forwarded-Proto")!: "https"])))
        #expect(SessionCookies.isSecure(request([.init("X-Forwarded-Proto")!: "HTTPS, http"])))
        #expect(!SessionCookies.isSecure(request([.init("X-Forwarded-Proto")!: "http"])))
        #expect(SessionCookies.isSecure(request([.init("Forwarded")!: "for=1.2.3.4;proto=https;by=5.6.7.8"])))
        #expect(!SessionCookies.isSecure(request([.init("Forwarded")!: "proto=http"])))
    }

    @Test("secrets compare equal only when equal")
    func constantTime() {
        #expect(ConstantTime.equals("abc", "abc"))
        #expect(!ConstantTime.equals("abc", "abd"))
        #expect(!ConstantTime.equals("abc", "abcd"))
        #expect(ConstantTime.equals("", ""))
    }
}
