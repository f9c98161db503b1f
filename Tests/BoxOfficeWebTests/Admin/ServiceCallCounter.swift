import Foundation
import KOBIS

/// Passes calls to `base` and counts them by KOBIS service (`searchDailyBoxOfficeList`, `searchMovieList`, …).
final class ServiceCallCounter: HTTPTransport, Sendable {
    private let base: any HTTPTransport
    private let state = Locked((counts: [String: Int](), queries: [String]()))

    init(_ base: any HTTPTransport) { self.base = base }

    func calls(_ service: String) -> Int { state.withLock { $0.counts[service] ?? 0 } }
    /// Every call's service and query (with the key), in the order they were made: for failure messages.
    var callLog: [String] { state.withLock { $0.queries } }

    func get(_ url: URL) async throws -> HTTPTransportResponse {
        let service = url.deletingPathExtension().lastPathComponent
        state.withLock { state in
            state.counts[service, default: 0] += 1
            state.queries.append(service + "?" + (url.query ?? ""))
        }
        return try await base.get(url)
    }
}
