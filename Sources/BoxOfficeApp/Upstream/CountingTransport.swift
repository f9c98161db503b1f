public import Foundation
public import KOBIS
public import Prometheus

/// Wraps the KOBIS transport to count upstream calls by result for `/metrics`
/// (`kobis_upstream_calls_total{result="ok|http_error|timeout|connection|other"}`).
public struct CountingTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let ok: Prometheus.Counter
    private let httpError: Prometheus.Counter
    private let timeout: Prometheus.Counter
    private let connection: Prometheus.Counter
    private let other: Prometheus.Counter
    private let duration: DurationHistogram

    public static let counterName = "kobis_upstream_calls_total"

    public init(base: any HTTPTransport, registry: PrometheusCollectorRegistry) {
        self.base = base
        let calls = MetricNameDescriptor(
            namespace: "kobis", metricName: "upstream_calls", unitName: "total",
            helpText: "Calls made to the KOBIS API (or the simulator), by result.")
        func counter(_ result: String) -> Prometheus.Counter {
            registry.makeCounter(descriptor: calls, labels: [("result", result)])
        }
        ok = counter("ok")
        httpError = counter("http_error")
        timeout = counter("timeout")
        connection = counter("connection")
        other = counter("other")
        duration = registry.makeDurationHistogram(
            descriptor: MetricNameDescriptor(
                namespace: "kobis", metricName: "upstream_duration", unitName: "seconds",
                helpText: "Time spent waiting for KOBIS."),
            buckets: [
                .milliseconds(10), .milliseconds(50), .milliseconds(100), .milliseconds(200),
                .milliseconds(500), .seconds(1), .seconds(2), .seconds(5), .seconds(10),
            ])
    }

    public func get(_ url: URL) async throws -> HTTPTransportResponse {
        let started = ContinuousClock.now
        defer { duration.record(ContinuousClock.now - started) }
        do {
            let response = try await base.get(url)
            ((200..<300).contains(response.statusCode) ? ok : httpError).increment()
            return response
        } catch KOBISError.timeout {
            timeout.increment()
            throw KOBISError.timeout
        } catch let error as KOBISError {
            if case .connectionFailed = error { connection.increment() } else { other.increment() }
            throw error
        } catch {
            other.increment()
            throw error
        }
    }
}
