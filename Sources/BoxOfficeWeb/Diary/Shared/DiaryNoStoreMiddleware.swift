import HTTPTypes
import OpenAPIRuntime

/// Marks the answers of the diary's generated operations `Cache-Control: no-store`: they hold a user's private data
/// (errors are marked by the error middleware, whatever the route).
struct DiaryNoStoreMiddleware: ServerMiddleware {
    /// The diary's operations: those the document tags `diary` (``OpenAPIDocument/operationIDs(tagged:)``).
    let diaryOperations: Set<String>

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var (response, responseBody) = try await next(request, body, metadata)
        if diaryOperations.contains(operationID) { response.headerFields[.cacheControl] = "no-store" }
        return (response, responseBody)
    }
}
