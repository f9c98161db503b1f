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

    @Test("within the grace anything goes; after it, behind the pace is refused and at the pace is not")
    func meter() throws {
        var slow = Self.pace(step: .seconds(20)).meter()  // read at 0 s
        try slow.received(1)  // 20 s: within the grace
        #expect(throws: WebError.uploadTooSlow(bytesPerSecond: 16 << 10)) { try slow.received(1) }  // 40 s: 2 bytes

        var steady = Self.pace(step: .seconds(20)).meter()
        for _ in 0..<10 { try steady.received(400 << 10) }  // 400 KB every 20 s: 20 KB a second
        #expect(steady.bytes == 4000 << 10)
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
