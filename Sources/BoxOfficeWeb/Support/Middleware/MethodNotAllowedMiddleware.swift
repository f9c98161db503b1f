import Foundation
import Hummingbird
import KOBIS

/// The methods each route path of the router answers, to tell "no such address" (404) from "not with this
/// method" (405 with `Allow`, RFC 9110 §15.5.6). Filled once from the router's own route list after every
/// route is registered (the middleware that reads it has to exist before the routes do), then only read.
final class RouteMethodTable: Sendable {
    struct Entry: Sendable {
        var path: RouterPath
        var methods: Set<HTTPRequest.Method>
    }

    private let storedEntries = Locked<[Entry]>([])

    init() {}

    var entries: [Entry] { storedEntries.withLock { $0 } }

    /// Takes the routes as `Router.routes` lists them. A GET route also answers HEAD (the router generates those).
    func load(_ routes: [(path: RouterPath, method: HTTPRequest.Method)]) {
        var byPath: [String: Entry] = [:]
        var order: [String] = []
        for route in routes {
            let key = route.path.description
            if byPath[key] == nil {
                byPath[key] = Entry(path: route.path, methods: [])
                order.append(key)
            }
            byPath[key]?.methods.insert(route.method)
            if route.method == .get { byPath[key]?.methods.insert(.head) }
        }
        let entries = order.compactMap { byPath[$0] }
        storedEntries.withLock { $0 = entries }
    }

    /// The methods of the most specific route matching `path`, or `nil` when only a catch-all (`**`) or
    /// nothing matches: such addresses do not exist, whatever the method.
    func allowedMethods(for path: String) -> Set<HTTPRequest.Method>? {
        route(for: path)?.methods
    }

    /// The most specific route matching `path` (not a catch-all), as ``allowedMethods(for:)`` chooses it.
    func route(for path: String) -> Entry? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        var best: (entry: Entry, rank: [Int])?
        for entry in self.entries {
            guard let rank = Self.match(entry.path, segments) else { continue }
            if let current = best, !rank.lexicographicallyPrecedes(current.rank) { continue }
            best = (entry, rank)
        }
        guard let best, !best.entry.path.components.contains(.recursiveWildcard) else { return nil }
        return best.entry
    }

    /// Per segment, how specific the pattern element that matched it is (lower is more specific), or `nil`
    /// when the pattern does not match. Mirrors the router's preference: literal, partial capture, capture,
    /// wildcard, then `**`.
    private static func match(_ pattern: RouterPath, _ segments: [Substring]) -> [Int]? {
        var rank: [Int] = []
        for (index, element) in pattern.components.enumerated() {
            if element == .recursiveWildcard { return rank + [4] }
            guard index < segments.count, element ~= segments[index] else { return nil }
            rank.append(specificity(element))
        }
        return rank.count == segments.count ? rank : nil
    }

    private static func specificity(_ element: RouterPath.Element) -> Int {
        if element == .wildcard { return 3 }
        let text = element.description
        if text.hasPrefix("{") && text.hasSuffix("}") && text.filter({ $0 == "{" }).count == 1 { return 2 }
        if text.contains("{") || text.contains("*") { return 1 }
        return 0
    }

    /// `GET, HEAD, …` in a stable order.
    static func allowHeader(_ methods: Set<HTTPRequest.Method>) -> String {
        let order: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]
        let known = order.filter(methods.contains)
        let others = methods.subtracting(order).map(\.rawValue).sorted()
        return (known.map(\.rawValue) + others).joined(separator: ", ")
    }
}

/// Turns the router's 404 for an address that exists under other methods into `405 Method Not Allowed` with
/// an `Allow` header, and answers `OPTIONS` on such addresses with `204` and `Allow` (no CORS: the API is
/// same-origin). Only acts when the router found no route at all, so a handler's own 404 (an unknown movie)
/// is left alone.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    let routes: RouteMethodTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            // The router's not-found responder marks the request this way; handlers that answer 404 run under
            // their route's path.
            guard context.endpointPath == nil || context.endpointPath == "NotFound",
                let route = routes.route(for: request.uri.path)
            else { throw error }
            // Request logs and metrics then name the route rather than "NotFound".
            context.coreContext.endpointPath.value = route.path.description
            let methods = route.methods.union([.options])
            let allow = RouteMethodTable.allowHeader(methods)
            if request.method == .options {
                return Response(status: .noContent, headers: [.allow: allow])
            }
            throw WebError.methodNotAllowed(method: request.method.rawValue, allow: allow)
        }
    }
}
