import Foundation
import Hummingbird
import HummingbirdTesting
import KOBIS

/// A webhook receiver on loopback (a real HTTP server): keeps every request it gets and answers with the statuses it
/// is told, in order (then 204).
final class WebhookReceiver: Sendable {
    struct Received: Sendable {
        var path: String
        var headers: HTTPFields
        var body: Data
    }

    private let state = Locked<(received: [Received], statuses: [HTTPResponse.Status])>(([], []))

    var received: [Received] { state.withLock { $0.received } }

    /// The next answers, in order.
    func answer(_ statuses: [HTTPResponse.Status]) { state.withLock { $0.statuses = statuses } }

    /// Runs `body` with the receiver listening on 127.0.0.1 and its port.
    func run(_ body: @Sendable (Int) async throws -> Void) async throws {
        let router = Router()
        router.post("**") { [state] request, _ -> Response in
            let bytes = try await request.body.collect(upTo: 1 << 20)
            let status = state.withLock { value -> HTTPResponse.Status in
                value.received.append(
                    Received(path: request.uri.path, headers: request.headers, body: Data(buffer: bytes)))
                return value.statuses.isEmpty ? .noContent : value.statuses.removeFirst()
            }
            var headers: HTTPFields = [:]
            if status == .found { headers[.location] = "http://127.0.0.1:9/elsewhere" }
            return Response(status: status, headers: headers)
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            try await body(client.port ?? 0)
        }
    }
}
