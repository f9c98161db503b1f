import BoxOfficeCore
import CompressNIO
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

extension DeliveryTests {
    /// Over real HTTP on loopback: gzip when the client accepts it, `Vary`, an entity tag per encoding and `304`s on
    /// public answers; nothing of the sort on private pages.
    @Suite("Compression and entity tags", .serialized)
    struct CompressionTests {
        static let acceptGzip: HTTPFields = [.acceptEncoding: "gzip, deflate, br"]
        static let settledDaily = "/daily?date=\(WebTestSupport.settledDate)"

        static func gunzip(_ response: TestResponse) throws -> String {
            var body = response.body
            return String(buffer: try body.decompress(with: ZlibAlgorithm.gzip))
        }

        /// `path` as `browser` (its cookies), with `headers`.
        static func get(_ path: String, as browser: PageBrowser, headers: HTTPFields = [:]) async throws -> TestResponse
        {
            var headers = headers
            headers[.cookie] = await browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            return try await browser.client.get(path, headers: headers)
        }

        @Test("pages, static files and JSON go out in gzip when accepted: the same text unzipped, its own entity tag")
        func gzipWhenAccepted() async throws {
            try await AdminTestSupport.withApp { app in
                let client = app.client
                let code = try await client.sampleMovieCodes()[0]
                // Kept pages, a page rendered per request (search), static files, chart JSON, the OpenAPI document.
                let paths = [
                    Self.settledDaily, "/movies/\(code)", "/movies?q=a", "/static/style.css", "/static/app.js",
                    "/api/v1/daily?date=\(WebTestSupport.settledDate)", "/openapi.json",
                ]
                for path in paths {
                    let plain = try await client.get(path)
                    let zipped = try await client.get(path, headers: Self.acceptGzip)
                    #expect(plain.status == .ok && zipped.status == .ok, "\(path)")
                    #expect(plain.headers[.contentEncoding] == nil, "\(path)")
                    #expect(zipped.headers[.contentEncoding] == "gzip", "\(path)")
                    // Appended to what the answer varies by besides (pages: the language; charts: the view cookie).
                    #expect(plain.headers[.vary]?.contains("Accept-Encoding") == true, "\(path)")
                    #expect(zipped.headers[.vary] == plain.headers[.vary], "\(path)")
                    #expect(zipped.headers[.contentType] == plain.headers[.contentType], "\(path)")
                    #expect(zipped.body.readableBytes * 2 < plain.body.readableBytes, "\(path): at least halved")
                    #expect(try Self.gunzip(zipped) == plain.text, "\(path)")
                    let plainTag = try #require(plain.headers[.eTag], "\(path)")
                    #expect(zipped.headers[.eTag] == String(plainTag.dropLast()) + "-gz\"", "\(path)")
                }
            }
        }

