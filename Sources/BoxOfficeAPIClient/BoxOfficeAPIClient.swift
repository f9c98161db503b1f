public import Foundation
public import OpenAPIRuntime
import OpenAPIURLSession

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

extension Client {
    /// A client of the BoxOffice server at `serverURL` (e.g. `https://boxoffice.example`), over `URLSession`.
    ///
    /// - Parameters:
    ///   - serverURL: where the server answers; the routes' `/api/v1/…` paths are appended to it.
    ///   - session: the session requests go through.
    ///   - middlewares: run around every request, e.g. one that adds `Authorization: Bearer <token>`.
    public init(serverURL: URL, session: URLSession = .shared, middlewares: [any ClientMiddleware] = []) {
        self.init(
            serverURL: serverURL,
            transport: URLSessionTransport(configuration: .init(session: session)),
            middlewares: middlewares)
    }
}
