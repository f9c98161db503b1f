import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBISSimulator
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

extension DiaryAPITests {
    /// Sign-up is open to anyone: on a server reached directly one address makes only so many accounts, and tries
    /// only so many names, a quarter of an hour, counted across instances in the database.
    @Suite("Sign-ups per address")
    struct SignupLimitTests {
        @Test(
            "five sign-ups from one address on two instances, made or taken; then 429 on page and API in the reader's language",
            arguments: DiaryWebBackend.enabled)
        func fivePerAddress(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withDatabase(backend) { databaseURL, directory in
                try await Self.run(databaseURL: databaseURL, directory: directory, perAddress: 64) { first in
                    try await Self.run(databaseURL: databaseURL, directory: directory, perAddress: 64) { second in
                        let password = "correct horse battery"
                        #expect(
                            try await first.call(
                                .post, "/api/v1/users", json: ["username": "ada", "password": password]
                            ).status == .created)
                        let taken = try await first.call(
                            .post, "/api/v1/users", json: ["username": "ADA", "password": password])
                        #expect(taken.status == .conflict)
                        try await PageBrowser(first).signUp("bea")
                        #expect(
                            try await second.call(
                                .post, "/api/v1/users", json: ["username": "cyd", "password": password]
                            ).status == .created)
                        #expect(
                            try await second.call(
                                .post, "/api/v1/users", json: ["username": "dee", "password": password]
                            ).status == .created)

                        // The sixth, on either instance: refused before anything is looked up or hashed.
                        let korean = try await second.call(
                            .post, "/api/v1/users", json: ["username": "eve", "password": password],
                            headers: [.acceptLanguage: "ko"])
                        #expect(korean.status == .tooManyRequests)
                        #expect(korean.headers[.retryAfter] == "900")
                        #expect(
                            (korean.jsonObject?["error"] as? [String: Any])?["message"] as? String
                                == "이 주소에서 가입이 너무 많았습니다. 15분 뒤에 다시 해 보세요.", "\(korean.text)")
                        let english = try await first.call(
                            .post, "/api/v1/users", json: ["username": "ada", "password": password])
                        #expect(english.status == .tooManyRequests, "a taken name is not told past the limit either")
                        #expect(
                            (english.jsonObject?["error"] as? [String: Any])?["message"] as? String
                                == "Too many sign-ups from this address. Try again in 15 minutes.")
                        let page = try await PageBrowser(first, language: "ko").submit(
                            on: "/signup", [("username", "eve"), ("password", password), ("passwordConfirm", password)])
                        #expect(page.status == .tooManyRequests)
                        #expect(page.headers[.retryAfter] == "900")
                        #expect(page.text.contains("이 주소에서 가입이 너무 많았습니다"), "\(page.text.prefix(1500))")
                        #expect(page.text.contains("value=\"eve\""), "the name typed stays in the form")

                        // Those who have accounts still log in.
                        #expect(
                            try await second.call(
                                .post, "/api/v1/tokens", json: ["username": "ada", "password": password]
                            ).status == .created)
                    }
                }
                // Behind a proxy (a server on loopback, by default) every request comes from one address: not counted.
                try await Self.run(databaseURL: databaseURL, directory: directory, perAddress: nil) { proxied in
                    for name in ["eve", "fay", "gus", "hal", "ivy", "joe"] {
                        let made = try await proxied.call(
                            .post, "/api/v1/users", json: ["username": name, "password": "correct horse battery"])
                        #expect(made.status == .created, "\(name): \(made.text)")
                    }
                }
                // BOXOFFICE_SIGNUPS_PER_ADDRESS=0: no limit, though the address spent its five in this window.
                try await Self.run(databaseURL: databaseURL, directory: directory, perAddress: 64, signupsPerAddress: 0)
                {
                    unlimited in
                    for name in ["kim", "lee", "park", "choi", "jung", "kang"] {
                        let made = try await unlimited.call(
                            .post, "/api/v1/users", json: ["username": name, "password": "correct horse battery"])
                        #expect(made.status == .created, "\(name): \(made.text)")
                    }
                }
            }
        }

        @Test(
            "behind a trusted proxy each client is counted by the address it forwards for",
            arguments: DiaryWebBackend.enabled)
        func behindProxy(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withDatabase(backend) { databaseURL, directory in
                try await Self.run(
                    databaseURL: databaseURL, directory: directory, perAddress: nil, trustedProxies: "127.0.0.1"
                ) {
                    proxy in
                    func signUp(_ name: String, for client: String) async throws -> HTTPResponse.Status {
                        try await proxy.call(
                            .post, "/api/v1/users", json: ["username": name, "password": "correct horse battery"],
                            headers: [.xForwardedFor: "192.0.2.200, \(client)"]
                        ).status
                    }
                    var statuses: [HTTPResponse.Status] = []
                    for name in ["ada", "bea", "cyd", "dee", "eve", "fay"] {
                        statuses.append(try await signUp(name, for: "203.0.113.9"))
                    }
                    #expect(statuses == Array(repeating: .created, count: 5) + [.tooManyRequests])
                    // The proxy's other clients, and the address written before the proxy's own entry, are apart.
                    let others = [
                        try await signUp("fay", for: "198.51.100.1"), try await signUp("gus", for: "192.0.2.200"),
                    ]
                    #expect(others == [.created, .created])
                }
            }
        }

        /// The diary app over `databaseURL` on loopback, one address holding at most `perAddress` connections (and
        /// so named as the asker), or by the address served (none on loopback).
        static func run(
            databaseURL: String, directory: URL, perAddress: Int?, trustedProxies: String? = nil,
            signupsPerAddress: Int = 5,
            _ body: @Sendable (any TestClientProtocol) async throws -> Void
        ) async throws {
            let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
            var configuration = DiaryWebTestSupport.configuration(databaseURL: databaseURL, directory: directory)
            configuration.connectionsPerAddress = perAddress
            configuration.trustedProxies = try trustedProxies.map { try #require(TrustedProxies(list: $0)) } ?? .none
            configuration.signupsPerAddress = signupsPerAddress
            let app = try await buildApplication(
                configuration, logger: DiaryWebTestSupport.quietLogger,
                transport: SimulatorTransport(simulator: KOBISSimulator(now: now)), now: now)
            try await app.test(.live) { client in try await body(client) }
        }
    }
}