        @Test("sent as they are: without Accept-Encoding, when gzip is refused, tiny bodies, PNG")
        func notCompressed() async throws {
            try await AdminTestSupport.withApp { app in
                let client = app.client
                let refused = try await client.get(Self.settledDaily, headers: [.acceptEncoding: "gzip;q=0, identity"])
                #expect(refused.status == .ok)
                #expect(refused.headers[.contentEncoding] == nil)
                let star = try await client.get(Self.settledDaily, headers: [.acceptEncoding: "*"])
                #expect(star.headers[.contentEncoding] == "gzip")
                let health = try await client.get("/health", headers: Self.acceptGzip)
                #expect(health.headers[.contentEncoding] == nil)
                #expect(health.text == "ok")
                let session = try await client.get("/session", headers: Self.acceptGzip)
                #expect(session.headers[.contentEncoding] == nil, "under 1 KB")
                #expect(session.text == #"{"signedIn":false}"#)
                // Icons (when the bundle has any) are PNGs: compressed already.
                let assets = try StaticAssets.load(from: WebResources.publicDirectory)
                for icon in assets.all where icon.path.hasSuffix(".png") {
                    let response = try await client.get(icon.url, headers: Self.acceptGzip)
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentEncoding] == nil, "\(icon.path)")
                    #expect(response.headers[.contentType] == "image/png")
                }
            }
            let png = EncodedBody(ByteBuffer(repeating: 0, count: 10_000), contentType: "image/png")
            #expect(png.gzip == nil)
            let svg = EncodedBody(ByteBuffer(repeating: 0x20, count: 10_000), contentType: "image/svg+xml")
            #expect(svg.gzip != nil)
            let manifest = EncodedBody(
                ByteBuffer(repeating: 0x20, count: 2_000), contentType: "application/manifest+json")
            #expect(manifest.gzip != nil)
            #expect(EncodedBody(ByteBuffer(string: "<p>hi</p>"), contentType: "text/html").gzip == nil)
        }

        @Test("public pages answer 304 to their own tag (either encoding, weak or in a list), 200 to any other")
        func entityTags() async throws {
            try await AdminTestSupport.withApp { app in
                let client = app.client
                let code = try await client.sampleMovieCodes()[0]
                for path in [Self.settledDaily, "/weekly?date=2024-03-10", "/movies/\(code)", "/movies?q=a"] {
                    let plain = try await client.get(path)
                    let tag = try #require(plain.headers[.eTag], "\(path)")
                    #expect(tag.hasPrefix("\"") && !tag.hasPrefix("W/"), "strong: \(tag)")
                    let zippedTag = try #require(try await client.get(path, headers: Self.acceptGzip).headers[.eTag])
                    #expect(zippedTag != tag)

                    for candidate in [tag, "W/\(tag)", "\"nope\", \(tag)", "*"] {
                        let response = try await client.get(path, headers: [.ifNoneMatch: candidate])
                        #expect(response.status == .notModified, "\(path) \(candidate)")
                        #expect(response.body.readableBytes == 0)
                        #expect(response.headers[.eTag] == tag)
                    }
                    var zipped = Self.acceptGzip
                    zipped[.ifNoneMatch] = zippedTag
                    #expect(try await client.get(path, headers: zipped).status == .notModified, "\(path)")
                    // The gzip form's tag does not stand for the plain body, nor an old tag for the current one.
                    #expect(try await client.get(path, headers: [.ifNoneMatch: zippedTag]).status == .ok)
                    #expect(try await client.get(path, headers: [.ifNoneMatch: "\"0123456789abcdef\""]).status == .ok)
                }
                let list = try await client.get(Self.settledDaily)
                let grid = try await client.get(Self.settledDaily + "&view=grid")
                #expect(list.headers[.eTag] != grid.headers[.eTag], "another body, another tag")
            }
        }

        @Test("private pages: no-store, no entity tag, never 304, not compressed", arguments: DiaryWebBackend.enabled)
        func privatePages(backend: DiaryWebBackend) async throws {
            try await AdminTestSupport.withApp(backend) { app in
                let code = try await app.client.sampleMovieCodes()[0]
                let browser = try await AdminTestSupport.signedIn(app, "minji", admin: false)
                let id = try await DiaryPageTestSupport.writeNote(
                    browser, movie: code, memo: String(repeating: "memo ", count: 300))
                for path in ["/notes", "/notes/\(id)", "/stats", "/account", "/notes/new?movie=\(code)", "/session"] {
                    var headers = Self.acceptGzip
                    headers[.ifNoneMatch] = "*"
                    let response = try await Self.get(path, as: browser, headers: headers)
                    #expect(response.status == .ok, "\(path)")
                    #expect(response.headers[.cacheControl] == "no-store", "\(path)")
                    #expect(response.headers[.eTag] == nil, "\(path)")
                    #expect(response.headers[.contentEncoding] == nil, "\(path)")
                }
                // The login form holds a CSRF token too.
                let login = try await app.client.get("/login", headers: Self.acceptGzip)
                #expect(login.headers[.cacheControl] == "no-store")
                #expect(login.headers[.eTag] == nil)
                #expect(login.headers[.contentEncoding] == nil)
            }
        }
    }
}
