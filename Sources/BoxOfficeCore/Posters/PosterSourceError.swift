import Foundation
import KOBIS

/// A poster service answered something other than a usable result.
public struct PosterSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var source: String
    public var reason: String
    public init(source: String, reason: String) {
        self.source = source
        self.reason = reason
    }
    public var description: String { "\(source) poster search failed: \(reason)" }

    /// GETs `url`, reporting transport failures as this service's (the transport's own errors speak of KOBIS).
    static func fetch(
        _ url: URL, headers: [String: String], source: String, via transport: any HTTPTransport
    ) async throws -> HTTPTransportResponse {
        do {
            return try await transport.get(url, headers: headers)
        } catch KOBISError.timeout {
            throw PosterSourceError(source: source, reason: "timed out")
        } catch KOBISError.connectionFailed(let reason) {
            throw PosterSourceError(source: source, reason: reason)
        } catch {
            throw PosterSourceError(source: source, reason: "network error")
        }
    }
}
