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
        } catch KOBISError.malformedResponse(let reason) {
            throw PosterSourceError(source: source, reason: reason)
        } catch {
            throw PosterSourceError(source: source, reason: "network error")
        }
    }

    /// GETs a search page and decodes it: a rejected key (401) and the rate limit (429) are told in `service`'s
    /// name, any other status and an unreadable body plainly.
    static func fetchSearchPage<Page: Decodable>(
        _ url: URL, headers: [String: String], source: String, service: String, key: String,
        via transport: any HTTPTransport
    ) async throws -> Page {
        let response = try await fetch(url, headers: headers, source: source, via: transport)
        switch response.statusCode {
        case 200: break
        case 401: throw PosterSourceError(source: source, reason: "\(service) rejected the \(key) (HTTP 401)")
        case 429: throw PosterSourceError(source: source, reason: "\(service) rate limit (HTTP 429)")
        default: throw PosterSourceError(source: source, reason: "HTTP \(response.statusCode)")
        }
        do {
            return try JSONDecoder().decode(Page.self, from: response.body)
        } catch {
            throw PosterSourceError(source: source, reason: "unreadable search response")
        }
    }
}
