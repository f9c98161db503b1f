import KOBIS
import Logging
import Prometheus

/// Counts the server's open client connections by address and refuses one more from an address that holds its
/// limit. Shared by every connection's ``ConnectionLimitHandler``.
final class ConnectionLimiter: Sendable {
    private struct Holding {
        var open = 0
        /// When a refusal of this address was last logged: at most one a minute is, the rest are only counted.
        var warned: ContinuousClock.Instant?
    }

    /// How often one address's refusals are logged while it holds its limit.
    static let warningInterval = Duration.seconds(60)

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
        let (accepted, warn) = state.withLock { state in
            var holding = state.byAddress[address, default: Holding()]
            if perAddress > 0, holding.open >= perAddress {
                let now = ContinuousClock.now
                let warn = holding.warned.map { now - $0 >= Self.warningInterval } ?? true
                if warn { holding.warned = now }
                state.byAddress[address] = holding
                return (false, warn)
            }
            holding.open += 1
            state.byAddress[address] = holding
            state.total += 1
            // Set under the lock, so that two event loops cannot write their totals in the wrong order.
            openGauge.set(Int64(state.total))
            return (true, false)
        }
        if !accepted {
            refusedCounter.increment()
            if warn {
                logger.warning(
                    """
                    connections: an address holds as many connections as it may; more are closed until it closes \
                    some (logged at most once a minute)
                    """,
                    metadata: ["address": "\(address)", "limit": "\(perAddress)"])
            }
        }
        return accepted
    }

    /// Counts a connection from `address` closed (one that ``open(_:)`` accepted).
    func close(_ address: ConnectionAddress) {
        state.withLock { state in
            guard var holding = state.byAddress[address], holding.open > 0 else { return }
            state.total -= 1
            holding.open -= 1
            state.byAddress[address] = holding.open == 0 ? nil : holding
            openGauge.set(Int64(state.total))
        }
    }
}
