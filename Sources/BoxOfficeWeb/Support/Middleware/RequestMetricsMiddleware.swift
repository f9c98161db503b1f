import Hummingbird
import Prometheus

/// Counts requests and records their latency per route, method and status in the app's registry
/// (`http_requests_total`, `http_request_duration_seconds`). Routes are the matched route
/// templates, so unknown addresses cannot blow up the number of series.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let registry: PrometheusCollectorRegistry

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
        let labels = [
            ("route", context.endpointPath ?? "unmatched"), ("method", request.method.rawValue),
            ("status", String(status.code)),
        ]
        registry.makeCounter(descriptor: Self.requestsDescriptor, labels: labels).increment()
        registry.makeDurationHistogram(descriptor: Self.durationDescriptor, labels: labels, buckets: Self.buckets)
            .record(ContinuousClock.now - started)
        return try result.get()
    }
}
