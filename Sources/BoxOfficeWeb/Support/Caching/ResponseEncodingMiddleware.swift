import Foundation
import Hummingbird

/// Compresses and tags the text answers made on each request (a search page, a JSON chart, an error-free diary
/// export): gzip when the client accepts it, `Vary: Accept-Encoding`, an entity tag per encoding and `304` to a
/// matching `If-None-Match`. Answers that already carry an entity tag or an encoding (kept pages, static files)
/// made their forms once and pass through.
///
/// Private pages (`Cache-Control: no-store` HTML: a signed-in reader's diary, the log-in form) get neither: no tag,
/// since nothing may keep them, and no compression, since they hold the session's CSRF token next to text a
/// stranger can put in the address (`?q=`), which is what BREACH-style guessing needs.
struct ResponseEncodingMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Bodies larger than this stream through untouched rather than being held whole in memory.
    static var largestBody: Int { 4 << 20 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let response = try await next(request, context)
        // Cheapest tests first: /health and kept pages leave at once.
        guard request.method == .get, response.status == .ok, let length = response.body.contentLength,
            (EncodedBody.compressionThreshold...Self.largestBody).contains(length), response.headers[.eTag] == nil,
            response.headers[.contentEncoding] == nil, let contentType = response.headers[.contentType],
            ContentCoding.isCompressible(contentType)
        else { return response }
        let noStore = (response.headers[.cacheControl] ?? "").contains("no-store")
        if noStore, contentType.hasPrefix("text/html") { return response }
        let encoded = EncodedBody(
            try await Self.collect(response.body), contentType: contentType,
            compress: ContentCoding.acceptsGzip(request), level: .defaultCompressionLevel)
        var headers = response.headers
        headers[.contentType] = nil
        headers[.contentLength] = nil
        return encoded.response(to: request, headers: headers, tagged: !noStore)
    }

    /// The whole body of a response whose length is known and bounded.
    static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
        let collector = Collector()
        try await body.write(CollectingWriter(collector: collector))
        return collector.buffer
    }

    /// Where ``CollectingWriter`` puts the bytes; used by one task, start to end.
    private final class Collector {
        var buffer = ByteBuffer()
    }

    private struct CollectingWriter: ResponseBodyWriter {
        let collector: Collector

        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            collector.buffer.writeBuffer(&buffer)
        }

        consuming func finish(_: HTTPFields?) async throws {}
    }
}
