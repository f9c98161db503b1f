import Hummingbird
import KOBIS
import Prometheus

/// Counts requests and records their latency per route, method and status in the app's registry
/// (`http_requests_total`, `http_request_duration_seconds`). Routes are the matched route
/// templates, so unknown addresses cannot blow up the number of series.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let registry: PrometheusCollectorRegistry
    /// Each route's, method's and status's two series, made once: the registry checks a metric's name, help text
    /// and labels on every `make…`, a few microseconds of every request. Routes are templates and methods and
    /// statuses few, so it stays small.
    private let series = Locked<[SeriesKey: Series]>([:])

    private struct SeriesKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    private struct Series {
        var requests: Counter
        var duration: DurationHistogram
    }

    init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
    }

    static var requestsDescriptor: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "http", metricName: "requests", unitName: "total",
            helpText: "HTTP requests answered, by route, method and status.")
    }
    static var durationDescriptor: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "http", metricName: "request_duration", unitName: "seconds",
            helpText: "Time to answer HTTP requests, by route, method and status.")
    }
    static var buckets: [Duration] {
        [
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
        ]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let started = ContinuousClock.now
        let status: HTTPResponse.Status
        let result: Result<Response, any Error>
        do {
            let response = try await next(request, context)
            status = response.status
            result = .success(response)
        } catch {
            status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            result = .failure(error)
        }
        let key = SeriesKey(
            route: context.endpointPath ?? "unmatched", method: request.method.rawValue, status: status.code)
        let made = series.withLock { $0[key] } ?? makeSeries(key)
        made.requests.increment()
        made.duration.record(ContinuousClock.now - started)
        return try result.get()
    }

    private func makeSeries(_ key: SeriesKey) -> Series {
        let labels = [("route", key.route), ("method", key.method), ("status", String(key.status))]
        let made = Series(
            requests: registry.makeCounter(descriptor: Self.requestsDescriptor, labels: labels),
            duration: registry.makeDurationHistogram(
                descriptor: Self.durationDescriptor, labels: labels, buckets: Self.buckets))
        series.withLock { $0[key] = made }
        return made
    }
}
