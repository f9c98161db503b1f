import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBISSimulator
import Logging
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

@Suite("OpenAPI document")
struct OpenAPITests {
    /// One real request against a documented operation.
    struct Probe: CustomStringConvertible {
        var path: String
        var uri: String
        var status: Int
        var description: String { "GET \(uri)" }
    }

    static func checker(_ client: any TestClientProtocol) async throws -> OpenAPIDocumentChecker {
        let response = try await client.get("/openapi.json")
        #expect(response.status == .ok)
        return OpenAPIDocumentChecker(document: try AnyJSON.parse(response.text))
    }

    /// Fetches `probe.uri` and checks the answer against the document: the status is the expected one and
    /// documented for the operation, the body has the documented schema, the documented headers are sent.
    static func expectConforms(
        _ probe: Probe, client: any TestClientProtocol, checker: OpenAPIDocumentChecker
    ) async throws -> AnyJSON {
        let response = try await client.get(probe.uri)
        #expect(response.status.code == probe.status, "\(probe): \(response.text)")
        let documented = try #require(
            checker.response(path: probe.path, method: "get", status: response.status.code),
            "\(probe): status \(response.status.code) is not documented")
        #expect(response.headers[.contentType]?.hasPrefix("application/json") == true, "\(probe)")
        for header in (documented["headers"]?.objectValue ?? [:]).keys {
            #expect(
                response.headers[HTTPFields.Element.Name(header)!] != nil,
                "\(probe): documented header \(header) missing")
        }
        let schema = try #require(checker.jsonSchema(of: documented), "\(probe): no JSON schema")
        let body = try AnyJSON.parse(response.text)
        let problems = checker.violations(of: body, against: schema)
        #expect(problems.isEmpty, "\(probe):\n\(problems.joined(separator: "\n"))")
        return body
    }

    @Test("/openapi.json is OpenAPI 3 JSON with the diary's bearerAuth scheme and the shared error schema")
    func served() async throws {
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.get("/openapi.json")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let document = try AnyJSON.parse(response.text)
            #expect(document["openapi"]?.stringValue?.hasPrefix("3.") == true)
            #expect(document["info"]?["title"]?.stringValue?.isEmpty == false)
            #expect(document["components"]?["securitySchemes"]?["bearerAuth"]?["scheme"]?.stringValue == "bearer")
            let error = try #require(document["components"]?["schemas"]?["Error"])
            #expect(error["required"] == .array([.string("error")]))
            // The served bytes are the resource file's.
            let file = try #require(
                FileManager.default.contents(atPath: WebResources.resourcesDirectory + "/openapi.json"))
            #expect(Data(response.text.utf8) == file)
        }
    }

    @Test("every /api/v1 route the router serves is documented, and every documented operation is served")
    func documentsEveryRoute() async throws {
        let directory = try WebTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
        let services = try await AppServices.start(
            configuration: AppConfiguration(
                databaseURL: "sqlite://\(directory.path)/app.sqlite", workingDirectory: directory.path),
            logger: Logger(label: "openapi-test"), transport: SimulatorTransport(simulator: KOBISSimulator(now: now)),
            now: now)
        let router = try buildRouter(
            services: services, renderer: try await PageRenderer.loadFromBundle(),
            openAPI: try OpenAPIDocument.loadFromBundle())
        await services.shutdown()

        let served = Set(
            router.routes
                .filter { $0.path.description.hasPrefix("/api/v1/") && !$0.path.description.contains("*") }
                .map { "\($0.method.rawValue) \($0.path.description)" })
        let file = try #require(FileManager.default.contents(atPath: WebResources.resourcesDirectory + "/openapi.json"))
        let checker = OpenAPIDocumentChecker(document: try JSONDecoder().decode(AnyJSON.self, from: file))
        let documented = Set(checker.operations.map { "\($0.method.uppercased()) \($0.path)" })
        #expect(
            served.isSuperset(of: [
                "GET /api/v1/daily", "GET /api/v1/weekly", "GET /api/v1/movies/{code}", "GET /api/v1/movies",
            ]))
        #expect(
            served.subtracting(documented).isEmpty,
            "served but not in openapi.json: \(served.subtracting(documented).sorted())")
        #expect(
            documented.subtracting(served).isEmpty,
            "in openapi.json but not served: \(documented.subtracting(served).sorted())")
    }

    @Test("real responses of every documented GET route conform to the document, errors included")
    func responsesConform() async throws {
        try await WebTestSupport.withSampleApp { client in
            let checker = try await Self.checker(client)
            let date = WebTestSupport.settledDate
            var probes = [
                Probe(path: "/api/v1/daily", uri: "/api/v1/daily", status: 200),
                Probe(path: "/api/v1/daily", uri: "/api/v1/daily?date=\(date)", status: 200),
                Probe(
                    path: "/api/v1/daily", uri: "/api/v1/daily?date=\(date)&nation=K&multi=N&area=0105001", status: 200),
                Probe(path: "/api/v1/daily", uri: "/api/v1/daily?date=\(date)&nation=&multi=&area=", status: 200),
                Probe(path: "/api/v1/daily", uri: "/api/v1/daily?date=2024-02-30", status: 400),
                Probe(path: "/api/v1/daily", uri: "/api/v1/daily?nation=X", status: 400),
                Probe(path: "/api/v1/weekly", uri: "/api/v1/weekly", status: 200),
                Probe(
                    path: "/api/v1/weekly", uri: "/api/v1/weekly?date=2024-03-13&range=weekend&nation=F", status: 200),
                Probe(path: "/api/v1/weekly", uri: "/api/v1/weekly?date=2024-03-13&range=weekdays", status: 200),
                Probe(path: "/api/v1/weekly", uri: "/api/v1/weekly?range=month", status: 400),
                Probe(path: "/api/v1/movies/{code}", uri: "/api/v1/movies/00000000", status: 404),
                Probe(path: "/api/v1/movies/{code}", uri: "/api/v1/movies/not-a-code!", status: 404),
                Probe(path: "/api/v1/movies", uri: "/api/v1/movies", status: 200),
                Probe(path: "/api/v1/movies", uri: "/api/v1/movies?q=a&year=abc", status: 400),
                Probe(path: "/api/v1/movies", uri: "/api/v1/movies?q=a&page=0", status: 400),
            ]
            var results: [String: AnyJSON] = [:]
            for probe in probes {
                results[probe.uri] = try await Self.expectConforms(probe, client: client, checker: checker)
            }
            #expect(results["/api/v1/weekly"]?["yearWeek"] != nil, "weekly charts carry yearWeek")

            // Every movie of a chart, and searches by its title, director and year.
            let entries = results["/api/v1/daily?date=\(date)"]?["entries"]?.arrayValue ?? []
            #expect(entries.count == 10)
            probes = []
            for entry in entries {
                let code = try #require(entry["movieCode"]?.stringValue)
                probes.append(Probe(path: "/api/v1/movies/{code}", uri: "/api/v1/movies/\(code)", status: 200))
            }
            let title = try #require(entries.first?["title"]?.stringValue)
            let encodedTitle = try #require(title.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            probes.append(Probe(path: "/api/v1/movies", uri: "/api/v1/movies?q=\(encodedTitle)", status: 200))
            probes.append(
                Probe(path: "/api/v1/movies", uri: "/api/v1/movies?q=%EC%97%AC%EB%A6%84&year=2024&page=2", status: 200))
            for probe in probes {
                results[probe.uri] = try await Self.expectConforms(probe, client: client, checker: checker)
            }
            // The archive routes, over the days stored by the requests above.
            let code = try #require(entries.first?["movieCode"]?.stringValue)
            for probe in [
                Probe(
                    path: "/api/v1/charts/period", uri: "/api/v1/charts/period?from=2024-03-14&to=\(date)&limit=5",
                    status: 200),
                Probe(path: "/api/v1/charts/period", uri: "/api/v1/charts/period", status: 200),
                Probe(path: "/api/v1/charts/period", uri: "/api/v1/charts/period?month=2024-13", status: 400),
                Probe(path: "/api/v1/movies/{code}/trend", uri: "/api/v1/movies/\(code)/trend", status: 200),
                Probe(path: "/api/v1/movies/{code}/trend", uri: "/api/v1/movies/00000000/trend", status: 404),
                Probe(path: "/api/v1/movies/{code}/trend", uri: "/api/v1/movies/not-a-code!/trend", status: 404),
            ] {
                results[probe.uri] = try await Self.expectConforms(probe, client: client, checker: checker)
            }
            #expect(results["/api/v1/movies/\(code)/trend"]?["points"]?.arrayValue?.isEmpty == false)
            #expect(
                (results["/api/v1/charts/period?from=2024-03-14&to=\(date)&limit=5"]?["entries"]?.arrayValue?.count ?? 0)
                    > 0)

            let movie = try #require(results[probes[0].uri])
            let director = try #require(movie["directors"]?.arrayValue?.first?["name"]?.stringValue)
            let encodedDirector = try #require(director.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let byDirector = try await Self.expectConforms(
                Probe(path: "/api/v1/movies", uri: "/api/v1/movies?director=\(encodedDirector)", status: 200),
                client: client, checker: checker)
            #expect((byDirector["movies"]?.arrayValue?.count ?? 0) > 0)
        }
    }

    @Test(
        "upstream failures and stale charts conform to the document (502, 503, stale 200)",
        arguments: [
            (SimulatorFault.http500, 502), (.faultinfo, 502), (.malformed, 502), (.reset, 503), (.timeout, 503),
        ])
    func upstreamFailuresConform(fault: SimulatorFault, status: Int) async throws {
        // The default upstream timeout (10 s): the first call must succeed however busy the machine is. The failing
        // calls run side by side, so the timeout fault costs one timeout, not one a call.
        try await WebTestSupport.withSimulatorServer(provisionalTTL: 0) { server, client in
            let checker = try await Self.checker(client)
            let yesterday = WebTestSupport.yesterday
            _ = try await Self.expectConforms(
                Probe(path: "/api/v1/daily", uri: "/api/v1/daily?date=\(yesterday)", status: 200),
                client: client, checker: checker)
            server.setFault(fault)
            let stale = Probe(path: "/api/v1/daily", uri: "/api/v1/daily?date=\(yesterday)", status: 200)
            let probes = [
                Probe(path: "/api/v1/daily", uri: "/api/v1/daily?date=\(WebTestSupport.settledDate)", status: status),
                Probe(path: "/api/v1/weekly", uri: "/api/v1/weekly", status: status),
                Probe(path: "/api/v1/movies/{code}", uri: "/api/v1/movies/20231520", status: status),
                Probe(path: "/api/v1/movies", uri: "/api/v1/movies?q=x", status: status), stale,
            ]
            try await withThrowingTaskGroup(of: (Probe, AnyJSON).self) { group in
                for probe in probes {
                    group.addTask { (probe, try await Self.expectConforms(probe, client: client, checker: checker)) }
                }
                for try await (probe, body) in group where probe.uri == stale.uri {
                    #expect(body["stale"] == .bool(true))
                }
            }
        }
    }

    @Test("the schema checker catches what it should: missing, mistyped, undocumented and out-of-enum fields")
    func checkerCatchesViolations() throws {
        let file = try #require(FileManager.default.contents(atPath: WebResources.resourcesDirectory + "/openapi.json"))
        let checker = OpenAPIDocumentChecker(document: try JSONDecoder().decode(AnyJSON.self, from: file))
        let chart = AnyJSON.object(["$ref": .string("#/components/schemas/Chart")])
        let entry = """
            {"rank": 1, "change": {"kind": "new", "amount": 0}, "movieCode": "20199882", "title": "경관의 피",
             "openDate": "2022-01-05", "audience": 64050, "audienceTotal": 69228, "sales": 584559330,
             "salesShare": 34.2, "salesTotal": 631402330, "screens": 1171, "shows": 4416, "dayOfRun": 1,
             "audiencePerShow": 14.5}
            """
        let valid = """
            {"kind": "daily", "range": {"start": "2022-01-05", "end": "2022-01-05"}, "filters": {}, "source": "kobis",
             "stale": false, "fetchedAt": "2026-11-22T07:00:00Z", "entries": [\(entry)]}
            """
        #expect(checker.violations(of: try AnyJSON.parse(valid), against: chart) == [])

        let broken: [(String, String)] = [
            (valid.replacingOccurrences(of: #""stale": false,"#, with: ""), "missing required stale"),
            (valid.replacingOccurrences(of: #""kind": "daily""#, with: #""kind": "monthly""#), "is not one of"),
            (valid.replacingOccurrences(of: #""rank": 1"#, with: #""rank": "1""#), "expected integer"),
            (valid.replacingOccurrences(of: #""rank": 1"#, with: #""rank": 0"#), "< minimum"),
            (valid.replacingOccurrences(of: #""audience": 64050"#, with: #""audience": 64050.5"#), "expected integer"),
            (valid.replacingOccurrences(of: #""stale": false"#, with: #""stale": 0"#), "expected boolean"),
            (
                valid.replacingOccurrences(of: #""openDate": "2022-01-05""#, with: #""openDate": "20220105""#),
                "does not match"
            ),
            (
                valid.replacingOccurrences(
                    of: #""fetchedAt": "2026-11-22T07:00:00Z""#, with: #""fetchedAt": "yesterday""#), "date-time"
            ),
            (valid.replacingOccurrences(of: #""filters": {}"#, with: #""filters": {"nation": "X"}"#), "is not one of"),
            (
                valid.replacingOccurrences(of: #""source": "kobis","#, with: #""source": "kobis", "extra": 1,"#),
                "extra is not documented"
            ),
            (valid.replacingOccurrences(of: #""amount": 0"#, with: #""amount": null"#), "expected integer"),
            // A row always names its day of run, null when unknown.
            (valid.replacingOccurrences(of: #" "dayOfRun": 1,"#, with: ""), "missing required dayOfRun"),
        ]
        let unknown = valid.replacingOccurrences(of: #""openDate": "2022-01-05""#, with: #""openDate": null"#)
            .replacingOccurrences(of: #""dayOfRun": 1"#, with: #""dayOfRun": null"#)
        #expect(checker.violations(of: try AnyJSON.parse(unknown), against: chart) == [])
        for (json, expected) in broken {
            let problems = checker.violations(of: try AnyJSON.parse(json), against: chart)
            #expect(problems.contains { $0.contains(expected) }, "expected “\(expected)” in \(problems)")
        }
    }
}
