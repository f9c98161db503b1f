public import Foundation

/// Answers movie details, search and regions, caching in the store and coalescing identical calls. Its KOBIS calls
/// are counted in the quota ledger as lookups (``KOBISCallPurpose/lookups``) unless background work makes them.
public struct MovieService: Sendable {
    private let upstream: any BoxOfficeUpstream
    private let repository: any MovieRepository
    private let cache: any ResponseCache
    private let calendar: BoxOfficeCalendar
    private let movieTTL: TimeInterval
    private let searchTTL: TimeInterval
    private let regionsTTL: TimeInterval
    private let movieFlights = SingleFlight<String, Movie?>()
    private let valueFlights = SingleFlight<String, any Sendable>()

    public init(
        upstream: any BoxOfficeUpstream, repository: any MovieRepository, cache: any ResponseCache,
        calendar: BoxOfficeCalendar, movieTTL: TimeInterval = 7 * 86_400, searchTTL: TimeInterval = 86_400,
        regionsTTL: TimeInterval = 30 * 86_400
    ) {
        self.upstream = upstream
        self.repository = repository
        self.cache = cache
        self.calendar = calendar
        self.movieTTL = movieTTL
        self.searchTTL = searchTTL
        self.regionsTTL = regionsTTL
    }

    /// Whether `code` looks like a KOBIS movie code (letters and digits, at most 20).
    public static func isPlausibleCode(_ code: String) -> Bool {
        !code.isEmpty && code.count <= 20 && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// The movie with `code`. Throws ``BoxOfficeError/notFound(_:)`` for unknown codes.
    public func movie(code: String) async throws -> Movie {
        guard Self.isPlausibleCode(code) else {
            throw BoxOfficeError.notFound(.notAMovieCode(code))
        }
        let movie = try await movieFlights.run(code) { [self] in try await self.loadMovie(code) }
        guard let movie else { throw BoxOfficeError.notFound(.movie(code: code)) }
        return movie
    }

    private func loadMovie(_ code: String) async throws -> Movie? {
        let stored = try? await repository.storedMovie(code: code)
        if let stored, calendar.currentInstant.timeIntervalSince(stored.fetchedAt) < Self.freshness(movieTTL) {
            return stored
        }
        // A code KOBIS said it does not know is not asked about again for a day: anyone can name codes.
        let absentKey = "movie-absent|" + code
        if stored == nil, let absent = try? await cache.cachedValue(for: absentKey),
            calendar.currentInstant.timeIntervalSince(absent.fetchedAt) < Self.absentTTL
        {
            return nil
        }
        do {
            guard let fresh = try await Self.asLookup({ try await upstream.fetchMovie(code: code) }) else {
                // KOBIS no longer answers for a film it once did: the copy kept is still the best answer there is.
                if var stored {
                    stored.stale = true
                    return stored
                }
                try? await cache.store(Data(), for: absentKey, fetchedAt: calendar.currentInstant)
                return nil
            }
            try? await repository.save(fresh)
            return fresh
        } catch {
            if var stored {
                stored.stale = true
                stored.staleReason = BoxOfficeError.upstreamReason(of: error)
                return stored
            }
            throw error
        }
    }

    /// Searches movies by title, director and year.
    public func search(_ query: MovieSearchQuery) async throws -> MovieSearchPage {
        if query.isEmpty { return MovieSearchPage(totalCount: 0, page: 1, perPage: query.perPage, movies: []) }
        return try await cached(key: "search|" + query.key, ttl: searchTTL) { try await upstream.searchMovies(query) }
    }

    /// The regions for the region filter (cached for a month).
    public func regions() async throws -> [Region] {
        try await cached(key: "regions", ttl: regionsTTL) { try await upstream.fetchRegions() }
    }

    /// Checks that `filters` name only a region KOBIS lists; throws ``BoxOfficeError/invalid(_:)`` (`area`,
    /// ``InputRule/unknownRegion``) otherwise. When the list cannot be had (KOBIS down, nothing cached) the code
    /// passes: the chart call then answers for itself.
    public func checkRegion(of filters: ChartFilters) async throws {
        guard let code = filters.areaCode else { return }
        guard let regions = try? await regions(), !regions.isEmpty else { return }
        guard regions.contains(where: { $0.code == code }) else {
            throw BoxOfficeError.invalid("area", .unknownRegion, value: code)
        }
    }

    /// How old a stored answer may be for the current task: `ttl`, or at least ``importFreshness`` for an import
    /// (``ImportLookupAllowance/current``), which matches titles and needs no fresh details, so importing a file
    /// again the next day costs nothing for what the first import looked up.
    private static func freshness(_ ttl: TimeInterval) -> TimeInterval {
        ImportLookupAllowance.current == nil ? ttl : max(ttl, importFreshness)
    }

    /// How long a code KOBIS does not know is answered as unknown without asking again: a day.
    public static let absentTTL: TimeInterval = 86_400

    /// How old a stored search or movie an import takes may be: 30 days.
    public static let importFreshness: TimeInterval = 30 * 86_400

    /// Runs `call` (a KOBIS call) counted as a lookup someone asked for (``KOBISCallPurpose/lookups``) when it is
    /// made for a reader; a call made for background work (a sync, a backfill, the keeper) keeps its purpose.
    private static func asLookup<Value: Sendable>(
        _ call: @Sendable () async throws -> Value
    ) async throws -> Value {
        let purpose = KOBISCallPurpose.current == .readers ? KOBISCallPurpose.lookups : KOBISCallPurpose.current
        return try await KOBISCallPurpose.$current.withValue(purpose) { try await call() }
    }

    /// Answers from the cache while fresh, else fetches (one call for concurrent askers) and stores the answer.
    /// A stored entry that no longer decodes counts as missing, so it is refetched rather than failing the user.
    private func cached<Value: Codable & Sendable>(
        key: String, ttl: TimeInterval, fetch: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let result = try await valueFlights.run(key) { [self] () async throws -> any Sendable in
            let stored = try? await cache.cachedValue(for: key)
            let storedValue = stored.flatMap { try? JSONDecoder().decode(Value.self, from: $0.data) }
            if let stored, let storedValue,
                calendar.currentInstant.timeIntervalSince(stored.fetchedAt) < Self.freshness(ttl)
            {
                return storedValue
            }
            do {
                let value = try await Self.asLookup(fetch)
                if let data = try? JSONEncoder().encode(value) {
                    try? await cache.store(data, for: key, fetchedAt: calendar.currentInstant)
                }
                return value
            } catch {
                if let storedValue { return storedValue }
                throw error
            }
        }
        guard let value = result as? Value else {
            throw BoxOfficeError.storage("cached answer for \(key) has the wrong type")
        }
        return value
    }
}
