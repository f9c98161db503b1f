import Foundation
import HTTPTypes
import Hummingbird
import KOBIS
import OpenAPIRuntime
import Testing

@testable import BoxOfficeWeb

@Suite("An import's file must arrive at a real upload's pace while it holds a place")
struct UploadPaceTests {
    /// A clock that moves `step` each time it is read, so every chunk arrives `step` after the one before.
    static func pace(step: Duration) -> UploadPace {
        let start = ContinuousClock.now
        let reads = Locked(0)
        return UploadPace(now: {
            let read = reads.withLock { count in
                count += 1
                return count - 1
            }
            return start.advanced(by: step * read)
        })
    }

    static func body(_ chunks: [Int]) -> HTTPBody {
        HTTPBody(chunks.map { HTTPBody.ByteChunk(repeating: 0x41, count: $0) }.async, length: .unknown)
    }

    @Test("a slow start or a stall within the grace is forgiven; a trickle is stopped, after a fast start too")
    func meter() throws {
        // 20 s of nothing, then 20 KB a second: behind by less than the grace, and catching up.
        var slowStart = Self.pace(step: .seconds(20)).meter()  // read at 0 s
        try slowStart.received(0)  // 20 s
        for _ in 0..<10 { try slowStart.received(400 << 10) }  // 400 KB every 20 s
        #expect(slowStart.credit > 0)

        // A byte every 20 s: refused once 30 s of credit are spent.
        var trickle = Self.pace(step: .seconds(20)).meter()
        try trickle.received(1)  // 20 s: 10 s of credit left
        #expect(throws: WebError.uploadTooSlow(bytesPerSecond: 16 << 10)) { try trickle.received(1) }  // 40 s

        // Fast first, then a trickle: the burst banks no more than the grace, so the trickle is stopped as soon.
        var burst = Self.pace(step: .seconds(20)).meter()
        try burst.received(200 << 20)  // 200 MB in the first 20 s
        #expect(burst.credit == UploadPace().creditLimit)
        try burst.received(1)
        #expect(throws: WebError.uploadTooSlow(bytesPerSecond: 16 << 10)) { try burst.received(1) }
    }

    @Test("a paced body stops at the first chunk behind; a steady one arrives whole")
    func pacedBody() async throws {
        let pace = Self.pace(step: .seconds(20))
        await #expect(throws: WebError.uploadTooSlow(bytesPerSecond: 16 << 10)) {
            _ = try await Data(collecting: pace.paced(Self.body([1_000, 1_000, 1_000])), upTo: 1 << 20)
        }
        let steady = try await Data(
            collecting: Self.pace(step: .seconds(20)).paced(Self.body(Array(repeating: 512 << 10, count: 6))),
            upTo: 8 << 20)
        #expect(steady.count == 3 << 20)
    }

    @Test("an import refused for its pace frees its place")
    func freesThePlace() async throws {
        let imports = ImportsInProgress(limit: 1, pace: Self.pace(step: .seconds(20)))
        let minji = UUID()
        await #expect(throws: WebError.uploadTooSlow(bytesPerSecond: 16 << 10)) {
            try await imports.run(for: minji, file: Self.body([10, 10, 10, 10])) { file in
                try await Data(collecting: file, upTo: 1 << 20)
            }
        }
        try imports.begin(UUID())
    }

    @Test("an import page's multipart body is read at the pace too")
    func formBody() async throws {
        let boundary = "pace"
        var parts = [ByteBuffer(string: "--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nt\r\n")]
        parts.append(
            ByteBuffer(
                string: "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\n"))
        parts += Array(repeating: ByteBuffer(string: "a,b\r\n"), count: 5)
        let request = Request(
            head: HTTPRequest(
                method: .post, scheme: "http", authority: "localhost", path: "/import",
                headerFields: [.contentType: "multipart/form-data; boundary=\(boundary)"]),
            body: RequestBody(asyncSequence: parts.async))
        var admitted: String?
        await #expect(throws: WebError.uploadTooSlow(bytesPerSecond: 16 << 10)) {
            _ = try await FormBody.read(
                request, limits: .imports(fileLimit: 1 << 20), pace: Self.pace(step: .seconds(10))
            ) { admitted = $0 }
        }
        #expect(admitted == "t", "the token was compared before the pace stopped the file")
    }

    @Test("the app's import page and import operation read their files at the imports' pace")
    func wiredIntoTheApp() async throws {
        try await DiaryWebTestSupport.withServices(.sqlite) { services in
            // A clock that moves 100 s between reads: any file is behind by more than the grace at its first chunk.
            let app = Application(
                router: try buildRouter(
                    services: services, renderer: try await PageRenderer.loadFromBundle(),
                    openAPI: try OpenAPIDocument.loadFromBundle(),
                    imports: ImportsInProgress(pace: Self.pace(step: .seconds(100)))))
            try await app.test(.router) { client in
                let browser = PageBrowser(client)
                try await browser.signUp("minji")
                let csrf = try await browser.sessionCSRF()
                let page = try await browser.postMultipart(
                    "/import-export", [("csrf", csrf), ("format", "csv"), ("content", "")],
                    file: ("file", "diary.csv", Data("movieCode,title,watchedOn\n".utf8)))
                #expect(page.status == .badRequest)
                #expect(page.text.contains("The file arrived too slowly"), "\(page.text.prefix(400))")

                let login = try await client.call(
                    .post, "/api/v1/tokens", json: ["username": "minji", "password": "correct horse battery"])
                let token = try #require(login.jsonObject?["token"] as? String)
                let api = try await client.call(
                    .post, "/api/v1/notes/import?format=csv", token: token, text: "movieCode,title,watchedOn\n",
                    headers: [.contentType: "text/csv"])
                #expect(api.status == .badRequest)
                #expect(api.apiErrorMessage?.contains("too slowly") == true, "\(api.text.prefix(400))")
            }
        }
    }
}

extension Array where Element: Sendable {
    /// The elements as an asynchronous sequence, one at a time.
    fileprivate var async: AsyncStream<Element> {
        AsyncStream { continuation in
            for element in self { continuation.yield(element) }
            continuation.finish()
        }
    }
}
