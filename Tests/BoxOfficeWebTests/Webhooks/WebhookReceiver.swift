import Foundation
import Hummingbird
import Logging
import KOBIS

/// A webhook receiver on loopback (a real HTTP server): keeps every request it gets and answers with the statuses it
/// is told, in order (then 204).
final class WebhookReceiver: Sendable {
    struct Received: Sendable {
        var path: String
        var headers: HTTPFields
        var body: Data
        /// The `Host` the request named.
        var authority: String?
    }

    private let state = Locked<(received: [Received], statuses: [HTTPResponse.Status])>(([], []))

    var received: [Received] { state.withLock { $0.received } }

    /// The next answers, in order.
    func answer(_ statuses: [HTTPResponse.Status]) { state.withLock { $0.statuses = statuses } }

    /// Runs `body` with the receiver listening on `host` (127.0.0.1 unless told) and `port` (any free one unless
    /// told), given the port. (Hummingbird's test client would listen on `localhost` whatever it is told.)
    func run(host: String = "127.0.0.1", port: Int = 0, _ body: @Sendable (Int) async throws -> Void) async throws {
        let router = Router()
        router.post("**") { [state] request, _ -> Response in
            let bytes = try await request.body.collect(upTo: 1 << 20)
            let status = state.withLock { value -> HTTPResponse.Status in
                value.received.append(
                    Received(
                        path: request.uri.path, headers: request.headers, body: Data(buffer: bytes),
                        authority: request.head.authority))
                return value.statuses.isEmpty ? .noContent : value.statuses.removeFirst()
            }
            var headers: HTTPFields = [:]
            if status == .found { headers[.location] = "http://127.0.0.1:9/elsewhere" }
            return Response(status: status, headers: headers)
        }
        let (ports, announce) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "webhook-receiver")
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname(host, port: port)),
            onServerRunning: { channel in
                announce.yield(channel.localAddress?.port ?? 0)
                announce.finish()
            }, logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                // A server that cannot listen ends the wait for its port too.
                defer { announce.finish() }
                try await app.runService(gracefulShutdownSignals: [])
            }
            var iterator = ports.makeAsyncIterator()
            guard let bound = await iterator.next(), bound > 0 else {
                try await group.next()
                throw CancellationError()
            }
            do {
                try await body(bound)
            } catch {
                group.cancelAll()
                throw error
            }
            group.cancelAll()
        }
    }
}
