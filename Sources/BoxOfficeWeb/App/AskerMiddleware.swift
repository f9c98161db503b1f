import BoxOfficeCore
import Hummingbird

/// Names who asks, by the client's address as the connections are counted (`ConnectionAddress`), for the archive's
/// line of questions (``AnalyticsGate``), which lets one asker hold only a few of its places. Off on a server behind
/// a reverse proxy (every request then comes from the proxy's address), as the per-address connection limit is.
struct AskerMiddleware<Context: RequestContext & RemoteAddressRequestContext>: RouterMiddleware {
    let enabled: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard enabled else { return try await next(request, context) }
        let asker = ConnectionAddress(context.remoteAddress).description
        return try await AnalyticsGate.$asker.withValue(asker) { try await next(request, context) }
    }
}
