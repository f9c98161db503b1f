import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// Form bodies as the pages read them: ``FormBody`` with ``MultipartFormParser`` (multipart) and Hummingbird's
/// URL-encoded form decoder, and the form types built on them.
@Suite("Diary pages: form bodies")
struct FormBodyTests {
    /// Any fields a test wants to read.
    struct Fields: Decodable, Equatable {
        var csrf: String?
        var title: String?
        var memo: String?
        var empty: String?
        var flag: String?
    }

    static func multipart(_ text: String, boundary: String = "XyZ-123") throws -> FormBody {
        try FormBody.multipart(ByteBuffer(string: text), boundary: boundary)
    }

    static func urlEncoded(_ text: String) -> FormBody {
        FormBody(bytes: ByteBuffer(string: text))
    }

    static func isMalformed(_ error: BoxOfficeError) -> Bool {
        error == .invalid(nil, .malformedForm)
    }

    @Test("multipart bodies: fields, files, Korean file names, binary content, preamble and epilogue")
    func multipart() throws {
        let file: [UInt8] = [0, 1, 2, 13, 10, 45, 45, 255] + Array("\r\n--XyZ-12".utf8)
        var body = Array("preamble\r\n--XyZ-123\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\ntoken\r\n".utf8)
        body += Array("--XyZ-123\r\nContent-Disposition: form-data; name=\"content\"\r\n\r\n가나\r\n다\r\n".utf8)
        body += Array("--XyZ-123\r\nContent-Disposition: form-data; name=\"format\"\r\n\r\n csv \r\n".utf8)
        body += Array(
            "--XyZ-123\r\nContent-Disposition: form-data; name=\"file\"; filename=\"내 \\\"영화\\\" 일기; 2024.csv\"\r\nContent-Type: text/csv\r\n\r\n"
                .utf8)
        body += file + Array("\r\n--XyZ-123--\r\nepilogue".utf8)
        let form = try FormBody.multipart(ByteBuffer(bytes: body), boundary: "XyZ-123")
        #expect(try form.decode(Fields.self).csrf == "token")
        let imported = ImportForm(form)
        #expect(imported.pasted == "가나\r\n다")
        #expect(imported.format == "csv")
        let uploaded = try #require(imported.file)
        #expect(uploaded.fileName == "내 \"영화\" 일기; 2024.csv")
        #expect(uploaded.contentType == "text/csv")
        #expect(Array(uploaded.data) == file)
    }

    @Test("multipart: an empty file input, a `file` field that is no file part, a missing file")
    func multipartFiles() throws {
        let empty = try Self.multipart(
            "--XyZ-123\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\"\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--XyZ-123--\r\n"
        )
        #expect(ImportForm(empty).file == nil)
        let plain = try Self.multipart(
            "--XyZ-123\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nnot a file\r\n--XyZ-123--\r\n")
        #expect(ImportForm(plain).file == nil)
        let none = try Self.multipart(
            "--XyZ-123\r\nContent-Disposition: form-data; name=\"format\"\r\n\r\njson\r\n--XyZ-123--")
        #expect(ImportForm(none) == ImportForm(format: "json"))
        // A URL-encoded form cannot carry a file: `file=…` is ignored, as before.
        let urlEncoded = ImportForm(Self.urlEncoded("format=csv&file=abc&content=x"))
        #expect(urlEncoded == ImportForm(format: "csv", pasted: "x"))
    }

    @Test(
        "malformed multipart bodies are a 400 (malformedForm)",
        arguments: [
            "no boundary here",
            "--XyZ-123\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunterminated",
            "--XyZ-123\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\ncut before the close\r\n--XyZ-123",
            "--XyZ-123\r\nBad Header\r\n\r\nx\r\n--XyZ-123--\r\n",
            // A part without a name.
            "--XyZ-123\r\nContent-Disposition: form-data\r\n\r\nx\r\n--XyZ-123--\r\n",
        ])
    func malformedMultipart(body: String) {
        #expect(
            performing: { try Self.multipart(body).decode(Fields.self) as Fields },
            throws: { error in
                Self.isMalformed(try #require(error as? BoxOfficeError))
            })
    }

