import Hummingbird

/// Refuses an address whose query holds more parameters than any page or operation reads (400 in the reader's
/// language), as forms are refused past their fields: a query is decoded where a page is made and its links built,
/// so tens of thousands of empty parameters made one request cost half a minute of CPU. The count is of `&`s in the
/// raw query, one pass with no copy, before the route decodes it; the refusal's page carries none of them. A query
/// longer than any page makes is refused too: kept pages are keyed by it and pages echo it in their links.
struct QueryLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        if QueryLimit.isExceeded(by: request) { throw WebError.tooManyQueryParameters(limit: QueryLimit.parameters) }
        if QueryLimit.isTooLong(request) { throw WebError.queryTooLong(limitBytes: QueryLimit.bytes) }
        return try await next(request, context)
    }
}

/// How many query parameters an address may have.
enum QueryLimit {
    /// Far above the few parameters any route takes (the most: a filtered list of notes, or a film and 4 `vs`).
    static let parameters = 256

    /// The longest query, in bytes as sent: nginx's default limit of a request line. A search of 100 Korean
    /// characters is 900 bytes escaped; the longest address a page links to, a filtered list of notes, under 2,000.
    static let bytes = 8_192

    /// Whether `request`'s query is longer than ``bytes``.
    static func isTooLong(_ request: Request) -> Bool {
        (request.uri.query?.utf8.count ?? 0) > bytes
    }

    /// Whether `request`'s query has more than ``parameters``.
    static func isExceeded(by request: Request) -> Bool {
        request.uri.query.map { parameterCount($0) > parameters } ?? false
    }

    /// The number of `&`-separated pieces of `query` (empty ones included: they are decoded as well).
    static func parameterCount(_ query: String) -> Int {
        var count = 1
        for byte in query.utf8 where byte == UInt8(ascii: "&") { count += 1 }
        return count
    }
}
