import AsyncHTTPClient
import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

/// Issue 26, finding 8: answers say in `Vary` everything they differ by (compression appends, never replaces), and
/// no answer takes an address from the request's `Host` (a cache keyed on the path would hand it to everyone).
@Suite("Caches keyed right: Vary appended, no link from Host")
struct CacheKeyAndLinkTests {
    static let acceptGzip: HTTPFields = [.acceptEncoding: "gzip"]

    /// The names a response's `Vary` lists.
    static func varyNames(_ response: TestResponse) -> Set<String> {
        Set(
            response.headers[values: .vary].flatMap { $0.split(separator: ",") }.map {
                $0.trimmingCharacters(in: .whitespaces)
            })
    }

    @Test("Vary keeps what an answer set and adds each name once; * stays")
    func varyField() {
        var fields: HTTPFields = [.vary: "Accept-Language"]
        fields.addVary(["Accept-Encoding"])
        #expect(fields[.vary] == "Accept-Language, Accept-Encoding")
        fields.addVary(["accept-encoding", "Cookie"])
        #expect(fields[values: .vary] == ["Accept-Language, Accept-Encoding, Cookie"])
        var star: HTTPFields = [.vary: "*"]
        star.addVary(["Accept-Encoding"])
        #expect(star[.vary] == "*")
        var empty: HTTPFields = [:]
        empty.addVary(["Accept-Encoding"])
        #expect(empty[.vary] == "Accept-Encoding")
        // Two fields, names padded with spaces and tabs, in capitals: one field, each name once; a name that differs
        // by more than case is another name.
        var padded: HTTPFields = [:]
        padded.append(HTTPFields.Element(name: .vary, value: "Cookie ,\tACCEPT-LANGUAGE"))
        padded.append(HTTPFields.Element(name: .vary, value: "X-A"))
        padded.addVary(["Accept-Language", "x-a", "X_A"])
        #expect(padded[values: .vary] == ["Cookie, ACCEPT-LANGUAGE, X-A, X_A"])
    }

    @Test("a feed's Vary: Accept-Language survives compression; chart pages vary by language and the view cookie")
    func varyAfterCompression() async throws {
        try await WebTestSupport.withSampleApp { client in
            #expect(try await client.get("/daily?date=2024-03-19").status == .ok)
            for path in ["/feeds/daily.atom", "/feeds/weekly.atom"] {
                let zipped = try await client.get(path, headers: Self.acceptGzip)
                #expect(zipped.status == .ok)
                // The weekly feed is empty here (no week stored): too small to compress, it varies by language only.
                let compressed = path == "/feeds/daily.atom"
                if compressed { #expect(zipped.headers[.contentEncoding] == "gzip") }
                let expected: Set<String> = compressed ? ["Accept-Language", "Accept-Encoding"] : ["Accept-Language"]
                #expect(Self.varyNames(zipped).isSuperset(of: expected), "\(path): \(zipped.headers[values: .vary])")
                let plain = try await client.get(path)
                #expect(Self.varyNames(plain).contains("Accept-Language"), "\(path): \(plain.headers[values: .vary])")
            }
            let chart = try await client.get("/daily?date=\(WebTestSupport.settledDate)", headers: Self.acceptGzip)
            #expect(chart.status == .ok)
            #expect(
                Self.varyNames(chart).isSuperset(of: ["Accept-Language", "Accept-Encoding", "Cookie"]),
                "\(chart.headers[values: .vary])")
            let weekly = try await client.get("/weekly?range=week&date=2024-03-10")
            #expect(Self.varyNames(weekly).isSuperset(of: ["Accept-Language", "Cookie"]))
            let code = try #require(try await client.sampleMovieCodes().first)
            let movie = try await client.get("/movies/\(code)", headers: Self.acceptGzip)
            #expect(Self.varyNames(movie).isSuperset(of: ["Accept-Language", "Accept-Encoding"]))
        }
    }

    @Test("feeds without BOXOFFICE_PUBLIC_URL link relatively; with it, absolutely")
    func feedLinks() async throws {
        try await WebTestSupport.withSampleApp { client in
            _ = try await client.get("/daily?date=2024-03-19")
            let feed = try await client.get("/feeds/daily.atom")
            #expect(feed.text.contains(#"<link rel="self" type="application/atom+xml" href="/feeds/daily.atom"/>"#))
            #expect(feed.text.contains(#"href="/daily?date=2024-03-19"/>"#))
            #expect(!feed.text.contains(#"href="http"#), "no origin without the public address")
        }
        try await HardeningTestSupport.withApp(
            configure: { $0.publicURL = URL(string: "https://boxoffice.example/") }
        ) { client, _, _ in
            _ = try await client.get("/daily?date=2024-03-19")
            let feed = try await client.get("/feeds/daily.atom")
            #expect(feed.text.contains(#"href="https://boxoffice.example/feeds/daily.atom"/>"#))
        }
    }

