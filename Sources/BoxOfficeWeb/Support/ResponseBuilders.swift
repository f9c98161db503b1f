import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// Responses with the content types the contract promises.
enum ResponseBuilders {
    static let jsonContentType = "application/json; charset=utf-8"
    static let htmlContentType = "text/html; charset=utf-8"

    /// `value` encoded with the API's encoder (ISO-8601 instants, sorted keys).
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try BoxOfficeJSON.encoder().encode(value)
        return Response(
            status: status, headers: [.contentType: jsonContentType],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The API's error body: `{"error":{"message":"…"}}`.
    static func jsonError(_ presentation: ErrorPresentation) -> Response {
        let body = APIErrorBody(error: .init(message: presentation.message))
        let data = (try? BoxOfficeJSON.encoder().encode(body)) ?? Data(#"{"error":{"message":"error"}}"#.utf8)
        return Response(
            status: presentation.status, headers: [.contentType: jsonContentType],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        html(ByteBuffer(string: text), status: status)
    }

    static func html(_ body: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: htmlContentType], body: .init(byteBuffer: body))
    }
}

struct APIErrorBody: Codable, Sendable {
    struct Detail: Codable, Sendable {
        var message: String
    }
    var error: Detail
}
