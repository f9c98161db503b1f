public import Foundation

/// Answers chart requests with as few KOBIS calls as possible.
///
/// - Settled charts (fetched after the last day + 2 days, 00:00 KST) come from the store forever.
/// - Provisional charts are served from the store for `provisionalTTL`, then refreshed.
/// - Concurrent identical requests share one upstream call.
/// - The most recently used settled charts are also kept in memory (`cacheCapacity`).
/// - When KOBIS fails, the last stored chart is returned with `stale: true`; with nothing stored,
///   the error is thrown.
/// - With a ``ChartFleet``, the instances sharing the store make one KOBIS call between them for a cold chart.
///
/// Its KOBIS calls are counted in the quota ledger for the purpose of the task asking
/// (``KOBISCallPurpose/readers`` for pages and the API).
public struct ChartService: Sendable {
    private let upstream: any BoxOfficeUpstream
    private let repository: any ChartRepository
    public let calendar: BoxOfficeCalendar
    private let provisionalTTL: TimeInterval
    private let flights = SingleFlight<ChartQuery, Chart>()
    private let settledCache: SettledChartCache
    private let fleet: ChartFleet?

    /// - Parameters:
    ///   - provisionalTTL: how long a provisional chart is served from the store before it is refetched.
    ///   - cacheCapacity: how many settled charts to keep in memory (0 keeps none).
    ///   - fleet: the leases of the instances sharing the store, so that they make one call between them for a
    ///     cold chart (e.g. `ChartFleet(leases: database.leaseStore(), claimDuration: upstreamTimeout + 5)`);
    ///     `nil` (one instance): each instance calls for itself.
    public init(
        upstream: any BoxOfficeUpstream, repository: any ChartRepository, calendar: BoxOfficeCalendar,
        provisionalTTL: TimeInterval = 10 * 60, cacheCapacity: Int = 256, fleet: ChartFleet? = nil
    ) {
        self.upstream = upstream
        self.repository = repository
        self.calendar = calendar
        self.provisionalTTL = provisionalTTL
        self.settledCache = SettledChartCache(capacity: cacheCapacity)
        self.fleet = fleet
    }

    /// The source charts come from (`kobis` or `sample`).
    public var source: ChartSource { upstream.source }

    /// The chart for `query`, validated against today's date in Seoul.
    public func chart(_ query: ChartQuery) async throws -> Chart {
        // Only valid queries ever reach the cache, and a date that was valid stays valid.
        if let settled = settledCache.chart(for: query) { return settled }
        if let weekly = query.kind.weeklyRange {
            try calendar.validateWeekly(weekly, date: query.range.start)
        } else {
            try calendar.validateDaily(query.range.start)
        }
        let chart = try await flights.run(query) { [self] in try await self.load(query) }
        // An empty chart is never kept: it may be a glitch that the store also refuses to settle.
        if !chart.stale, !chart.entries.isEmpty, isSettled(chart) { settledCache.remember(chart, for: query) }
        return chart
    }

    /// Until when `chart` may be shown without asking again: forever once settled, for the rest of
    /// its provisional time to live otherwise, and not at all when it is stale.
    public func freshUntil(_ chart: Chart) -> Date {
        if chart.stale { return .distantPast }
        if isSettled(chart) { return .distantFuture }
        return chart.fetchedAt.addingTimeInterval(provisionalTTL)
    }

    /// Whether `chart` is final and will never be fetched again.
    public func isSettled(_ chart: Chart) -> Bool {
        calendar.isSettled(lastDay: chart.range.end, fetchedAt: chart.fetchedAt)
    }

    /// Whether the store holds a settled copy, so no upstream call is needed.
    public func hasSettledChart(_ query: ChartQuery) async throws -> Bool {
        guard let stored = try await repository.storedChart(for: query) else { return false }
        return isSettled(stored)
    }

    private func load(_ query: ChartQuery) async throws -> Chart {
        let stored = try await readStored(query)
        if let stored, isFresh(stored) { return stored }
        if let fleet { return try await fetchForFleet(query, stored: stored, fleet: fleet) }
        return try await fetch(query, stored: stored)
    }

    /// Whether a stored chart may be answered without a call: settled, or provisional within its time to live.
    func isFresh(_ stored: Chart) -> Bool {
        isSettled(stored) || calendar.currentInstant.timeIntervalSince(stored.fetchedAt) < provisionalTTL
    }

    func readStored(_ query: ChartQuery) async throws -> Chart? {
        do {
            return try await repository.storedChart(for: query)
        } catch {
            throw BoxOfficeError.storage("could not read the stored chart: \(error)")
        }
    }

    /// Calls KOBIS for `query` and stores the answer; `stored` (not fresh) is answered marked stale when KOBIS
    /// fails.
    func fetch(_ query: ChartQuery, stored: Chart?) async throws -> Chart {
        let fresh: Chart
        do {
            fresh = try await upstream.fetchChart(query)
        } catch {
            if var stored {
                stored.stale = true
                stored.staleReason = BoxOfficeError.upstreamReason(of: error)
                return stored
            }
            throw error
        }
        // An empty chart usually means "not aggregated yet": show it, keep any stored copy that has rows,
        // and store it only once the period is well past, so a glitch is never settled for good.
        if fresh.entries.isEmpty {
            if let stored, !stored.entries.isEmpty { return stored }
            let wellPast = calendar.settledInstant(after: query.range.end.adding(days: 5))
            if fresh.fetchedAt < wellPast { return fresh }
        }
        do {
            try await repository.save(fresh)
        } catch {
            // The user still gets the chart; the next request will fetch again.
        }
        return fresh
    }
}
