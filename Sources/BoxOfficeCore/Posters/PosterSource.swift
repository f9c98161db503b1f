public import Foundation

/// Finds a poster image for a movie in one external image service.
public protocol PosterSource: Sendable {
    /// A short stable name (`tmdb`, `kakao`), part of the cache key.
    var name: String { get }
    /// The poster's URL, or `nil` when the service has none. Throws when the service cannot be asked.
    func posterURL(for query: PosterQuery) async throws -> URL?
}
