import KOBIS
import Logging
import Prometheus

/// Counts the server's open client connections by address and refuses one more from an address that holds its
/// limit. Shared by every connection's ``ConnectionLimitHandler``.
final class ConnectionLimiter: Sendable {
    private struct Holding {
        var open = 0
        /// Whether this address was refused since it last held fewer than the limit: its first refusal is logged,
        /// the rest are only counted.
        var refused = false
    }

    private struct State {
        var byAddress: [ConnectionAddress: Holding] = [:]
        var total = 0
    }

    /// At most this many from one address; 0: no limit.
    let perAddress: Int
    private let state = Locked(State())
    private let openGauge: Gauge
    private let refusedCounter: Counter
    private let logger: Logger

    init(perAddress: Int, registry: PrometheusCollectorRegistry, logger: Logger) {
        self.perAddress = max(0, perAddress)
        self.logger = logger
        openGauge = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                namespace: "boxoffice", metricName: "connections", unitName: "open",
                helpText: "Client connections open now."))
        refusedCounter = registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "boxoffice", metricName: "connections_refused", unitName: "total",
                helpText: "Client connections closed on arrival: their address held as many as it may."))
    }

    /// Counts a new connection from `address`; false when the address already holds its limit (the connection
    /// is not counted and should be closed).
    func open(_ address: ConnectionAddress) -> Bool {
        let (accepted, firstRefusal, total) = state.withLock { state in
            var holding = state.byAddress[address, default: Holding()]
            if perAddress > 0, holding.open >= perAddress {
                let first = !holding.refused
                holding.refused = true
                state.byAddress[address] = holding
                return (false, first, state.total)
            }
            holding.open += 1
            state.byAddress[address] = holding
            state.total += 1
            return (true, false, state.total)
        }
        if accepted {
            openGauge.set(Int64(total))
        } else {
            refusedCounter.increment()
            if firstRefusal {
                logger.warning(
                    "connections: an address holds as many connections as it may; more are closed until it closes some",
                    metadata: ["address": "\(address)", "limit": "\(perAddress)"])
            }
        }
        return accepted
    }

    /// Counts a connection from `address` closed (one that ``open(_:)`` accepted).
    func close(_ address: ConnectionAddress) {
        let total = state.withLock { state in
            guard var holding = state.byAddress[address], holding.open > 0 else { return state.total }
            state.total -= 1
            holding.open -= 1
            if holding.open == 0 {
                state.byAddress[address] = nil
            } else {
                if holding.open < perAddress { holding.refused = false }
                state.byAddress[address] = holding
            }
            return state.total
        }
        openGauge.set(Int64(total))
    }

    /// Open connections from `address` (tests).
    func openConnections(from address: ConnectionAddress) -> Int {
        state.withLock { $0.byAddress[address]?.open ?? 0 }
    }
}
