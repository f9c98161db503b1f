import Foundation
import Hummingbird
import Testing

@testable import BoxOfficeWeb

@Suite("Diary pages: form bodies, redirects, cookies")
struct DiarySessionUnitTests {
    @Test("multipart bodies: fields, files, quoted names, binary content")
    func multipart() throws {
        let boundary = "XyZ-123"
        let file: [UInt8] = [0, 1, 2, 13, 10, 45, 45, 255] + Array("\r\n--XyZ-12".utf8)
        var body = Array("preamble\r\n--XyZ-123\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\ntoken\r\n".utf8)
        body += Array("--XyZ-123\r\nContent-Disposition: form-data; name=\"a;b\"\r\n\r\n가나\r\n다\r\n".utf8)
        body += Array(
            "--XyZ-123\r\nContent-Disposition: form-data; name=\"file\"; filename=\"my \\\"diary\\\".csv\"\r\nContent-Type: text/csv\r\n\r\n"
                .utf8)
        body += file + Array("\r\n--XyZ-123--\r\nepilogue".utf8)
        #expect(MultipartFormData.boundary(contentType: "multipart/form-data; boundary=\"XyZ-123\"") == boundary)
        #expect(
            MultipartFormData.boundary(contentType: "Multipart/Form-Data; charset=utf-8; boundary=XyZ-123") == boundary)
        #expect(MultipartFormData.boundary(contentType: "application/x-www-form-urlencoded") == nil)
        let form = try MultipartFormData.parse(body, boundary: boundary)
        #expect(form["csrf"] == "token")
        #expect(form["a;b"] == "가나\r\n다")
        let uploaded = try #require(form.file("file"))
        #expect(uploaded.fileName == "my \"diary\".csv")
        #expect(uploaded.contentType == "text/csv")
        #expect(Array(uploaded.data) == file)
        #expect(form.file("missing") == nil)

        #expect(throws: (any Error).self) {
            try MultipartFormData.parse(Array("no boundary here".utf8), boundary: boundary)
        }
        #expect(throws: (any Error).self) {
            try MultipartFormData.parse(
                Array("--XyZ-123\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunterminated".utf8),
                boundary: boundary)
        }
        // An empty file input is sent as a part with an empty file name and no content.
        let empty = try MultipartFormData.parse(
            Array(
                "--XyZ-123\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\"\r\n\r\n\r\n--XyZ-123--\r\n"
                    .utf8),
            boundary: boundary)
        #expect(empty.files["file"] != nil && empty.file("file") == nil)
    }

    @Test("URL-encoded forms: plus is a space, percent escapes, missing values")
    func urlEncoded() {
        let form = SubmittedForm.urlEncoded("title=%ED%95%9C+%EA%B8%80&memo=a%2Bb%0D%0Ac&empty=&flag&bad=%ZZ")
        #expect(form["title"] == "한 글")
        #expect(form["memo"] == "a+b\r\nc")
        #expect(form["empty"] == "")
        #expect(form["flag"] == "")
        #expect(form["bad"] == "%ZZ")
        #expect(form.nonEmpty("empty") == nil)
        #expect(NoteFormInput.normalizedLineBreaks("a\r\nb\r\n") == "a\nb\n")
    }

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
