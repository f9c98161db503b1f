import AsyncHTTPClient
import Foundation
import KOBIS
import NIOCore

/// The HTTP client the app reaches KOBIS and the poster services with: one AsyncHTTPClient on the shared
/// SwiftNIO event loops, with a connection pool per host large enough for a sync's call slots.
///
/// Why not `URLSession`: on Linux it runs every request through curl on a thread of its own and opens at most six
/// connections to a host, so each call hops threads several times and a sync of eight call slots queued. Here an
/// answer arrives on the event loop its connection lives on.
final class UpstreamHTTPClient: Sendable {
    /// The most calls one sync keeps in flight (`boxoffice sync --concurrency` allows up to 16).
    static let connectionsPerHost = 16

    private let client: HTTPClient

    /// - Parameter connectTimeout: how long establishing a connection may take.
    init(connectTimeout: TimeInterval) {
        var pool = HTTPClient.Configuration.ConnectionPool(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: Self.connectionsPerHost)
        // A refused or unreachable upstream fails the call at once, as URLSession did: the sync engine retries with
        // its own backoff and the pages fall back to stored charts, neither should wait out a connect timeout.
        pool.retryConnectionEstablishment = false
        let configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 5, allowCycles: false),
            timeout: .init(connect: NIOHTTPTransport.timeAmount(connectTimeout)),
            connectionPool: pool)
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// A transport whose calls fail with ``KOBISError/timeout`` after `timeout` seconds.
    func transport(timeout: TimeInterval) -> NIOHTTPTransport {
        NIOHTTPTransport(client: client, timeout: NIOHTTPTransport.timeAmount(timeout))
    }

    /// Closes the pool's connections; calls after this fail. Must run before the client is released.
    func shutdown() async {
        try? await client.shutdown()
    }
}
