import Foundation
import HTTPTypes
import OpenAPIRuntime

/// In front of the generated operations: reads a request body before the generated code does, at most the
/// operation's limit (a 413 in the Contract's words past it, where the generated code would read any size), as its
/// ``APIOperationRule/body`` says: whole, noting the fields sent as `null` (``APIRequestBody/nullFields``), passed on
/// unread with the limit applied as it is read (an imported file, read as it arrives), or optional.
struct APIRequestBodyMiddleware: ServerMiddleware {
    /// JSON bodies stay small; an operation with a ``APIOperationRule/bodyLimit`` (an imported file) has its own.
    static let jsonLimit = 1 << 20

    let rules: APIOperationRules

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let body else { return try await next(request, nil, metadata) }
        let rule = rules[operationID]
        let limit = rule.bodyLimit ?? Self.jsonLimit
        if rule.body == .streamed {
            if case .known(let length) = body.length, length > limit {
                throw WebError.bodyTooLarge(limitKB: limit / 1024)
            }
            let limited = HTTPBody(
                LimitedBody(body: body, limit: limit), length: body.length, iterationBehavior: .single)
            return try await next(request, limited, metadata)
        }
        let data = try await Self.collect(body, limit: limit)
        if data.isEmpty, rule.body == .optional { return try await next(request, nil, metadata) }
        let nulls = rule.body == .nullAware ? APIRequestBody.nullFields(in: data) : []
        return try await APIRequestBody.$nullFields.withValue(nulls) {
            try await next(request, HTTPBody(data), metadata)
        }
    }

    /// The whole body; 413 once it passes `limit` bytes (at once when its declared length does).
    static func collect(_ body: HTTPBody, limit: Int) async throws -> Data {
        let tooLarge = WebError.bodyTooLarge(limitKB: limit / 1024)
        if case .known(let length) = body.length, length > limit { throw tooLarge }
        var data = Data()
        for try await chunk in body {
            guard data.count + chunk.count <= limit else { throw tooLarge }
            data.append(contentsOf: chunk)
        }
        return data
    }
}

/// A request body that fails with a 413 once more than `limit` bytes have come.
private struct LimitedBody: AsyncSequence, Sendable {
    typealias Element = HTTPBody.ByteChunk

    let body: HTTPBody
    let limit: Int

    func makeAsyncIterator() -> Iterator { Iterator(base: body.makeAsyncIterator(), limit: limit) }

    struct Iterator: AsyncIteratorProtocol {
        var base: HTTPBody.AsyncIterator
        let limit: Int
        var count = 0

        mutating func next() async throws -> HTTPBody.ByteChunk? {
            guard let chunk = try await base.next() else { return nil }
            count += chunk.count
            guard count <= limit else { throw WebError.bodyTooLarge(limitKB: limit / 1024) }
            return chunk
        }
    }
}
