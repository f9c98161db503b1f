import BoxOfficeApp
import BoxOfficeCore
import Hummingbird
import KOBIS
import Logging
import NIOCore

/// Names who asks (``Asker/current``) by the client's address as the connections are counted (`ConnectionAddress`):
/// the archive's line of questions (``AnalyticsGate``) and the line of password checks let one asker hold only a few
/// of their places, and one address may sign up only so many accounts a quarter of an hour. Off on a server behind a
/// reverse proxy (every request then comes from the proxy's address), as the per-address connection limit is, unless
/// the proxy is trusted to say whom it forwards for (``ForwardedClient``).
struct AskerMiddleware<Context: RequestContext & RemoteAddressRequestContext>: RouterMiddleware {
    let enabled: Bool
    /// The proxies whose `X-Forwarded-For` names the client.
    let trustedProxies: TrustedProxies
    let logger: Logger?
    /// Whether the warning of an untrusted proxy was logged (once a process).
    private let warned = Locked(false)

    init(enabled: Bool, trustedProxies: TrustedProxies = .none, logger: Logger? = nil) {
        self.enabled = enabled
        self.trustedProxies = trustedProxies
        self.logger = logger
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard enabled else { return try await next(request, context) }
        let peer = context.remoteAddress
        let fields = request.headers[values: .xForwardedFor]
        let forwarded = ForwardedClient.address(fields: fields, peer: peer, trusted: trustedProxies)
        if forwarded == nil, !fields.isEmpty, let logger { warnOfUntrustedProxy(peer, logger: logger) }
        let asker = ConnectionAddress(forwarded ?? peer).description
        return try await Asker.$current.withValue(asker) { try await next(request, context) }
    }

    /// A proxy on this host or a private network that says whom it forwards for, but is not trusted: every client of
    /// it counts as one address, which would share five sign-ups a quarter-hour among them all. Said once.
    private func warnOfUntrustedProxy(_ peer: SocketAddress?, logger: Logger) {
        // Said already: nothing more to parse on every later request.
        guard !warned.withLock({ $0 }), let text = peer?.ipAddress, let address = IPAddress(literal: text),
            address.nonPublicReason != nil, !trustedProxies.contains(address)
        else { return }
        let first = warned.withLock { warned in
            defer { warned = true }
            return !warned
        }
        guard first else { return }
        logger.warning(
            """
            requests come with X-Forwarded-For from \(text), which is not a trusted proxy: every client behind it is \
            counted as one address (sign-ups, password checks). Set BOXOFFICE_TRUSTED_PROXIES to its address, or \
            BOXOFFICE_CONNECTIONS_PER_ADDRESS=0
            """)
    }
}
