import Foundation
import KOBIS

/// Records requests and answers with a fixed body.
final class RecordingHTTPTransport: HTTPTransport, Sendable {
    private let recorded = Locked<[(url: URL, headers: [String: String])]>([])
    let status: Int
    let body: String

    init(status: Int = 200, body: String) {
        self.status = status
        self.body = body
    }

    var requests: [(url: URL, headers: [String: String])] { recorded.withLock { $0 } }

    func get(_ url: URL) async throws -> HTTPTransportResponse { try await get(url, headers: [:]) }

    func get(_ url: URL, headers: [String: String]) async throws -> HTTPTransportResponse {
        recorded.withLock { $0.append((url, headers)) }
        return HTTPTransportResponse(statusCode: status, body: Data(body.utf8))
    }
}
