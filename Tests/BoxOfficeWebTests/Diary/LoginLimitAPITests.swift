import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBIS
import KOBISSimulator
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

extension DiaryAPITests {
    /// The log-in limit under concurrency (finding W4 of the 2026-11-28 review): every password check takes its slot
    /// before bcrypt runs, so no number of simultaneous guesses, on any number of instances, gets more than five.
    @Suite("Log-in limit under concurrency")
    struct LoginLimitAPITests {
        @Test(
            "30 simultaneous wrong guesses and the right one, on two instances: at most 5 checked, the rest 429",
            arguments: DiaryWebBackend.enabled)
        func simultaneousGuesses(backend: DiaryWebBackend) async throws {
            let hasher = RendezvousHasher(base: BcryptPasswordHasher(cost: 4))
            try await DiaryWebTestSupport.withDatabase(backend) { databaseURL, directory in
                try await Self.run(databaseURL: databaseURL, directory: directory, hasher: hasher) { first, firstPort in
                    try await Self.run(databaseURL: databaseURL, directory: directory, hasher: hasher) {
                        second, secondPort in
                        let signUp = try await first.call(
                            .post, "/api/v1/users", json: ["username": "racer", "password": "correct horse battery"])
                        #expect(signUp.status == .created)
                        let answers = Locked([(status: HTTPResponse.Status, retryAfter: Int?, message: String?)]())
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            for index in 0..<31 {
                                // A connection each: requests on one connection would be answered one by one.
                                let port = index % 2 == 0 ? firstPort : secondPort
                                let password = index == 30 ? "correct horse battery" : "guess \(index) xxxxxxxx"
                                let language = index % 3 == 0 ? "ko" : "en"
                                group.addTask {
                                    let body = try JSONSerialization.data(
                                        withJSONObject: ["username": "RACER", "password": password])
                                    let response = try await TestClient.withClient(host: "localhost", port: port) {
                                        try await $0.post(
                                            "/api/v1/tokens",
                                            headers: [.acceptLanguage: language, .contentType: "application/json"],
                                            body: ByteBuffer(bytes: body))
                                    }
                                    let json = response.body.flatMap {
                                        try? JSONSerialization.jsonObject(with: Data(buffer: $0)) as? [String: Any]
                                    }
                                    let answer = (
                                        response.status, response.headers[.retryAfter].flatMap { Int($0) },
                                        (json?["error"] as? [String: Any])?["message"] as? String
                                    )
                                    answers.withLock { $0.append(answer) }
                                }
                            }
                            // The rendezvous: every check that started is held until all 31 requests were either
                            // checking or answered, so none of them could learn from another's finished check.
                            try await Wait.until("all 31 log-ins to be checking or answered") {
                                hasher.started + answers.withLock { $0.count } == 31
                            }
                            hasher.open()
                            try await group.waitForAll()
                        }
                        let all = answers.withLock { $0 }
                        #expect(all.count == 31)
                        #expect(hasher.started <= 5, "passwords checked: \(hasher.started)")
                        let refused = all.filter { $0.status == .tooManyRequests }
                        let checked = all.filter { $0.status != .tooManyRequests }
                        #expect(checked.count == hasher.started)
                        #expect(refused.count >= 26)
                        #expect(checked.allSatisfy { $0.status == .unauthorized || $0.status == .created })
                        for answer in refused {
                            #expect((1...900).contains(answer.retryAfter ?? 0), "Retry-After: \(answer)")
                            let message = answer.message ?? ""
                            #expect(
                                message.hasPrefix("Too many wrong passwords for this username.")
                                    || message.hasPrefix("이 아이디의 비밀번호가 너무 여러 번 틀렸습니다."), "\(message)")
                        }
                        #expect(refused.contains { $0.message?.hasPrefix("이 아이디의") == true })
                        // The window is full for the page too, wherever the log-in lands: 429 on the form. Unless
                        // the right password was among the five checked: a log-in that succeeds gives its slot back,
                        // so the window holds four failures and the page's log-in is checked, and passes.
                        let failures = checked.filter { $0.status == .unauthorized }.count
                        let page = PageBrowser(second)
                        let form = try await page.submit(
                            on: "/login", [("username", "racer"), ("password", "correct horse battery")])
                        if failures >= 5 {
                            #expect(form.status == .tooManyRequests)
                            #expect(form.headers[.retryAfter] != nil)
                            #expect(hasher.started == 5)
                        } else {
                            #expect(checked.contains { $0.status == .created }, "\(checked)")
                            #expect(form.status == .seeOther)
                            #expect(hasher.started == 6)
                        }
                    }
                }
            }
        }

        @Test(
            "unknown usernames are limited the same way and still cost a check", arguments: DiaryWebBackend.enabled)
        func unknownUsername(backend: DiaryWebBackend) async throws {
            let hasher = RendezvousHasher(base: BcryptPasswordHasher(cost: 4))
            hasher.open()
            try await DiaryWebTestSupport.withDatabase(backend) { databaseURL, directory in
                try await Self.run(databaseURL: databaseURL, directory: directory, hasher: hasher) { client, _ in
                    var statuses: [HTTPResponse.Status] = []
                    for _ in 0..<7 {
                        let response = try await client.call(
                            .post, "/api/v1/tokens", json: ["username": "nobody", "password": "guess guess"])
                        statuses.append(response.status)
                    }
                    #expect(
                        statuses == Array(repeating: .unauthorized, count: 5) + [.tooManyRequests, .tooManyRequests])
                    #expect(hasher.started == 5)
                }
            }
        }

        /// The diary app with `hasher` over `databaseURL`, served on loopback.
        static func run(
            databaseURL: String, directory: URL, hasher: any PasswordHasher,
            _ body: @Sendable (any TestClientProtocol, _ port: Int) async throws -> Void
        ) async throws {
            let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
            let services = try await AppServices.start(
                configuration: DiaryWebTestSupport.configuration(databaseURL: databaseURL, directory: directory),
                logger: DiaryWebTestSupport.quietLogger,
                transport: SimulatorTransport(simulator: KOBISSimulator(now: now)),
                now: now, passwordHasher: hasher)
            let port = Locked(0)
            let app = try await buildApplication(services: services) { bound in port.withLock { $0 = bound } }
            try await app.test(.live) { client in try await body(client, port.withLock { $0 }) }
        }
    }
}

/// A real (low-cost) bcrypt hasher that counts the passwords it checks and holds every check until ``open()``.
final class RendezvousHasher: PasswordHasher, Sendable {
    private let base: any PasswordHasher
    private let state = Locked((started: 0, open: false, waiting: [CheckedContinuation<Void, Never>]()))

    init(base: any PasswordHasher) { self.base = base }

    /// Checks begun (held or done).
    var started: Int { state.withLock { $0.started } }

    /// Lets every held check, and every later one, go on.
    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    func hash(_ password: String) async throws -> String { try await base.hash(password) }

    func verify(_ password: String, against hash: String?) async throws -> Bool {
        await withCheckedContinuation { continuation in
            let go = state.withLock { state in
                state.started += 1
                if !state.open { state.waiting.append(continuation) }
                return state.open
            }
            if go { continuation.resume() }
        }
        return try await base.verify(password, against: hash)
    }
}
