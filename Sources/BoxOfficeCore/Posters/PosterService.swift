public import Foundation

/// Finds movie posters through the configured ``PosterSource`` (TMDB, else Kakao, else none),
/// remembering answers in the store: a found poster for 30 days, "none" for a day. Concurrent
/// lookups of one movie make one call. Failures are not remembered, so the next request retries.
public struct PosterService: Sendable {
    private let source: (any PosterSource)?
    private let cache: any ResponseCache
    private let calendar: BoxOfficeCalendar
    private let foundTTL: TimeInterval
    private let missingTTL: TimeInterval
    private let flights = SingleFlight<String, URL?>()

    /// - Parameter source: `nil` when no poster service is configured: every movie gets the placeholder.
    public init(
        source: (any PosterSource)?, cache: any ResponseCache, calendar: BoxOfficeCalendar,
        foundTTL: TimeInterval = 30 * 86_400, missingTTL: TimeInterval = 86_400
    ) {
        self.source = source
        self.cache = cache
        self.calendar = calendar
        self.foundTTL = foundTTL
        self.missingTTL = missingTTL
    }

    /// Whether a poster service is configured at all.
    public var isEnabled: Bool { source != nil }

    /// The poster's URL, or `nil` when there is none (or no service). Throws ``PosterSourceError`` or
    /// a transport error when the service could not be asked and nothing usable is stored.
    public func posterURL(for query: PosterQuery) async throws -> URL? {
        guard let source else { return nil }
        let key = "poster|\(source.name)|\(query.code)"
        return try await flights.run(key) { [self] in
            let stored = try? await cache.cachedValue(for: key)
            let storedAnswer = stored.flatMap { try? JSONDecoder().decode(StoredAnswer.self, from: $0.data) }
            if let stored, let storedAnswer {
                let ttl = storedAnswer.url == nil ? missingTTL : foundTTL
                if calendar.currentInstant.timeIntervalSince(stored.fetchedAt) < ttl { return storedAnswer.url }
            }
            do {
                let url = try await source.posterURL(for: query)
                if let data = try? JSONEncoder().encode(StoredAnswer(url: url)) {
                    try? await cache.store(data, for: key, fetchedAt: calendar.currentInstant)
                }
                return url
            } catch {
                if let storedAnswer { return storedAnswer.url }
                throw error
            }
        }
    }

    private struct StoredAnswer: Codable {
        var url: URL?
    }
}
