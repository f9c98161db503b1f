public import Foundation
public import HTTPTypes
public import OpenAPIRuntime

/// Adds `Authorization: Bearer <token>` to every request: the diary routes need it (a token comes from
/// `createToken`, i.e. `POST /api/v1/tokens`).
public struct BearerTokenMiddleware: ClientMiddleware {
    /// The API token, as `createToken` returned it.
    public var token: String

    /// A middleware that sends `token`.
    public init(token: String) {
        self.token = token
    }

    /// Sets the `Authorization` header and passes the request on.
    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, body, baseURL)
    }
}
