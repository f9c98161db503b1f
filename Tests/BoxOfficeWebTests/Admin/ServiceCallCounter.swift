import Foundation
import KOBIS

/// Passes calls to `base` and counts them by KOBIS service (`searchDailyBoxOfficeList`, `searchMovieList`, …).
final class ServiceCallCounter: HTTPTransport, @unchecked Sendable {
    private let base: any HTTPTransport
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var queries: [String] = []

    init(_ base: any HTTPTransport) { self.base = base }

    func calls(_ service: String) -> Int { lock.withLock { counts[service] ?? 0 } }
    /// Every call's service and query (with the key), in the order they were made: for failure messages.
    var callLog: [String] { lock.withLock { queries } }

    func get(_ url: URL) async throws -> HTTPTransportResponse {
        let service = url.deletingPathExtension().lastPathComponent
        lock.withLock {
            counts[service, default: 0] += 1
            queries.append(service + "?" + (url.query ?? ""))
        }
        return try await base.get(url)
    }
}
