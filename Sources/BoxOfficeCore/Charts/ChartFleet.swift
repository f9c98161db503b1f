public import Foundation

/// How the instances sharing one store make one KOBIS call between them for a chart none of them holds fresh.
///
/// The instance that must fetch a cold or expired chart first takes the lease `chart:<source>:<query>` in the
/// shared ``LeaseStore``. The holder reads the store again (another instance may have stored the chart meanwhile:
/// then it calls nothing), calls KOBIS, stores the chart and lets the lease go. The others poll the store every
/// ``pollInterval`` until a fresh copy appears (they answer it) or the lease is free or expired (the holder failed
/// or died: they try to take it themselves), never longer than one ``claimDuration`` per round. In front of this,
/// each instance still coalesces its own identical requests (``SingleFlight``), so one instance takes part with
/// one task.
///
/// Give it to ``ChartService/init(upstream:repository:calendar:provisionalTTL:cacheCapacity:fleet:)``; without
/// one (SQLite, a single instance), every instance calls for itself as before.
public struct ChartFleet: Sendable {
    /// The leases every instance shares (the database's).
    public var leases: any LeaseStore
    /// Names this instance as a lease's holder.
    public var instanceID: String
    /// How long a claim on a chart lasts: longer than one KOBIS call may take (the upstream timeout and a margin),
    /// so that a live holder keeps it, and short, so that the others take over soon after a holder died.
    public var claimDuration: TimeInterval
    /// How often a waiting instance looks for the holder's copy in the store.
    public var pollInterval: Duration
    /// How to wait between polls (tests pass one that moves their clock).
    public var sleep: @Sendable (Duration) async throws -> Void

    /// A claim of 35 s: a 30 s upstream timeout and a margin.
    public static let defaultClaimDuration: TimeInterval = 35
    /// Rounds of waiting for others (each at most one claim long) before an instance calls for itself.
    static let maximumRounds = 3

    /// - Parameters:
    ///   - claimDuration: the upstream timeout plus a margin (``defaultClaimDuration``).
    ///   - pollInterval: 50 ms by default.
    public init(
        leases: any LeaseStore, instanceID: String = UUID().uuidString,
        claimDuration: TimeInterval = ChartFleet.defaultClaimDuration, pollInterval: Duration = .milliseconds(50),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.leases = leases
        self.instanceID = instanceID
        self.claimDuration = max(1, claimDuration)
        self.pollInterval = pollInterval
        self.sleep = sleep
    }

    /// The lease of `query`'s chart from `source`: the same on every instance.
    static func leaseName(for query: ChartQuery, source: ChartSource) -> String {
        "chart:\(source.rawValue):\(query.kind.rawValue):\(query.range.start.isoString):"
            + "\(query.range.end.isoString):\(query.filters.key)"
    }
}

extension ChartService {
    /// Fetches `query`'s chart once for the whole fleet (``ChartFleet``); `stored` is this instance's last read of
    /// the store (not fresh).
    func fetchForFleet(_ query: ChartQuery, stored: Chart?, fleet: ChartFleet) async throws -> Chart {
        let name = ChartFleet.leaseName(for: query, source: source)
        var stored = stored
        for _ in 0..<ChartFleet.maximumRounds {
            let now = calendar.currentInstant
            let held: Bool
            do {
                held = try await fleet.leases.acquire(
                    name, holder: fleet.instanceID, now: now, until: now.addingTimeInterval(fleet.claimDuration))
            } catch {
                // The leases cannot be read: this instance calls for itself, as it would without a fleet.
                return try await fetch(query, stored: stored)
            }
            if held { return try await fetchHolding(query, stored: stored, lease: name, fleet: fleet) }
            if let copy = try await awaitCopy(of: query, lease: name, fleet: fleet) { return copy }
            stored = try await readStored(query) ?? stored
        }
        // The chart kept being claimed by others without ever being stored (their calls failed, or KOBIS had not
        // counted it yet): this instance calls for itself.
        return try await fetch(query, stored: stored)
    }

    /// Holding the lease: reads the store again (another instance may have stored the chart meanwhile), else calls
    /// KOBIS and stores the answer; then lets the lease go, whatever happened.
    private func fetchHolding(
        _ query: ChartQuery, stored: Chart?, lease name: String, fleet: ChartFleet
    ) async throws -> Chart {
        let result: Result<Chart, any Error>
        do {
            let current = try await readStored(query)
            if let current, isFresh(current) {
                result = .success(current)
            } else {
                result = .success(try await fetch(query, stored: current ?? stored))
            }
        } catch {
            result = .failure(error)
        }
        // A lease that cannot be let go expires by itself after one claim.
        try? await fleet.leases.release(name, holder: fleet.instanceID)
        return try result.get()
    }

    /// Another instance holds the lease: polls the store until its fresh copy appears (returned), or the lease is
    /// free or expired, or one claim has passed (`nil`: try to take the lease).
    private func awaitCopy(of query: ChartQuery, lease name: String, fleet: ChartFleet) async throws -> Chart? {
        let deadline = calendar.currentInstant.addingTimeInterval(fleet.claimDuration)
        while calendar.currentInstant < deadline {
            try await fleet.sleep(fleet.pollInterval)
            if let copy = try await readStored(query), isFresh(copy) { return copy }
            let holder = try? await fleet.leases.holder(of: name, now: calendar.currentInstant)
            if holder == nil { return nil }
        }
        return nil
    }
}
