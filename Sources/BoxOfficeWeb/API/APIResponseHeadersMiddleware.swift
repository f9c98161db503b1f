import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends the response headers the handlers set through the generated types as plain text. The generated code writes
/// a header as a URI component (percent-encoded: `%2Fapi%2Fv1%2Fnotes%2F…`), which only the generated client reads
/// back; the Contract's `Location`, `Content-Disposition` and `Cache-Control` are for every HTTP client. Undoing the encoding gives the
/// value exactly as the handler set it (a `%` it held was itself encoded).
struct APIResponseHeadersMiddleware: ServerMiddleware {
    /// The headers the document describes as plain strings.
    static let plainHeaders: [HTTPField.Name] = [.location, .contentDisposition, .cacheControl]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var (response, responseBody) = try await next(request, body, metadata)
        for name in Self.plainHeaders {
            if let value = response.headerFields[name], let plain = value.removingPercentEncoding {
                response.headerFields[name] = plain
            }
        }
        return (response, responseBody)
    }
}
