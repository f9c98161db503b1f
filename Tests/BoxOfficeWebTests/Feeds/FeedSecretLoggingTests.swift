import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import BoxOfficeWeb

@Suite("A personal feed's secret never reaches the logs")
struct FeedSecretLoggingTests {
    @Test(
        "the segment after /feeds/u/ is written <secret>, however the path is spelled",
        arguments: [
            ("/feeds/u/abcDEF_123-x/alerts.atom", "/feeds/u/<secret>/alerts.atom"),
            ("/feeds/u/abcDEF_123-x/calendar.ics", "/feeds/u/<secret>/calendar.ics"),
            ("/FEEDS/U/abcDEF_123-x", "/FEEDS/U/<secret>"),
            ("//feeds//u//abcDEF_123-x/", "//feeds//u//<secret>/"),
            ("/feeds/./u/abcDEF_123-x/alerts.atom", "/feeds/./u/<secret>/alerts.atom"),
            ("/feeds/%75/abcDEF_123-x/alerts.atom", "/feeds/%75/<secret>/alerts.atom"),
            ("/feeds/x/../u/abcDEF_123-x", "/feeds/x/../u/<secret>"),
            ("/anything/bf_abcDEF_123/alerts.atom", "/anything/<secret>/alerts.atom"),
            ("/anything/%62f_abcDEF_123", "/anything/<secret>"),
            ("/feeds%2Fu%2Fbf_abcDEF_123", "/<secret>"),
            ("/feeds/daily.atom", "/feeds/daily.atom"),
            ("/daily", "/daily"),
        ])
    func redaction(path: String, logged: String) {
        #expect(RequestLoggingMiddleware<BasicRequestContext>.loggablePath(path) == logged)
    }

    @Test("a query names no secret and at most 32 parameters in the log")
    func queryRedaction() {
        typealias Middleware = RequestLoggingMiddleware<BasicRequestContext>
        let secret = Middleware.loggableQuery(Parameters(formQuery: "BF_abcDEF_123=1&date=2024-03-01"))
        #expect(secret == "<secret>&date=2024-03-01")
        let many = (1...40).map { "p\($0)=x" }.joined(separator: "&")
        let logged = Middleware.loggableQuery(Parameters(formQuery: Substring(many)))
        #expect(logged?.hasSuffix("&p32&…(8 more)") == true, "\(logged ?? "")")
    }

    @Test("requests to a secret address (known or not) log the route, never the secret")
    func requestLog() async throws {
        try await OperationsTestSupport.withSampleApp { client, logs, _ in
            let secret = "FeedSecretThatMustNotBeLogged0123456789abcd"
            for file in ["alerts.atom", "calendar.ics"] {
                let response = try await client.get("/feeds/u/\(secret)/\(file)")
                #expect(response.status == .notFound)
            }
            let lines = logs.requestLines
            #expect(lines.count == 2)
            #expect(lines.first?.metadata["path"] == "/feeds/u/<secret>/alerts.atom")
            for record in logs.all {
                #expect(!record.description.contains(secret), "leaked: \(record)")
            }
        }
    }
}
