import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBISSimulator
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

@Suite("Webhook routes: create (targets checked), list without secrets, delete only one's own")
struct WebhookAPITests {
    /// A diary app over a fresh database, with private webhook targets allowed or not.
    static func withApp(
        _ backend: DiaryWebBackend, allowPrivate: Bool, _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await DiaryWebTestSupport.withDatabase(backend) { databaseURL, directory in
            var configuration = DiaryWebTestSupport.configuration(databaseURL: databaseURL, directory: directory)
            configuration.webhookAllowPrivate = allowPrivate
            let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
            let app = try await buildApplication(
                configuration, logger: DiaryWebTestSupport.quietLogger,
                transport: SimulatorTransport(simulator: KOBISSimulator(now: now)), now: now)
            try await app.test(.live) { client in try await body(client) }
        }
    }

    @Test(
        "loopback, private, link-local, unique-local and IPv4-mapped targets are refused with 400 in the reader's words",
        arguments: [
            "http://127.0.0.1/hook", "http://localhost:8080/hook", "http://[::ffff:127.0.0.1]/hook", "http://10.0.0.8/",
            "http://192.168.1.1/", "http://172.16.0.1/", "http://169.254.169.254/latest/meta-data", "http://[fe80::1]/",
            "http://[fd00::1]/", "http://[::1]/", "http://100.64.0.1/", "http://0.0.0.0/",
            // Other spellings of the same addresses: case, a trailing dot, percent-encoding, numeric forms that the
            // system resolver reads as IPv4, an uncompressed IPv6.
            "http://LocalHost./hook", "http://%6cocalhost/", "http://localhost%2e/", "http://2130706433/",
            "http://0x7f000001/", "http://0177.0.0.1/", "http://127.1/", "http://%31%32%37.0.0.1/",
            "http://[0:0:0:0:0:FFFF:7F00:1]/", "http://[::FFFF:A9FE:A9FE]/",
        ])
    func refusedTargets(url: String) async throws {
        try await Self.withApp(.sqlite, allowPrivate: false) { client in
            let token = try await client.account("minji")
            let response = try await client.call(
                .post, "/api/v1/webhooks", token: token, json: ["url": url, "events": ["first"]])
            #expect(response.status == .badRequest, "\(url): \(response.text)")
            #expect(response.apiErrorMessage?.contains("private or reserved address") == true, "\(response.text)")
            let korean = try await client.call(
                .post, "/api/v1/webhooks", token: token, json: ["url": url, "events": ["first"]],
                headers: [.acceptLanguage: "ko"])
            #expect(korean.apiErrorMessage?.contains("사설 또는 예약된 주소") == true, "\(korean.text)")
            // Never which address, nor which kind of range (W10: an oracle of the server's DNS).
            for answer in [response.text, korean.text] {
                for leak in [
                    "127.", "::1", "10.0", "192.168", "172.16", "169.254", "fe80", "fd00", "100.64", "0.0.0.0",
                ]
                    + ["loopback", "link-local", "unique-local", "루프백", "사설망"]
                {
                    #expect(!answer.contains(leak), "\(url) answers \(answer)")
                }
            }
            let list = try await client.call(.get, "/api/v1/webhooks", token: token)
            #expect((list.jsonObject?["webhooks"] as? [Any])?.isEmpty == true)
        }
    }

    @Test(
        "bad bodies are 400s",
        arguments: [
            (["url": "ftp://example.com/", "events": ["first"]], "http or https"),
            (["url": "https://user:pw@example.com/", "events": ["first"]], "user name or password"),
            (["url": "http://localhost/", "events": [] as [String]], "events"),
            (["url": "http://localhost/", "events": ["sometimes"]], "events"),
            (["url": "http://localhost/", "events": ["first"], "format": "xml"], "format"),
        ] as [([String: any Sendable], String)])
    func badBodies(body: [String: any Sendable], mentions: String) async throws {
        try await Self.withApp(.sqlite, allowPrivate: true) { client in
            let token = try await client.account("minji")
            let response = try await client.call(.post, "/api/v1/webhooks", token: token, json: body)
            #expect(response.status == .badRequest, "\(response.text)")
            #expect(response.apiErrorMessage?.contains(mentions) == true, "\(response.text)")
        }
    }

    @Test(
        "create answers the secret once; list never; another person's hook is a 404", arguments: DiaryWebBackend.enabled
    )
    func lifecycle(backend: DiaryWebBackend) async throws {
        try await Self.withApp(backend, allowPrivate: true) { client in
            let minji = try await client.account("minji")
            let other = try await client.account("other")
            #expect(try await client.call(.get, "/api/v1/webhooks").status == .unauthorized)
            let created = try await client.call(
                .post, "/api/v1/webhooks", token: minji,
                json: ["url": "http://localhost:9/hook", "events": ["left", "first"], "format": "ntfy"])
            #expect(created.status == .created, "\(created.text)")
            #expect(created.headers[.cacheControl] == "no-store")
            let body = try #require(created.jsonObject)
            let secret = try #require(body["secret"] as? String)
            #expect(secret.hasPrefix("whsec_") && secret.count == 49)
            #expect(body["events"] as? [String] == ["first", "left"])
            #expect(body["format"] as? String == "ntfy" && body["enabled"] as? Bool == true)
            #expect(body["disabledAt"] is NSNull)
            let id = try #require(body["id"] as? String)

            let list = try await client.call(.get, "/api/v1/webhooks", token: minji)
            #expect(!list.text.contains(secret), "the secret is never answered again")
            #expect((list.jsonObject?["webhooks"] as? [[String: Any]])?.map { $0["id"] as? String } == [id])
            #expect(
                (try await client.call(.get, "/api/v1/webhooks", token: other).jsonObject?["webhooks"] as? [Any])?
                    .isEmpty == true)

            #expect(try await client.call(.delete, "/api/v1/webhooks/\(id)", token: other).status == .notFound)
            #expect(try await client.call(.delete, "/api/v1/webhooks/not-an-id", token: minji).status == .notFound)
            #expect(try await client.call(.delete, "/api/v1/webhooks/\(id)", token: minji).status == .noContent)
            #expect(try await client.call(.delete, "/api/v1/webhooks/\(id)", token: minji).status == .notFound)
        }
    }
}
