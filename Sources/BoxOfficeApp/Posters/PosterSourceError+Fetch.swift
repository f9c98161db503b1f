import BoxOfficeCore
import Foundation
import KOBIS

extension PosterSourceError {
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
