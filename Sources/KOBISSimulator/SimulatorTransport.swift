public import Foundation
public import KOBIS

/// Sample mode: an ``HTTPTransport`` that answers KOBIS URLs in process from a ``KOBISSimulator``,
/// with no network. The URL's host is ignored; its path and query are answered as KOBIS would.
public struct SimulatorTransport: HTTPTransport {
    /// A key to use with the simulator when there is no real one (the simulator accepts any
    /// non-empty key).
    public static let sampleKey = "sample-mode-key"

    /// The simulator answering the requests.
    public let simulator: KOBISSimulator
    /// A delay before each answer, to mimic the network.
    public let latency: Duration

    /// - Parameters:
    ///   - simulator: the data model; a default one uses the system clock.
    ///   - latency: a delay before each answer.
    public init(simulator: KOBISSimulator = KOBISSimulator(), latency: Duration = .zero) {
        self.simulator = simulator
        self.latency = latency
    }

    /// Answers `url` (a KOBIS REST URL) after ``latency``. Throws only when the task is cancelled
    /// during the delay.
    public func get(_ url: URL) async throws -> HTTPTransportResponse {
        if latency > .zero { try await Task.sleep(for: latency) }
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] where query[item.name] == nil {
            query[item.name] = item.value ?? ""
        }
        let response = simulator.respond(path: components?.path ?? url.path, query: query)
        return HTTPTransportResponse(statusCode: response.status, body: response.body)
    }
}
