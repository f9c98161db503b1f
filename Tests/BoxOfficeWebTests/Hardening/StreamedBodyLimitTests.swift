import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

@testable import BoxOfficeWeb

@Suite("Streamed request bodies: the size limit applies as they are read")
struct StreamedBodyLimitTests {
    static let middleware = APIRequestBodyMiddleware(
        rules: APIOperationRules([APIOperationRule(Operations.ImportNotes.id, bodyLimit: 1000, body: .streamed)]))

    /// Sends `chunks` through the middleware to a handler that reads the body; the bytes it read.
    static func send(_ chunks: [[UInt8]], length: HTTPBody.Length, operation: String = Operations.ImportNotes.id)
        async throws
        -> Int
    {
        let read = Counter()
        let body = HTTPBody(
            AsyncStream<ArraySlice<UInt8>> { continuation in
                for chunk in chunks { continuation.yield(chunk[...]) }
                continuation.finish()
            }, length: length, iterationBehavior: .single)
        _ = try await middleware.intercept(
            HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/api/v1/notes/import?format=json"),
            body: body, metadata: ServerRequestMetadata(), operationID: operation
        ) { _, body, _ in
            if let body { for try await chunk in body { await read.add(chunk.count) } }
            return (HTTPResponse(status: .ok), nil)
        }
        return await read.total
    }

    actor Counter {
        var total = 0
        func add(_ count: Int) { total += count }
    }

    @Test("a body within the limit passes through unread, a chunk at a time")
    func within() async throws {
        #expect(
            try await Self.send(
                [[UInt8](repeating: 32, count: 600), [UInt8](repeating: 32, count: 400)], length: .unknown) == 1000)
    }

    @Test("past the limit the reader gets a 413 in the Contract's words; a declared length past it is refused at once")
    func past() async throws {
        await #expect(throws: WebError.bodyTooLarge(limitKB: 0)) {
            _ = try await Self.send(
                [[UInt8](repeating: 32, count: 600), [UInt8](repeating: 32, count: 401)], length: .unknown)
        }
        await #expect(throws: WebError.bodyTooLarge(limitKB: 0)) {
            _ = try await Self.send([[UInt8](repeating: 32, count: 10)], length: .known(1001))
        }
    }

    @Test("the import limits hold 100,000 notes of an export")
    func figures() {
        // About 700 bytes a note in the API's compact JSON, 1 KB with a few lines of memo.
        #expect(TransferAPIHandler.importSizeLimit >= 100_000 * 1024 + (16 << 20))
        #expect(TransferController<DiaryPageContext>.importSizeLimit >= 100_000 * 1024)
        #expect(TransferAPIHandler.wholeImportSizeLimit >= 100_000 * 700)
    }
}