    @Test("the boundary of a multipart content type")
    func boundary() {
        #expect(FormBody.boundary(contentType: "multipart/form-data; boundary=\"XyZ-123\"") == "XyZ-123")
        #expect(FormBody.boundary(contentType: "Multipart/Form-Data; charset=utf-8; boundary=XyZ-123") == "XyZ-123")
        #expect(FormBody.boundary(contentType: "multipart/form-data") == nil)
        #expect(FormBody.boundary(contentType: "multipart/form-data; boundary=") == nil)
        #expect(
            FormBody.boundary(contentType: "multipart/form-data; boundary=\(String(repeating: "b", count: 71))") == nil)
        #expect(FormBody.boundary(contentType: "application/x-www-form-urlencoded") == nil)
        #expect(FormBody.isMultipart(contentType: "multipart/form-data; boundary=x"))
        #expect(!FormBody.isMultipart(contentType: "application/x-www-form-urlencoded"))
        #expect(!FormBody.isMultipart(contentType: ""))
        #expect(FormBody.boundary(contentType: "multipart/form-data; boundary=\"a\rb\"") == nil)
        // The closing delimiter: after a CRLF or at the start, then an epilogue at most.
        func isClosed(_ text: String) -> Bool {
            var parser = MultipartFormParser(boundary: "B")
            return (try? ByteBuffer(string: text).withUnsafeReadableBytes { try parser.feed($0) }) != nil
                && parser.isClosed
        }
        for closed in ["--B--", "--B--\r\n", "x\r\n--B--", "x\r\n--B--\r\nepilogue --B-"] {
            #expect(isClosed(closed), "\(closed)")
        }
        for open in ["", "--B", "x--B--", "x\r\n--B-", "x\r\n--C--", "x\n--B--"] {
            #expect(!isClosed(open), "\(open)")
        }
    }

    @Test("URL-encoded forms: plus is a space, percent escapes, Korean text, empty and missing values")
    func urlEncoded() throws {
        let form = Self.urlEncoded("title=%ED%95%9C+%EA%B8%80&memo=a%2Bb%0D%0Ac+100%25&empty=&flag&&csrf=t")
        let fields = try form.decode(Fields.self)
        #expect(fields.title == "한 글")
        #expect(fields.memo == "a+b\r\nc 100%")
        #expect(fields.empty == "")
        // A name without `=` is not a field (the pages read an absent field as empty, as they did that one).
        #expect(fields.flag == nil)
        #expect(fields.csrf == "t")
        // Raw UTF-8 (not percent-encoded) reads as sent.
        #expect(try Self.urlEncoded("title=기생충").decode(Fields.self).title == "기생충")
        #expect(try Self.urlEncoded("").decode(Fields.self) == Fields())
    }

    @Test("a name sent twice keeps its last value, as before")
    func repeatedNames() throws {
        let fields = try Self.urlEncoded("csrf=first&title=a&csrf=second&title=b&title=c").decode(Fields.self)
        #expect(fields.csrf == "second")
        #expect(fields.title == "c")
        #expect(try FormBody.keepingLastOfEachName("a=1&b=2&a=3") == "b=2&a=3")
        #expect(try FormBody.keepingLastOfEachName("a=1&b=2") == "a=1&b=2")
        let multipart = try Self.multipart(
            "--XyZ-123\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nfirst\r\n--XyZ-123\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nsecond\r\n--XyZ-123--\r\n"
        )
        #expect(try multipart.decode(Fields.self).csrf == "second")
    }

    @Test(
        "an invalid percent escape is a 400 (malformedForm)",
        arguments: ["memo=%ZZ", "memo=100%", "memo=%E", "%ZZ=x", "title[=x"])
    func invalidEscape(body: String) {
        #expect(
            performing: { try Self.urlEncoded(body).decode(Fields.self) },
            throws: { error in
                Self.isMalformed(try #require(error as? BoxOfficeError))
            })
    }

    @Test("the page forms: missing fields read as empty, blank optional ones as absent, a ticked checkbox as true")
    func pageForms() throws {
        let note = try Self.urlEncoded("movie=2023C109&title=%EA%B8%B0%EC%83%9D%EC%B6%A9&memo=a%0D%0Ab%0D%0A")
            .decode(NoteFormInput.self)
        #expect(note == NoteFormInput(movieCode: "2023C109", title: "기생충", watchedOn: "", memo: "a\nb\n"))
        #expect(NoteFormInput.normalizedLineBreaks("a\r\nb\r\n") == "a\nb\n")

        #expect(
            try Self.urlEncoded("from=+2024-01-01+&to=&weekly=on").decode(BackfillForm.self)
                == BackfillForm(from: "2024-01-01", to: "", weekly: true))
        #expect(try Self.urlEncoded("from=2024-01-01").decode(BackfillForm.self).weekly == false)
        #expect(try Self.urlEncoded("weekly=YES").decode(BackfillForm.self).weekly == true)
        #expect(try Self.urlEncoded("weekly=off").decode(BackfillForm.self).weekly == false)

        let login = try Self.urlEncoded("username=minji&next=+").decode(AccountForms.Login.self)
        #expect(login.username == "minji" && login.password == "" && login.next == nil)
        let signup = try Self.urlEncoded("username=a&password=p+q&passwordConfirm=p%2Bq&next=%2Fnotes")
            .decode(AccountForms.Signup.self)
        #expect(signup.password == "p q" && signup.passwordConfirm == "p+q" && signup.next == "/notes")
        #expect(try Self.urlEncoded("").decode(AccountForms.PasswordChange.self).newPassword == "")
        #expect(try Self.urlEncoded("name=+%EC%98%81%ED%99%94+").decode(AccountForms.NewToken.self).name == " 영화 ")

        #expect(try Self.urlEncoded("name=").decode(CategoryForms.Name.self).name == "")
        #expect(try Self.urlEncoded("visible=+true+").decode(CategoryForms.Visibility.self).visible == "true")
        #expect(try Self.urlEncoded("direction=").decode(CategoryForms.Move.self).direction == nil)
        let delete = try Self.urlEncoded("notes=move&target=").decode(CategoryForms.Delete.self)
        #expect(delete.notes == "move" && delete.target == nil)
    }

    @Test("Content-Disposition parameters: quoted, escaped, unquoted, with semicolons inside quotes")
    func dispositionParameters() {
        #expect(
            UploadedFile.parameters(#"form-data; name="a;b"; filename="my \"diary\".csv""#)
                == ["name": "a;b", "filename": #"my "diary".csv"#])
        #expect(
            UploadedFile.parameters("form-data; name=file; filename=x.csv") == ["name": "file", "filename": "x.csv"])
        #expect(UploadedFile.parameters(#"form-data; NAME="file"; filename="""#) == ["name": "file", "filename": ""])
        #expect(UploadedFile.parameters("form-data") == [:])
    }

    @Test(
        "a multipart upload with a Korean file name imports; a multipart body without a boundary, or cut off, is a 400",
        arguments: DiaryWebBackend.enabled)
    func koreanFileName(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let source = PageBrowser(client)
            try await source.signUp("minji")
            let code = try #require(try await client.sampleMovieCodes().first)
            try await DiaryPageTestSupport.writeNote(source, movie: code, memo: "두 번 봤다, \"최고\"")
            let csv = try await source.get("/export?format=csv")

            let target = PageBrowser(client)
            try await target.signUp("jisoo")
            let token = try await target.sessionCSRF()
            let uploaded = try await target.postMultipart(
                "/import-export", [("csrf", token), ("format", "csv")],
                file: ("file", "내 영화 일기 (2024).csv", Data(csv.body.readableBytesView)))
            #expect(uploaded.status == .ok, "\(uploaded.text.prefix(500))")
            #expect(uploaded.text.contains("1 imported, 0 skipped."), "\(uploaded.text.prefix(2000))")
            let id = try #require(DiaryPageTestSupport.noteIDs(in: try await target.get("/notes").text).first)
            #expect(
                try await target.get("/notes/\(id)").text.contains(
                    "<div class=\"note-memo\">두 번 봤다, &quot;최고&quot;</div>"))

            let noBoundary = try await target.postRaw(
                "/import-export", body: Array("csrf=\(token)&format=csv".utf8), contentType: "multipart/form-data")
            #expect(noBoundary.status == .badRequest)
            #expect(noBoundary.text.contains("The uploaded form could not be read."))
            let cutOff = try await target.postRaw(
                "/import-export",
                body: Array(
                    "--B\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(token)\r\n--B\r\nContent-Disposition: form-data; name=\"format\"\r\n\r\ncsv"
                        .utf8),
                contentType: "multipart/form-data; boundary=B")
            #expect(cutOff.status == .badRequest)
            #expect(try await DiaryPageTestSupport.noteTotal(target) == 1)
        }
    }

    @Test(
        "URL-encoded Korean note text round-trips (+ is a space, %2B a plus); an invalid percent escape is a 400 page",
        arguments: DiaryWebBackend.enabled)
    func koreanNoteRoundTrip(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let code = try #require(try await client.sampleMovieCodes().first)
            let token = try await browser.sessionCSRF()
            func percentEncoded(_ text: String) -> String {
                // As browsers encode a form: spaces as `+`, everything else but unreserved characters escaped.
                text.split(separator: " ", omittingEmptySubsequences: false).map { PageBrowser.encode(String($0)) }
                    .joined(separator: "+")
            }
            let title = "기생충 (Parasite) 두 번째"
            let memo = "1+1은 2, 100% 만족!\r\n둘째 줄 & 끝 = 좋음"
            let body =
                "csrf=\(token)&movie=\(code)&title=\(percentEncoded(title))&watchedOn=2024-03-16&rating=&category="
                + "&place=&memo=\(percentEncoded(memo))&chartDate=&chartRank="
            let saved = try await browser.postRaw(
                "/notes", body: Array(body.utf8), contentType: "application/x-www-form-urlencoded")
            #expect(saved.status == .seeOther, "\(saved.text.prefix(500))")
            let page = try await browser.get(try #require(saved.location))
            #expect(page.text.contains(">기생충 (Parasite) 두 번째</a>"), "\(page.text.prefix(3000))")
            #expect(page.text.contains("<div class=\"note-memo\">1+1은 2, 100% 만족!\n둘째 줄 &amp; 끝 = 좋음</div>"))

            // A refused form comes back with the Korean text as typed.
            let refused = try await browser.postRaw(
                "/notes",
                body: Array(body.replacingOccurrences(of: "watchedOn=2024-03-16", with: "watchedOn=").utf8),
                contentType: "application/x-www-form-urlencoded")
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains(#"value="기생충 (Parasite) 두 번째""#))

            let invalid = try await browser.postRaw(
                "/notes", body: Array("csrf=\(token)&movie=\(code)&title=%ZZ&watchedOn=2024-03-16".utf8),
                contentType: "application/x-www-form-urlencoded")
            #expect(invalid.status == .badRequest)
            #expect(invalid.text.contains("The uploaded form could not be read."), "\(invalid.text.prefix(1000))")
            #expect(try await DiaryPageTestSupport.noteTotal(browser) == 1)
        }
    }
}
