import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// Memory and time per form post are bounded (issue 26, W3 and W7): small URL-encoded bodies with few fields, files
/// only as multipart on the import pages, the CSRF token compared before a large body is read, the multipart reader
/// linear, and one import at a time per person.
@Suite("Hardening: bounded form bodies")
struct FormBodyBoundsTests {
    static let boundary = "BoundsTestBoundary"

    /// A multipart body's opening: the `csrf` part (as the pages put it first), then `fields`.
    static func parts(csrf: String, _ fields: [(String, String)] = []) -> Data {
        var text = ""
        for (name, value) in [("csrf", csrf)] + fields {
            text += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        return Data(text.utf8)
    }

    static func fileHead(_ name: String = "diary.csv") -> Data {
        Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\nContent-Type: text/csv\r\n\r\n"
                .utf8)
    }

    static let closing = Data("\r\n--\(boundary)--\r\n".utf8)

    static func cookieHeader(_ browser: PageBrowser) async -> String {
        await browser.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
    }

    /// Sends `head` and `sent` on a connection of their own and reads the answer's head as soon as it comes (before
    /// the rest of the announced body, which is never sent).
    static func upload(port: Int, head: Data, _ sent: Data = Data()) async throws -> LoopbackConnection.Head {
        let connection = try LoopbackConnection(port: port, timeout: 20)
        return try await LoopbackConnection.onThread {
            try connection.send(head + sent)
            return try connection.readHead()
        }
    }

