public import BoxOfficeCore
import Foundation
public import Prometheus

/// The quota and the keeper on `/metrics`, read at scrape time: `kobis_quota_used{purpose="…"}` (today's calls,
/// KST, counted by every instance and job) and `boxoffice_keeper_state{state="…"}` (1 for the keeper's state on this
/// instance, 0 for the others).
public struct KeeperMetrics: Sendable {
    private let ledger: QuotaLedger
    private let keeper: ArchiveKeeper
    private let used: [KOBISCallPurpose: Gauge]
    private let states: [KeeperState: Gauge]

    public init(registry: PrometheusCollectorRegistry, ledger: QuotaLedger, keeper: ArchiveKeeper) {
        self.ledger = ledger
        self.keeper = keeper
        let usedName = MetricNameDescriptor(
            namespace: "kobis", metricName: "quota", unitName: "used",
            helpText: "KOBIS calls counted today (KST) in the quota ledger, by purpose, across every instance.")
        var used: [KOBISCallPurpose: Gauge] = [:]
        for purpose in KOBISCallPurpose.allCases {
            used[purpose] = registry.makeGauge(descriptor: usedName, labels: [("purpose", purpose.rawValue)])
        }
        let stateName = MetricNameDescriptor(
            namespace: "boxoffice", metricName: "keeper", unitName: "state",
            helpText: "1 for the archive keeper's state on this instance, 0 for the others.")
        var states: [KeeperState: Gauge] = [:]
        for state in KeeperState.allCases {
            states[state] = registry.makeGauge(descriptor: stateName, labels: [("state", state.rawValue)])
        }
        self.used = used
        self.states = states
    }

    /// Reads the ledger and the keeper into the gauges; a store that cannot be read leaves them as they were.
    public func refresh() async {
        if let usage = try? await ledger.usage() {
            for (purpose, gauge) in used { gauge.set(Int64(usage.byPurpose[purpose] ?? 0)) }
        }
        if let status = try? await keeper.status() {
            for (state, gauge) in states { gauge.set(state == status.state ? Int64(1) : 0) }
        }
    }
}
