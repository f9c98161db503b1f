import Hummingbird
import NIOCore

/// The request context of every route: Hummingbird's basic one, and the client's address, which a server reached
/// directly bounds some shared work by (`AskerMiddleware`).
struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer of the connection: the client, or a reverse proxy in front.
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
