import Hummingbird

/// The Hummingbird request behind the generated handler now running: the generated `APIProtocol` methods see only
/// their typed input, so what the API reads besides it (the language a request asks for, the query as the pages
/// parse it) comes from here. Set by ``APIRequestMiddleware`` around every generated route.
enum APIRequest {
    @TaskLocal static var current: Request?

    /// The request, or a 500 when a generated handler runs outside ``APIRequestMiddleware`` (a wiring bug).
    static func get() throws -> Request {
        guard let current else { throw APIRequestMissing() }
        return current
    }
}

/// A generated handler ran without ``APIRequestMiddleware`` in front of it.
struct APIRequestMissing: Error {}
