import Foundation
import KOBIS

/// Records requests and answers with a fixed body.
final class RecordingHTTPTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(url: URL, headers: [String: String])] = []
    let status: Int
    let body: String

    init(status: Int = 200, body: String) {
        self.status = status
        self.body = body
    }

    var requests: [(url: URL, headers: [String: String])] { lock.withLock { recorded } }

    func get(_ url: URL) async throws -> HTTPTransportResponse { try await get(url, headers: [:]) }

    func get(_ url: URL, headers: [String: String]) async throws -> HTTPTransportResponse {
        lock.withLock { recorded.append((url, headers)) }
        return HTTPTransportResponse(statusCode: status, body: Data(body.utf8))
    }
}