    @Test("with Host: evil.example, no answer names evil.example: feeds, calendar, feed address, pages, redirects")
    func hostNeverEchoed() async throws {
        try await HardeningTestSupport.withApp(.live) { client, _, _ in
            let port = try #require(client.port)
            let browser = PageBrowser(client)
            try await browser.signUp("hostcheck")
            #expect(try await browser.get("/daily?date=2024-03-19").status == .ok)
            let code = try #require(try await client.sampleMovieCodes().first)
            let listed = try await browser.submit(on: "/account", to: "/watchlist", [("movieCode", code)])
            #expect(listed.status == .seeOther)
            let token = try await browser.sessionCSRF()
            let cookie = await browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")

            let http = HTTPClient(eventLoopGroupProvider: .singleton)
            do {
                /// A GET, or a form POST when `body` is given, as the whole answer's headers and body in one text.
                func send(_ path: String, signedIn: Bool, body: String? = nil) async throws -> (
                    status: UInt, text: String
                ) {
                    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
                    request.method = body == nil ? .GET : .POST
                    request.headers.replaceOrAdd(name: "Host", value: "evil.example")
                    request.headers.add(name: "X-Forwarded-Host", value: "evil.example")
                    request.headers.add(name: "Accept-Encoding", value: "identity")
                    if signedIn { request.headers.add(name: "Cookie", value: cookie) }
                    if let body {
                        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
                        request.body = .bytes(ByteBuffer(string: body))
                    }
                    let response = try await http.execute(request, timeout: .seconds(30))
                    let bytes = try await response.body.collect(upTo: 8 << 20)
                    let headers = response.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
                    return (response.status.code, headers + "\n\n" + String(buffer: bytes))
                }

                let form = "csrf=\(PageBrowser.encode(token))"
                let rotated = try await send("/account/feeds/rotate", signedIn: true, body: form)
                #expect(rotated.status == 200, "\(rotated.text.prefix(300))")
                let secret = try #require(FeedAddressPageTests.shownSecret(rotated.text))
                #expect(rotated.text.contains(#"value="/feeds/u/\#(secret)/alerts.atom" data-site-relative"#))
                var answers = [("POST /account/feeds/rotate", rotated)]
                let signedIn = [
                    "/feeds/daily.atom", "/feeds/weekly.atom", "/feeds/u/\(secret)/alerts.atom",
                    "/feeds/u/\(secret)/calendar.ics", "/feeds/u/\(secret)/calendar.ics?lang=en", "/account/feeds",
                    "/notes", "/notifications", "/watchlist", "/session", "/daily?date=2024-03-19", "/daily",
                    "/movies/\(code)", "/offline", "/manifest.webmanifest", "/sw.js", "/", "/login", "/nope",
                    "/api/v1/daily?date=2024-03-19", "/watchlist/marks?codes=\(code)",
                ]
                for path in signedIn {
                    answers.append(("GET \(path) signed in", try await send(path, signedIn: true)))
                }
                // Signed out: the redirects to the log-in page, and the log-in page itself.
                for path in ["/notes", "/notifications", "/account/feeds", "/login?next=/notes", "/feeds/daily.atom"] {
                    answers.append(("GET \(path) signed out", try await send(path, signedIn: false)))
                }
                let back = "csrf=\(PageBrowser.encode(token))&movieCode=\(code)&next=%2Fmovies%2F\(code)"
                answers.append(("POST /watchlist", try await send("/watchlist", signedIn: true, body: back)))
                for (label, answer) in answers {
                    #expect(answer.status < 500, "\(label): \(answer.status)")
                    #expect(!answer.text.lowercased().contains("evil.example"), "\(label):\n\(answer.text.prefix(600))")
                }
                let calendar = try await send("/feeds/u/\(secret)/calendar.ics", signedIn: false)
                #expect(calendar.status == 200)
                #expect(!calendar.text.contains("\r\nURL:"), "no absolute URL to give without the public address")
            } catch {
                try await http.shutdown()
                throw error
            }
            try await http.shutdown()
        }
    }
}
