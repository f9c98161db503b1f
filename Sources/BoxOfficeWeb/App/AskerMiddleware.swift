import BoxOfficeCore
import Hummingbird

/// Names who asks (``Asker/current``) by the client's address as the connections are counted (`ConnectionAddress`):
/// the archive's line of questions (``AnalyticsGate``) and the line of password checks let one asker hold only a few
/// of their places, and one address may sign up only so many accounts a quarter of an hour. Off on a server behind a
/// reverse proxy (every request then comes from the proxy's address), as the per-address connection limit is, unless
/// the proxy is trusted to say whom it forwards for (``ForwardedClient``).
struct AskerMiddleware<Context: RequestContext & RemoteAddressRequestContext>: RouterMiddleware {
    let enabled: Bool
    /// Name the client `X-Forwarded-For` gives, when a proxy on this host or a private network sent the request.
    var trustsForwardedFor = false

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard enabled else { return try await next(request, context) }
        let peer = context.remoteAddress
        let forwarded =
            trustsForwardedFor
            ? ForwardedClient.address(fields: request.headers[values: .xForwardedFor], peer: peer) : nil
        let asker = ConnectionAddress(forwarded ?? peer).description
        return try await Asker.$current.withValue(asker) { try await next(request, context) }
    }
}
