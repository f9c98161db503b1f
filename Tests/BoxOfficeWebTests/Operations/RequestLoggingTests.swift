import Foundation
import Hummingbird
import HummingbirdTesting
import KOBISSimulator
import Logging
import Testing

@testable import BoxOfficeWeb

@Suite("Request logging")
struct RequestLoggingTests {
    static let requestID = HTTPFields.Element.Name("X-Request-ID")!

    @Test("one info line per request: request id (echoed in X-Request-ID), method, path, route, status, duration")
    func oneLinePerRequest() async throws {
        try await OperationsTestSupport.withSampleApp { client, logs, _ in
            let response = try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
            #expect(response.status == .ok)
            let id = try #require(response.headers[Self.requestID])
            #expect(RequestLoggingMiddleware<BasicRequestContext>.isSaneRequestID(id), "\(id)")

            let lines = logs.requestLines
            #expect(lines.count == 1, "\(lines)")
            let line = try #require(lines.first)
            #expect(line.level == .info)
            #expect(line.metadata["hb.request.id"] == id)
            #expect(line.metadata["method"] == "GET")
            #expect(line.metadata["path"] == "/api/v1/daily")
            #expect(line.metadata["route"] == "/api/v1/daily")
            #expect(line.metadata["status"] == "200")
            #expect(line.metadata["query"] == "date=\(WebTestSupport.settledDate)")
            let duration = try #require(line.metadata["duration_ms"].flatMap(Double.init))
            #expect(duration >= 0)

            let movie = try await client.get("/api/v1/movies/00000000")
            #expect(movie.status == .notFound)
            let second = try #require(movie.headers[Self.requestID])
            #expect(second != id, "every request gets its own id")
            let lastLine = try #require(logs.requestLines.last)
            #expect(logs.requestLines.count == 2)
            #expect(lastLine.metadata["hb.request.id"] == second)
            #expect(lastLine.metadata["status"] == "404")
            #expect(lastLine.metadata["route"] == "/api/v1/movies/{code}")
            #expect(lastLine.metadata["query"] == nil)
            #expect(lastLine.level == .info, "4xx is the client's problem: info")

            // Static files, redirects and unknown pages are logged too.
            for (uri, status) in [("/static/style.css", 200), ("/", 303), ("/no/such/page", 404)] {
                let answer = try await client.get(uri)
                #expect(answer.status.code == status, "\(uri)")
                #expect(answer.headers[Self.requestID] != nil, "\(uri)")
                #expect(logs.requestLines.last?.metadata["path"] == uri)
                #expect(logs.requestLines.last?.metadata["status"] == String(status))
            }
        }
    }

    @Test(
        "a sane incoming X-Request-ID is honoured, logged and echoed; anything else is replaced",
        arguments: [
            ("abc-123_DEF.4:5", true), (String(repeating: "a", count: 128), true), ("has space", false),
            (String(repeating: "a", count: 129), false), ("ünïcode", false), ("a\"b", false), ("id;drop", false),
        ])
    func incomingRequestID(value: String, honoured: Bool) async throws {
        try await OperationsTestSupport.withSampleApp { client, logs, _ in
            let response = try await client.get("/health", headers: [Self.requestID: value])
            #expect(response.status == .ok)
            let echoed = try #require(response.headers[Self.requestID])
            let logged = try #require(logs.requestLines.last?.metadata["hb.request.id"])
            #expect(echoed == logged)
            #expect((echoed == value) == honoured, "\(value) → \(echoed)")
            #expect(RequestLoggingMiddleware<BasicRequestContext>.isSaneRequestID(echoed))
        }
    }

