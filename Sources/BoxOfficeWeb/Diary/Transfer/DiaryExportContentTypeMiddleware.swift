import BoxOfficeCore
import HTTPTypes
import Hummingbird
import OpenAPIRuntime

/// Labels a JSON export (`GET /api/v1/notes/export?format=json`) as JSON. The generated code can only write a JSON
/// answer whole (it encodes a value), so ``TransferAPIHandler`` sends the export, written while it is read, as the
/// bytes of a file under the document's other media type; this puts the JSON's own type back.
struct DiaryExportContentTypeMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var (response, responseBody) = try await next(request, body, metadata)
        if operationID == Operations.ExportNotes.id, response.status == .ok,
            (try? DiaryFileFormat(parameter: Parameters(queryOf: request.path).nonEmpty("format"))) == .json
        {
            response.headerFields[.contentType] = DiaryFileFormat.json.contentType
        }
        return (response, responseBody)
    }
}