    @Test(
        "URL-encoded bodies are small on every route (413 in the reader's words), multipart too except on imports",
        arguments: DiaryWebBackend.enabled)
    func smallBodies(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let token = try await browser.sessionCSRF()
            let memo = String(repeating: "a", count: 130 << 10)
            for (language, words) in [
                ("ko", "요청 본문이 128 KB보다 큽니다."), ("en", "The request body is larger than 128 KB."),
            ] {
                await browser.setLanguage(language)
                for path in ["/notes", "/import-export", "/watchlist/import", "/account/password"] {
                    let posted = try await browser.postRaw(
                        path, body: Array("csrf=\(token)&memo=\(memo)".utf8),
                        contentType: "application/x-www-form-urlencoded")
                    #expect(posted.status == .contentTooLarge, "\(path)")
                    #expect(posted.text.contains(words), "\(path): \(posted.text.prefix(500))")
                }
                let multipart = try await browser.postMultipart(
                    "/notes", [("csrf", token), ("memo", memo)], file: nil)
                #expect(multipart.status == .contentTooLarge)
                #expect(multipart.text.contains(words))
            }
            // A Korean memo at its limit fits, percent-encoded as a browser sends it.
            await browser.setLanguage("en")
            let code = try #require(try await client.sampleMovieCodes().first)
            let korean = PageBrowser.encode(String(repeating: "가", count: DiaryValidation.memoLimit))
            let saved = try await browser.postRaw(
                "/notes",
                body: Array("csrf=\(token)&movie=\(code)&title=x&watchedOn=2024-03-16&memo=\(korean)".utf8),
                contentType: "application/x-www-form-urlencoded")
            #expect(saved.status == .seeOther, "\(saved.text.prefix(500))")
        }
    }

    @Test("more than 256 fields is a 400 in the reader's words; a name sent twice keeps its last value")
    func fieldCount() async throws {
        try await DiaryWebTestSupport.withApp(.sqlite) { client in
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let token = try await browser.sessionCSRF()
            let many = (0..<256).map { "f\($0)=1" }.joined(separator: "&")
            for (language, words) in [("ko", "양식의 항목이 256개보다 많습니다."), ("en", "The form has more than 256 fields.")] {
                await browser.setLanguage(language)
                let refused = try await browser.postRaw(
                    "/notes", body: Array("csrf=\(token)&\(many)".utf8),
                    contentType: "application/x-www-form-urlencoded")
                #expect(refused.status == .badRequest)
                #expect(refused.text.contains(words), "\(refused.text.prefix(500))")
                // The same name 300 times counts as 300 fields.
                let repeated = try await browser.postRaw(
                    "/notes", body: Array(("csrf=\(token)" + String(repeating: "&csrf=\(token)", count: 300)).utf8),
                    contentType: "application/x-www-form-urlencoded")
                #expect(repeated.status == .badRequest)
            }
            await browser.setLanguage("en")
            let code = try #require(try await client.sampleMovieCodes().first)
            let saved = try await browser.postRaw(
                "/notes",
                body: Array(
                    "csrf=wrong&movie=\(code)&title=first&watchedOn=2024-03-16&title=last&csrf=\(token)".utf8),
                contentType: "application/x-www-form-urlencoded")
            #expect(saved.status == .seeOther, "\(saved.text.prefix(500))")
            let page = try await browser.get(try #require(saved.location))
            #expect(page.text.contains(">last</a>"), "\(page.text.prefix(2000))")
        }
    }

    @Test(
        "a 128 MB import post with a wrong or missing token is refused (403) before its body is sent",
        arguments: DiaryWebBackend.enabled)
    func tokenBeforeBody(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let port = try #require(client.port)
            let browser = PageBrowser(client)
            try await browser.signUp("minji")
            let cookie = await Self.cookieHeader(browser)
            let large = 128 << 20
            let multipart = "multipart/form-data; boundary=\(Self.boundary)"
            // Only the first part is sent; the server answers without waiting for the other 128 MB.
            let attempts: [(String, [(String, String)], Data)] = [
                (
                    "a wrong token in the first part", [("Content-Type", multipart)],
                    Self.parts(csrf: "wrong", [("format", "csv")])
                ),
                (
                    "no token part first", [("Content-Type", multipart)],
                    Self.fileHead() + Data(repeating: 65, count: 8192)
                ),
                (
                    "a wrong X-CSRF-Token header", [("Content-Type", multipart), ("X-CSRF-Token", "wrong")],
                    Data()
                ),
            ]
            for (label, headers, sent) in attempts {
                let answer = try await Self.upload(
                    port: port,
                    head: LoopbackConnection.postHead(
                        "/import-export", length: large, headers: [("Cookie", cookie)] + headers), sent)
                #expect(answer.status == 403, "\(label): \(answer.text.prefix(300))")
            }
            // The same for the watchlist's import page.
            let watchlist = try await Self.upload(
                port: port,
                head: LoopbackConnection.postHead(
                    "/watchlist/import", length: 16 << 20, headers: [("Cookie", cookie), ("Content-Type", multipart)]),
                Self.parts(csrf: "wrong", [("format", "csv")]))
            #expect(watchlist.status == 403)
            // A URL-encoded body that large is refused by its declared length.
            let urlEncoded = try await Self.upload(
                port: port,
                head: LoopbackConnection.postHead(
                    "/import-export", length: large,
                    headers: [("Cookie", cookie), ("Content-Type", "application/x-www-form-urlencoded")]))
            #expect(urlEncoded.status == 413)
            // Nothing was imported.
            #expect(try await DiaryPageTestSupport.noteTotal(browser) == 0)
        }
    }

    @Test("the multipart reader is linear: near-miss delimiters and dashes cost one look at each byte")
    func linearMultipart() throws {
        let dashes = String(repeating: "-", count: 70)
        // 16 MB of lines that almost close the body: quadratic matching would take minutes.
        let nearMiss = Data(("\r\n--" + String(repeating: "-", count: 69) + "x").utf8)
        var file = Data()
        file.reserveCapacity(16 << 20)
        while file.count < 16 << 20 { file.append(nearMiss) }
        var body = Data("--\(dashes)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\n".utf8)
        body.append(file)
        body.append(Data("\r\n--\(dashes)--\r\n".utf8))
        let form = try FormBody.multipart(ByteBuffer(bytes: body), boundary: dashes)
        #expect(form.file("file")?.data == file)

        // 16 MB of dashes with a boundary of dashes: closed at once, an empty form (no token: refused by the check).
        let allDashes = ByteBuffer(repeating: UInt8(ascii: "-"), count: 16 << 20)
        #expect(try FormBody.multipart(allDashes, boundary: dashes).parts.isEmpty)
    }

    /// Bodies made for a delimiter scan's worst cases, with a boundary of 70 dashes (the review's W7).
    enum Adversary: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// The review's body: dashes only, the whole body.
        case dashesOnly = "dashes only"
        case fileOfDashes = "a file of dashes"
        /// Lines that match all of the delimiter but its last byte.
        case nearMisses = "near-miss delimiters"
        /// Every CR starts the delimiter again.
        case carriageReturns = "carriage returns"
        /// The delimiter's first bytes over and over, failing early.
        case partialDelimiters = "partial delimiters"

        var testDescription: String { rawValue }

        static let boundary = String(repeating: "-", count: 70)

        /// A body of about `size` bytes, and the file it carries (`nil`: no part at all).
        func body(size: Int) -> (body: Data, file: Data?) {
            func filled(_ unit: String) -> Data {
                let bytes = Data(unit.utf8)
                var data = Data()
                data.reserveCapacity(size + bytes.count)
                while data.count < size { data.append(bytes) }
                return data
            }
            let file: Data
            switch self {
            case .dashesOnly: return (filled("-"), nil)
            case .fileOfDashes: file = filled("-")
            case .nearMisses: file = filled("\r\n--" + String(repeating: "-", count: 69) + "x")
            case .carriageReturns: file = filled("\r")
            case .partialDelimiters: file = filled("\r\n-\r\n--\r-")
            }
            let boundary = Self.boundary
            var body = Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\n".utf8)
            body.append(file)
            body.append(Data("\r\n--\(boundary)--\r\n".utf8))
            return (body, file)
        }
    }

    @Test(
        "the multipart reader's work is linear: at most 2 comparisons a byte on bodies of n and 8n bytes",
        arguments: Adversary.allCases)
    func linearMultipartWork(adversary: Adversary) throws {
        // Counted, not timed: the O(n·m) closing-delimiter scan the review found (W7) made about 74 a byte.
        for size in [512 << 10, 4 << 20] {
            let (body, file) = adversary.body(size: size)
            var parser = MultipartFormParser(boundary: Adversary.boundary)
            // In odd-sized pieces, as a body arrives: delimiters fall across them.
            var offset = 0
            while offset < body.count, !parser.isClosed {
                let end = min(body.count, offset + 4093)
                try body[offset..<end].withUnsafeBytes { try parser.feed($0) }
                offset = end
            }
            #expect(parser.isClosed, "\(size) bytes")
            #expect(parser.parts.first?.data == file, "\(size) bytes")
            #expect(parser.comparisons > 0)
            #expect(
                parser.comparisons <= 2 * body.count, "\(parser.comparisons) comparisons for \(body.count) bytes")
        }
    }

    @Test(
        "one import at a time per person: while one is read the others answer 429 with Retry-After in both languages",
        arguments: DiaryWebBackend.enabled)
    func oneImportAtATime(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let port = try #require(client.port)
            let source = PageBrowser(client)
            try await source.signUp("source")
            let code = try #require(try await client.sampleMovieCodes().first)
            try await DiaryPageTestSupport.writeNote(source, movie: code, memo: "held")
            let csv = Data(try await source.get("/export?format=csv").body.readableBytesView)

            let minji = PageBrowser(client)
            try await minji.signUp("minji")
            let token = try await minji.sessionCSRF()
            let login = try await client.call(
                .post, "/api/v1/tokens", json: ["username": "minji", "password": "correct horse battery"])
            let apiToken = try #require(login.jsonObject?["token"] as? String)

            // The first import: its token and format sent, its file held back after a few bytes.
            let opening = Self.parts(csrf: token, [("format", "csv")]) + Self.fileHead()
            let held = try LoopbackConnection(port: port, timeout: 20)
            let heldHead = LoopbackConnection.postHead(
                "/import-export", length: opening.count + csv.count + Self.closing.count,
                headers: [
                    ("Cookie", await Self.cookieHeader(minji)),
                    ("Content-Type", "multipart/form-data; boundary=\(Self.boundary)"),
                ])
            try await LoopbackConnection.onThread { try held.send(heldHead + opening + csv.prefix(4)) }
            // Rendezvous: once the held import has the person's slot, an empty import is refused with 429 (before,
            // it is a 400 that writes nothing).
            try await Wait.until("the held import to take the person's slot") {
                try await client.call(.post, "/api/v1/notes/import?format=csv", token: apiToken, text: "").status
                    == .tooManyRequests
            }

            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<29 {
                    group.addTask {
                        let response = try await minji.postMultipart(
                            "/import-export", [("csrf", token), ("format", "csv")], file: ("file", "a.csv", csv))
                        #expect(response.headers[.retryAfter] == "\(ImportsInProgress.retryAfterSeconds)")
                        return response.status
                    }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: .tooManyRequests, count: 29))
            for (language, words) in [("ko", "가져오기가 이미 진행 중입니다."), ("en", "Another import of yours is still running.")]
            {
                await minji.setLanguage(language)
                let page = try await minji.postMultipart(
                    "/watchlist/import", [("csrf", token)], file: ("file", "w.csv", Data("Name,Year\n".utf8)))
                #expect(page.status == .tooManyRequests)
                #expect(page.text.contains(words), "\(page.text.prefix(500))")
                let api = try await client.call(
                    .post, "/api/v1/watchlist/import?format=letterboxd", token: apiToken, text: "Name,Year\n",
                    headers: [.acceptLanguage: language])
                #expect(api.status == .tooManyRequests)
                #expect(api.headers[.retryAfter] == "\(ImportsInProgress.retryAfterSeconds)")
                #expect(api.apiErrorMessage?.contains(words) == true, "\(api.text)")
                let json = try await client.call(
                    .post, "/api/v1/notes/import?format=json", token: apiToken, text: "{}",
                    headers: [.acceptLanguage: language])
                #expect(json.status == .tooManyRequests)
                #expect(json.apiErrorMessage?.contains(words) == true, "\(json.text)")
            }
            // Another person imports meanwhile.
            let jisoo = PageBrowser(client)
            try await jisoo.signUp("jisoo")
            let other = try await jisoo.postMultipart(
                "/import-export", [("csrf", try await jisoo.sessionCSRF()), ("format", "csv")],
                file: ("file", "a.csv", csv))
            #expect(other.status == .ok, "\(other.text.prefix(500))")

            // The held import finishes and is the one that proceeded; then the person imports again.
            let rest = csv.dropFirst(4) + Self.closing
            let answer = try await LoopbackConnection.onThread {
                try held.send(rest)
                return try held.readHead()
            }
            #expect(answer.status == 200, "\(answer.text.prefix(300))")
            #expect(try await DiaryPageTestSupport.noteTotal(minji) == 1)
            let again = try await minji.postMultipart(
                "/import-export", [("csrf", token), ("format", "csv")], file: ("file", "a.csv", csv))
            #expect(again.status == .ok)
        }
    }
}