    @Test("never logged: Authorization, Cookie, bodies, and query values other than harmless filters")
    func noSecrets() async throws {
        try await OperationsTestSupport.withSampleApp { client, logs, _ in
            let headers: HTTPFields = [
                .authorization: "Bearer secret-bearer-token", .cookie: "session=secret-cookie-value",
            ]
            let search = try await client.get(
                "/api/v1/movies?q=secret-title&token=secret-query-token&page=1&password=secret-password",
                headers: headers)
            #expect(search.status == .ok)
            let post = try await client.execute(
                uri: "/api/v1/daily?api_key=secret-api-key", method: .post, headers: headers,
                body: ByteBuffer(string: #"{"password": "secret-body-password"}"#)
            ) { $0 }
            #expect(post.status.code >= 400)
            let page = try await client.get("/daily?date=2024-03-15&nation=K&key=secret-kobis-key", headers: headers)
            #expect(page.status == .ok)

            let lines = logs.requestLines
            #expect(lines.count == 3)
            #expect(lines.first?.metadata["query"] == "q&token&page=1&password")
            #expect(lines.last?.metadata["query"] == "date=2024-03-15&nation=K&key")
            // At the levels a server runs at; debug and trace may show SQL with bound values (the search text).
            for record in logs.all where record.level >= .info {
                #expect(!record.description.contains("secret-"), "leaked: \(record)")
            }
            // Credentials stay out at every level.
            for record in logs.all {
                for secret in ["secret-bearer-token", "secret-cookie-value", "secret-body-password", "secret-api-key"] {
                    #expect(!record.description.contains(secret), "leaked: \(record)")
                }
            }
        }
    }

    @Test("an upstream failure (5xx) is logged at error level, with its request id on every line")
    func serverErrorsAtErrorLevel() async throws {
        try await OperationsTestSupport.withSimulatorServer { server, client, logs in
            server.setFault(.http500)
            let response = try await client.get(
                "/api/v1/daily?date=\(WebTestSupport.settledDate)", headers: [Self.requestID: "trace-502"])
            #expect(response.status == .badGateway)
            #expect(response.headers[Self.requestID] == "trace-502")
            let line = try #require(logs.requestLines.last)
            #expect(line.level == .error)
            #expect(line.metadata["status"] == "502")
            // The error middleware's line for the same request carries the same id.
            let failure = try #require(logs.all.first { $0.message == "request failed" })
            #expect(failure.metadata["hb.request.id"] == "trace-502")
            #expect(failure.level == .warning)
            for record in logs.all {
                #expect(!record.description.contains("secret-kobis-key"), "the KOBIS key leaked: \(record)")
            }
        }
    }

    @Test("log values are cut and escaped: long paths, control characters and non-ASCII")
    func sanitizing() {
        typealias Middleware = RequestLoggingMiddleware<BasicRequestContext>
        let long = "/" + String(repeating: "x", count: 1000)
        #expect(Middleware.loggablePath(long).count == Middleware.maximumPathLength + 1)
        #expect(Middleware.loggablePath("/a\nb") == "/a\\u{a}b")
        #expect(Middleware.escapingUnprintable("여름") == "\\u{c5ec}\\u{b984}")
        #expect(Middleware.milliseconds(.milliseconds(1234) + .microseconds(567)) == "1234.56")
        #expect(Middleware.milliseconds(.microseconds(50)) == "0.05")
        #expect(Middleware.milliseconds(.zero) == "0.00")
    }

    @Test("below the logger's level no line is made, but a 5xx is still logged and every answer carries its id")
    func quietBelowLevel() async throws {
        let (captured, logs) = CapturingLogHandler.logger()
        var logger = captured
        logger.logLevel = .warning
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: RequestLoggingMiddleware())
        router.get("ok") { _, _ in "ok" }
        router.get("broken") { _, _ in Response(status: .internalServerError) }
        try await Application(router: router, logger: logger).test(.router) { client in
            let ok = try await client.get("/ok?date=2024-03-19")
            #expect(ok.status == .ok)
            #expect(ok.headers[Self.requestID] != nil)
            #expect(logs.requestLines.isEmpty)
            let broken = try await client.get("/broken", headers: [Self.requestID: "trace-500"])
            #expect(broken.headers[Self.requestID] == "trace-500")
            #expect(logs.requestLines.map(\.level) == [.error])
            #expect(logs.requestLines.first?.metadata["hb.request.id"] == "trace-500")
        }
    }
}
